import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaFileParams } from '@bastion/contract';
import { NotFound } from '../../lib/errors.ts';
import { findMedia } from './media.repository.ts';

const AVATAR_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/i;

/** Uploaded images, served from the database so every instance can answer. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/avatars/:file',
    { schema: { tags: ['media'], params: mediaFileParams, produces: ['image/webp'] } },
    async (request, reply) => {
      const id = AVATAR_FILE.exec(request.params.file)?.[1];
      const row = id ? await findMedia(app.db, id.toLowerCase(), 'avatar') : undefined;
      if (!row) throw new NotFound();
      return (
        reply
          .header('content-type', row.contentType)
          .header('x-content-type-options', 'nosniff')
          // A new photo gets a new id, so a path never changes content.
          .header('cache-control', 'public, max-age=31536000, immutable')
          // Avatars are shown by a web app that may live on another origin.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'")
          .send(row.data)
      );
    },
  );
};
