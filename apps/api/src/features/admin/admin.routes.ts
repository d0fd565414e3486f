import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMe } from '@bastion/contract';
import { learnersAdminRoutes } from '../learners/learners.admin.routes.ts';
import { auditRoutes } from '../audit/audit.routes.ts';
import { contentAdminRoutes } from '../content/content.admin.routes.ts';
import { contentItemsAdminRoutes } from '../content/content-items.admin.routes.ts';
import { couponsAdminRoutes } from '../coupons/coupons.admin.routes.ts';
import { inboxAdminRoutes } from '../engagement/inbox.admin.routes.ts';
import { broadcastsAdminRoutes } from '../notifications/broadcasts.admin.routes.ts';
import { overviewRoutes } from './overview.routes.ts';
import { integrityAdminRoutes } from '../integrity/integrity.admin.routes.ts';
import { submissionsAdminRoutes } from '../submissions/submissions.admin.routes.ts';
import { scoreboardAdminRoutes } from '../leaderboard/scoreboard.admin.routes.ts';
import { labHealthAdminRoutes } from '../lab-health/lab-health.admin.routes.ts';
import { staffGuard } from '../../plugins/staff-guard.ts';

/**
 * The operator console's API, every route under /api/admin/. The guards sit on this scope, before the
 * body is read or validated: no token → 401, a learner → 403, staff without two-factor sign-in → 403, staff
 * whose session did not pass the second factor → 403.
 * A domain's console routes are registered here, so none can be left unguarded.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', staffGuard(app.db));

  app.get(
    '/api/admin/me/',
    { schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: adminMe } } },
    async (request) => ({
      id: request.staff!.userId,
      username: request.staff!.username,
      is_owner: request.staff!.isOwner,
    }),
  );

  await app.register(auditRoutes);
  await app.register(learnersAdminRoutes);
  await app.register(couponsAdminRoutes);
  await app.register(broadcastsAdminRoutes);
  await app.register(inboxAdminRoutes);
  await app.register(overviewRoutes);
  await app.register(contentAdminRoutes);
  await app.register(contentItemsAdminRoutes);
  await app.register(integrityAdminRoutes);
  await app.register(submissionsAdminRoutes);
  await app.register(scoreboardAdminRoutes);
  await app.register(labHealthAdminRoutes);
};
