import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, notReadyResponse, publicConfigResponse, readyResponse } from '@bastion/contract';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors.ts';
import { checkDatabase } from './database-readiness.ts';
import { publicConfig } from './public-config.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health/', { schema: { tags: ['system'], response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  // Readiness (can this instance serve?) asks the database; liveness (/api/health/) never does.
  app.get(
    '/api/ready/',
    {
      schema: { tags: ['system'], response: { 200: readyResponse, 503: notReadyResponse } },
    },
    async (request, reply) => {
      const database = await checkDatabase(app.database, request.log);
      if (database === 'ok') return { status: 'ready' as const };
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, database });
    },
  );

  app.get('/api/config/', { schema: { tags: ['system'], response: { 200: publicConfigResponse } } }, async () =>
    publicConfig(app.config),
  );
};
