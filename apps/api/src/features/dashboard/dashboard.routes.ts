import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSummary, userStatistics } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createDashboardService } from './dashboard.service.ts';

const secured = { tags: ['dashboard'], security: [{ bearer: [] }] };

/** The signed-in learner's dashboard summary and statistics. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardService({ db: app.db, clock: app.clock });

  app.get(
    '/api/dashboard/summary/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: dashboardSummary } } },
    async (request) => dashboard.summary(currentUser(request).userId),
  );

  app.get(
    '/api/userstatistics/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: userStatistics } } },
    async (request) => dashboard.statistics(currentUser(request).userId),
  );
};
