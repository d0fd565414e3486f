import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeBody,
  grantPremiumBody,
  idParams,
  learnerDetail,
  learnerFilterQuery,
  learnerPage,
  learnerSearchQuery,
  staffBody,
  type LearnerDetail,
} from '@bastion/contract';
import { consoleActor, type ConsoleActor } from '../../plugins/staff-guard.ts';
import { createAccountLinks } from '../accounts/account-links.ts';
import { exportLearners } from './learners-export.ts';
import { createLearnersAdminService } from './learners.admin.service.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };
const answer = { response: { 200: learnerDetail } };

/** The console's learners (under the staff guard of admin.routes.ts). */
export const learnersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const learners = createLearnersAdminService({
    db: app.db,
    site: {
      appUrl: app.config.appUrl,
      supportEmail: app.config.supportEmail,
      links: createAccountLinks(app.config.jwtSecret),
    },
    now: () => app.clock.now(),
    learnersChanged: (ids) => app.learnerChanges.changed(ids),
  });

  app.get(
    '/api/admin/learners/',
    { schema: { ...schema, querystring: learnerSearchQuery, response: { 200: learnerPage } } },
    (request) => learners.search(request.query, request.url),
  );
  app.get(
    '/api/admin/learners/export/',
    {
      schema: {
        ...schema,
        description:
          'Every account the search, role and state match, newest first, as CSV (text/csv). Audited as learners.export.',
        querystring: learnerFilterQuery,
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const lines = await exportLearners(app.db, consoleActor(request), request.query, now);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="learners-${now.toISOString().slice(0, 10)}.csv"`)
        .send(Readable.from(lines));
    },
  );
  app.get('/api/admin/learners/:id/', { schema: { ...schema, params: idParams, ...answer } }, (request) =>
    learners.view(consoleActor(request), request.params.id),
  );

  const action = (path: string, run: (actor: ConsoleActor, id: string) => Promise<LearnerDetail>) =>
    app.post(`/api/admin/learners/:id/${path}/`, { schema: { ...schema, params: idParams, ...answer } }, (request) =>
      run(consoleActor(request), request.params.id),
    );
  action('verify', learners.verify);
  action('resend-verification', learners.resendVerification);
  action('password-reset', learners.sendPasswordReset);
  action('2fa-reset', learners.resetTwoFactor);

  app.post(
    '/api/admin/learners/:id/premium/',
    { schema: { ...schema, params: idParams, body: grantPremiumBody, ...answer } },
    (request) => learners.grantPremium(consoleActor(request), request.params.id, request.body.days),
  );
  app.delete('/api/admin/learners/:id/premium/', { schema: { ...schema, params: idParams, ...answer } }, (request) =>
    learners.revokePremium(consoleActor(request), request.params.id),
  );
  app.put(
    '/api/admin/learners/:id/staff/',
    { schema: { ...schema, params: idParams, body: staffBody, ...answer } },
    (request) => learners.setStaff(consoleActor(request), request.params.id, request.body.is_staff),
  );
  app.put(
    '/api/admin/learners/:id/active/',
    { schema: { ...schema, params: idParams, body: activeBody, ...answer } },
    (request) => learners.setActive(consoleActor(request), request.params.id, request.body.is_active),
  );
};
