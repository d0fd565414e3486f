// Decision 0078: content media are stored by hash; images are served immutable, attachments as downloads.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentParams } from '@bastion/contract';
import { NotFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { currentUser } from '../../plugins/auth.ts';
import { attachmentPath } from '../content/import-media.ts';
import { contentMedia } from '../media/content-media-headers.ts';
import { findMedia } from '../media/media.repository.ts';
import { createChallengeAttachmentsService } from './challenge-attachments.service.ts';

const DOWNLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

/**
 * Challenge attachments imported from the content folder, served from the database (under /media/, beside
 * the content images): an attachment is for the learners who may open a challenge that lists it.
 */
export const challengeAttachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const attachments = createChallengeAttachmentsService({ db: app.db, clock: app.clock });

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
      if (!isUuid(id) || !DOWNLOAD_NAME.test(name)) throw new NotFound();
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
