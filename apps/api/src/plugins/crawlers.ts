// Decision 0102: the server builds robots.txt and the sitemap (the public pages at APP_URL).
/**
 * What robots.txt asks of crawlers: the public pages are open; the API, uploaded media, every signed-in section
 * of the web app (apps/web/src/app/routes.tsx) and the learners' own pages (public profiles, completion pages
 * and mailed account links, which carry names or tokens) are not for search engines.
 */
export const DISALLOWED_PATHS = [
  '/api/',
  '/media/',
  '/dashboard',
  '/courses',
  '/modules',
  '/leaderboard',
  '/notifications',
  '/edit-profile',
  '/change-password',
  '/challenges',
  '/subscription',
  '/profile',
  '/completion/',
  '/verify-email/',
  '/unlock/',
  '/reset-password/',
] as const;

/** robots.txt; `sitemapUrl` when the server has a sitemap to point to. */
export function robotsTxt(sitemapUrl: string | null): string {
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`)];
  if (sitemapUrl) lines.push('', `Sitemap: ${sitemapUrl}`);
  return `${lines.join('\n')}\n`;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A sitemap of the given pages (paths) at `appUrl`, the address learners use. */
export function sitemapXml(appUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${appUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
