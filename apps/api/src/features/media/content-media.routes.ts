// Decision 0078: content media are stored by hash; images are served immutable, attachments as downloads.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaFileParams } from '@bastion/contract';
import { NotFound } from '../../lib/errors.ts';
import { imageContentType, type ImageExtension } from '../content/import-media.ts';
import { contentMedia } from './content-media-headers.ts';
import { findMedia } from './media.repository.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IMAGE_FILE = new RegExp(`^(${UUID})\\.(png|jpg|webp|gif|svg)$`, 'i');

/**
 * Images imported from the content folder, served from the database: they are public (course, module, badge
 * and lesson pictures). A challenge's attachments are served by `challenges/challenge-attachments.routes.ts`.
 */
export const contentMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/media/content/:file', { schema: { tags: ['media'], params: mediaFileParams } }, async (request, reply) => {
    const match = IMAGE_FILE.exec(request.params.file);
    const row = match ? await findMedia(app.db, match[1]!.toLowerCase(), 'content-image') : undefined;
    const ext = match?.[2]!.toLowerCase() as ImageExtension | undefined;
    if (!row || !ext || row.contentType !== imageContentType(ext)) throw new NotFound();
    // The id is a hash of the bytes: a path never changes content, so it may be cached for good.
    return contentMedia(reply, row.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(row.data);
  });
};
