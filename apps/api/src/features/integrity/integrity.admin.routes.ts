import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuery, quickSolversPage, sharedAnswersPage } from '@bastion/contract';
import { createLabSecrets } from './lab-secrets.service.ts';

/**
 * What the console shows of answers that were not earned: another learner's flag sent as one's own, and lab items
 * solved faster than their labs could have been worked.
 */
export const integrityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const labSecrets = createLabSecrets({ db: app.db, clock: app.clock, key: app.config.labSecretKey });
  app.get(
    '/api/admin/shared-answers/',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: { 200: sharedAnswersPage },
      },
    },
    (request) => labSecrets.listShared(request.query, request.url),
  );
  app.get(
    '/api/admin/quick-solves/',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: { 200: quickSolversPage },
      },
    },
    (request) => labSecrets.listQuickSolvers(request.query, request.url),
  );
};
