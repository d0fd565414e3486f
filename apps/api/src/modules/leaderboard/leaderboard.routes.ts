import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaderboardQuery, leaderboardResponse } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createLeaderboardService, LEADERBOARD_CACHE_MS } from './leaderboard.service.ts';

const secured = { tags: ['leaderboard'], security: [{ bearer: [] }] };

/** How often each instance folds the leaderboard's count deltas and prunes ended periods. */
export const LEADERBOARD_MAINTENANCE_MS = 5_000;

/** The points leaderboard: all time, this month or this week (UTC), with the caller's own standing. */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Tests read the board right after each award; the cache itself is tested on the service.
  const cacheMs = app.config.env === 'test' ? 0 : LEADERBOARD_CACHE_MS;
  const leaderboard = createLeaderboardService({ db: app.db, clock: app.clock, cacheMs });

  app.get(
    '/api/leaderboard/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: leaderboardQuery, response: { 200: leaderboardResponse } },
    },
    async (request) => leaderboard.board(currentUser(request).userId, request.query, request.url),
  );

  // One upkeep pass at a time per instance; instances are kept apart by the database (advisory lock).
  let running: Promise<unknown> | null = null;
  const maintain = () =>
    (running ??= leaderboard.maintain().finally(() => {
      running = null;
    }));

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      maintain().catch((error: unknown) => app.log.error({ err: error }, 'leaderboard upkeep failed'));
    }, LEADERBOARD_MAINTENANCE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
};
