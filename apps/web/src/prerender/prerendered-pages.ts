/**
 * The public pages the server renders with its own settings (R2 public layout): what a signed-out visitor sees
 * in the dark theme (apps/api/src/plugins/web.ts answers their paths with them; src/main.tsx hydrates them).
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
