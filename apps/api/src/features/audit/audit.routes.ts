import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterQuery, auditPage, auditQuery } from '@bastion/contract';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { exportAuditLog } from './audit-export.ts';
import { listAuditLog } from './audit.service.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/** The audit log, read-only: no route changes or removes a row (the table refuses it too). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit/',
    { schema: { ...schema, querystring: auditQuery, response: { 200: auditPage } } },
    (request) => listAuditLog(app.db, request.query, request.url),
  );

  app.get(
    '/api/admin/audit/export/',
    {
      schema: {
        ...schema,
        description: 'Every entry the filters match, newest first, as CSV (text/csv). Audited as audit.export.',
        querystring: auditFilterQuery,
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const lines = await exportAuditLog(app.db, consoleActor(request), request.query, now);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${now.toISOString().slice(0, 10)}.csv"`)
        .send(Readable.from(lines));
    },
  );
};
