import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '@bastion/contract';
import { listAuditLog } from './audit.service.ts';

/** The audit log, read-only: no route changes or removes a row (the table refuses it too). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit/',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: auditQuery,
        response: { 200: auditPage },
      },
    },
    (request) => listAuditLog(app.db, request.query, request.url),
  );
};
