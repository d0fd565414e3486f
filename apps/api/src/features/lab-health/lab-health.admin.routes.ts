import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { labHealthQuery, labHealthResponse } from '@bastion/contract';
import { labHealthFigures } from './lab-health.service.ts';

/** The console's Lab health: start times and failures per lab and per day, read-only. */
export const labHealthAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/labs/',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: labHealthQuery,
        response: { 200: labHealthResponse },
      },
    },
    (request) => labHealthFigures(app.db, app.clock.now(), request.query),
  );
};
