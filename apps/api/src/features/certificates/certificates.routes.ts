import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateItem,
  certificateListResponse,
  completedCourseResponse,
  completedModuleResponse,
  completionParams,
} from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createCertificatesService } from './certificates.service.ts';

const secured = { tags: ['certificates'], security: [{ bearer: [] }] };
const open = { tags: ['completions'] };

/** The learner's certificates (with their PDF), and the public completion records (R13). */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const certificates = createCertificatesService({ db: app.db, appUrl: app.config.appUrl });

  app.get(
    '/api/users/certificates/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: certificateListResponse } } },
    async (request) => certificates.list(currentUser(request).userId),
  );

  app.get(
    '/api/users/certificates/:id/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: completionParams, response: { 200: certificateItem } },
    },
    async (request) => certificates.get(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/users/certificates/:id/pdf/',
    { preHandler: app.authenticate, schema: { ...secured, params: completionParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { filename, bytes } = await certificates.pdf(currentUser(request).userId, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/api/courses/completed_module/:id/',
    { schema: { ...open, params: completionParams, response: { 200: completedModuleResponse } } },
    async (request) => certificates.completedModule(request.params.id),
  );

  app.get(
    '/api/courses/completed_course/:id/',
    { schema: { ...open, params: completionParams, response: { 200: completedCourseResponse } } },
    async (request) => certificates.completedCourse(request.params.id),
  );
};
