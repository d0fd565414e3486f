/**
 * The public pages the build prerenders (R2 public layout): what a signed-out visitor sees in the dark
 * theme. Each is written to dist/prerendered/<name>.html, `/` as index.html; the server answers the page's
 * path with it (apps/api/src/plugins/web.ts).
 */
export const PRERENDERED_PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/privacy',
  '/terms',
  '/login',
  '/register',
  '/forgot-password',
] as const;

export const PRERENDERED_DIR = 'prerendered';

export function prerenderedFileName(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
}
