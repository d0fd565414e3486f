import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { robotsTxt, sitemapXml } from './crawlers.ts';
import { helmetHeaders, helmetOptions } from './security-headers.ts';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Where the web build puts its prerendered public pages (apps/web/src/prerender/prerendered-pages.ts):
 * `/pricing` as prerendered/pricing.html, `/` as prerendered/index.html.
 */
const PRERENDERED_DIR = 'prerendered';

/** The prerendered pages of the build, by path: `/pricing` → `prerendered/pricing.html`. */
function prerenderedPages(root: string): Map<string, string> {
  const dir = path.join(root, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return new Map(
    files.map((file) => {
      const page = `/${file
        .split(path.sep)
        .join('/')
        .replace(/\.html$/, '')}`;
      return [page === '/index' ? '/' : page, `${PRERENDERED_DIR}/${file}`];
    }),
  );
}

/**
 * The CSP hash of each inline script in the built index.html (the prerendered pages are built from it): the
 * script that runs before the first paint is inline so that no download holds the paint back.
 */
function inlineScriptHashes(indexHtml: string): string[] {
  const scripts = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  return scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
}

/** The last path segment ends in a file extension (`/assets/app.js`, `/favicon.ico`). */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * Whether an unknown path is one of the web app's client routes, answered with index.html. Under /api,
 * /media and /assets nothing is; a path that names a file is one only when a browser navigates to it
 * (it accepts HTML: `/profile/ada.js` is a learner's page), never when a page loads it as a script,
 * style or image (a build's missing chunk must fail as a 404, not run HTML as JavaScript).
 */
function isClientRoute(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' || /^\/(api|media|assets)(\/|$)/.test(path)) return false;
  return !FILE_NAME.test(path) || (accept ?? '').includes('text/html');
}

/**
 * Serves the built web app. Client routes (see isClientRoute) get their prerendered page when the build has
 * one, else index.html; everything else unknown is the API's JSON 404. Also robots.txt, and a sitemap of the
 * prerendered pages.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist ? path.resolve(app.config.webDist) : defaultWebDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const prerendered = hasWeb ? prerenderedPages(root) : new Map<string, string>();
  if (hasWeb) {
    // The pages' CSP: the site-wide one (security-headers.ts) with their inline scripts allowed by hash.
    const scriptHashes = inlineScriptHashes(readFileSync(path.join(root, 'index.html'), 'utf8'));
    const pageCsp = helmetHeaders(helmetOptions(app.config.captcha.provider, scriptHashes))['content-security-policy'];
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Prerendered pages are answered at their page's path only; robots.txt is built below.
      globIgnore: [`${PRERENDERED_DIR}/**`, 'robots.txt'],
      // The build writes .br and .gz beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (/\.html(\.br|\.gz)?$/.test(filePath) && pageCsp) reply.header('content-security-policy', pageCsp);
      },
    });
  }
  const sitemapPaths = [...prerendered.keys()].sort();
  const textRoute = { schema: { hide: true } };
  app.get('/robots.txt', textRoute, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(sitemapPaths.length > 0 ? `${app.config.appUrl}/sitemap.xml` : null)),
  );
  if (sitemapPaths.length > 0) {
    app.get('/sitemap.xml', textRoute, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(app.config.appUrl, sitemapPaths)),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasWeb && isClientRoute(request.method, path, request.headers.accept)) {
      const page = prerendered.get(path.length > 1 ? path.replace(/\/+$/, '') : path) ?? 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile(page);
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
});
