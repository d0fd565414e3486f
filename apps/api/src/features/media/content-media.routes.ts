// Decision 0078: content media are stored by hash; images are served immutable, attachments as downloads.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentParams, mediaFileParams } from '@bastion/contract';
import { NotFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createChallengeAttachmentsService } from '../challenges/challenge-attachments.service.ts';
import { attachmentPath, imageContentType, type ImageExtension } from '../content/import-media.ts';
import { findMedia } from './media.repository.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IMAGE_FILE = new RegExp(`^(${UUID})\\.(png|jpg|webp|gif|svg)$`, 'i');
const ATTACHMENT_ID = new RegExp(`^${UUID}$`, 'i');
const DOWNLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

/** Headers of every content media response: its type, never sniffed, and nothing run if opened on its own. */
function contentMedia(reply: FastifyReply, contentType: string): FastifyReply {
  return (
    reply
      .header('content-type', contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      // An SVG opened on its own runs no script and loads nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  );
}

/**
 * Images and challenge attachments imported from the content folder, served from the database. Images
 * are public (course, module, badge and lesson pictures); an attachment is for the learners who may open
 * a challenge that lists it.
 */
export const contentMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const attachments = createChallengeAttachmentsService({ db: app.db, clock: app.clock });

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

  app.get(
    '/media/attachments/:id/:name',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['media'],
        security: [{ bearer: [] }],
        params: attachmentParams,
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      if (!ATTACHMENT_ID.test(id) || !DOWNLOAD_NAME.test(name)) throw new NotFound();
      await attachments.requireAccess(currentUser(request).userId, attachmentPath(id.toLowerCase(), name));
      const row = await findMedia(app.db, id.toLowerCase(), 'attachment');
      if (!row) throw new NotFound();
      return (
        contentMedia(reply, row.contentType)
          // Answered per learner: no shared cache may keep it.
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(row.data)
      );
    },
  );
};
