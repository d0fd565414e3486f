import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submissionFilterQuery, submissionsPage, submissionsQuery } from '@bastion/contract';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { exportSubmissions } from './submissions-export.ts';
import { listSubmissions } from './submissions.service.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/** The submissions log: every judged answer to a quiz or a challenge step, read-only. */
export const submissionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/submissions/',
    { schema: { ...schema, querystring: submissionsQuery, response: { 200: submissionsPage } } },
    (request) => listSubmissions(app.db, request.query, request.url),
  );

  app.get(
    '/api/admin/submissions/export/',
    {
      schema: {
        ...schema,
        description: 'Every answer the filters match, newest first, as CSV (text/csv). Audited as submissions.export.',
        querystring: submissionFilterQuery,
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const lines = await exportSubmissions(app.db, consoleActor(request), request.query, now);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="submissions-${now.toISOString().slice(0, 10)}.csv"`)
        .send(Readable.from(lines));
    },
  );
};
