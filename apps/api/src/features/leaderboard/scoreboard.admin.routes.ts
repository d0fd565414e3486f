import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  learnerSolves,
  learnerSolvesQuery,
  pointsAdjustmentBody,
  pointsAdjustmentResult,
  scoreboardStateBody,
  scoreboardStatus,
  solveRemovalBody,
  solveRemovalResult,
} from '@bastion/contract';
import { existingUser } from '../accounts/users.service.ts';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { solvesOf } from './score-corrections.ts';
import { scoreboardActions } from './scoreboard.operator.ts';
import { readStatus } from './scoreboard-state.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/** The console's scoreboard: freeze, hide or show the leaderboard; award or deduct points; remove solves. */
export const scoreboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/scoreboard/', { schema: { ...schema, response: { 200: scoreboardStatus } } }, () =>
    readStatus(app.db, app.clock.now()),
  );

  app.put(
    '/api/admin/scoreboard/',
    { schema: { ...schema, body: scoreboardStateBody, response: { 200: scoreboardStatus } } },
    async (request) => {
      const status = await scoreboardActions.setState(app.db, consoleActor(request), request.body, app.clock.now());
      // This instance answers with the new state at once; the others within their cache's second.
      app.leaderboard.statusChanged();
      return status;
    },
  );

  app.post(
    '/api/admin/scoreboard/adjustments/',
    { schema: { ...schema, body: pointsAdjustmentBody, response: { 200: pointsAdjustmentResult } } },
    (request) => scoreboardActions.adjustPoints(app.db, consoleActor(request), request.body, app.clock.now()),
  );

  app.get(
    '/api/admin/scoreboard/solves/',
    { schema: { ...schema, querystring: learnerSolvesQuery, response: { 200: learnerSolves } } },
    async (request) => {
      const user = await existingUser(app.db, request.query.username);
      return { username: user.username, points: user.points, results: await solvesOf(app.db, user.id) };
    },
  );

  app.post(
    '/api/admin/scoreboard/removals/',
    { schema: { ...schema, body: solveRemovalBody, response: { 200: solveRemovalResult } } },
    (request) => scoreboardActions.removeSolves(app.db, consoleActor(request), request.body, app.clock.now()),
  );
};
