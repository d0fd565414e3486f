import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

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
 * Serves the built web app. Client routes (see isClientRoute) get index.html; everything else unknown
 * is the API's JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist ? path.resolve(app.config.webDist) : defaultWebDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasWeb && isClientRoute(request.method, path, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
});
