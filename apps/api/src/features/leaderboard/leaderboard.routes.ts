import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaderboardQuery, leaderboardResponse } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';

const secured = { tags: ['leaderboard'], security: [{ bearer: [] }] };

/** The points leaderboard: all time, this month or this week (UTC), with the caller's own standing. */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/leaderboard/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: leaderboardQuery, response: { 200: leaderboardResponse } },
    },
    async (request) => app.leaderboard.board(currentUser(request).userId, request.query, request.url),
  );
};
