import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicPlans } from '../features/billing/plans.ts';
import { publicConfig } from '../features/system/public-config.ts';
import { robotsTxt, sitemapXml } from './crawlers.ts';
import { publicPages, RENDERER_DIR, type RenderedPage } from './public-pages.ts';
import { headersByTransport, helmetOptions, transportOf } from './security-headers.ts';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

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
 * style or image (a build's missing chunk must fail as a 404, not run HTML as JavaScript). HEAD is answered as
 * GET is, without the body (an uptime check's `HEAD /`).
 */
function isClientRoute(method: string, path: string, accept: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || /^\/(api|media|assets)(\/|$)/.test(path)) return false;
  return !FILE_NAME.test(path) || (accept ?? '').includes('text/html');
}

/** A rendered public page, in the best encoding the browser accepts; 304 when it has this one already. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, csp: string | undefined) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
  if (csp) reply.header('content-security-policy', csp);
  reply.type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(page[encoding]);
  return reply.send(page.identity);
}

/**
 * Serves the built web app. Client routes (see isClientRoute) get their public page when the build renders one
 * (rendered here with the server's own settings, see public-pages.ts), else index.html; everything else unknown
 * is the API's JSON 404. Also robots.txt, and a sitemap of the public pages.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist ? path.resolve(app.config.webDist) : defaultWebDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const pages = hasWeb
    ? publicPages(
        root,
        () => ({ config: publicConfig(app.config), plans: publicPlans(Boolean(app.config.stripe)) }),
        app.log,
      )
    : null;
  // The pages' CSP: the site-wide one (security-headers.ts, per transport) with their inline scripts allowed by hash.
  const hashes = hasWeb ? inlineScriptHashes(readFileSync(path.join(root, 'index.html'), 'utf8')) : [];
  const pageHeaders = headersByTransport((transport) => helmetOptions(app.config.captcha.provider, hashes, transport));
  const pageCsp = (request: FastifyRequest) =>
    hasWeb ? pageHeaders[transportOf(request)]['content-security-policy'] : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The page renderer is the server's, not the browser's; robots.txt is built below.
      globIgnore: [`${RENDERER_DIR}/**`, 'robots.txt'],
      // Decision 0013: static files are sent pre-compressed (Brotli or gzip from the build); API responses never are.
      // The build writes .br and .gz beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        const csp = /\.html(\.br|\.gz)?$/.test(filePath) ? pageCsp(reply.request) : undefined;
        if (csp) reply.header('content-security-policy', csp);
      },
    });
  }
  // Rendered as the server starts listening, not on the first visit (never in tests that only inject requests).
  if (pages) {
    app.addHook('onListen', async () => {
      void pages();
    });
  }
  const textRoute = { schema: { hide: true } };
  app.get('/robots.txt', textRoute, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(pages ? `${app.config.appUrl}/sitemap.xml` : null)),
  );
  if (pages) {
    app.get('/sitemap.xml', textRoute, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(app.config.appUrl, [...(await pages()).keys()].sort())),
    );
  }
  // Decision 0027: index.html answers client routes only (not /api, /media, /assets, nor a file unless HTML is asked).
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasWeb && isClientRoute(request.method, path, request.headers.accept)) {
      const page = (await pages?.())?.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
      if (page) return sendPage(request, reply, page, pageCsp(request));
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
});
