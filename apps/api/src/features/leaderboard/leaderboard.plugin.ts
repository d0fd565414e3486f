import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLeaderboardService, type LeaderboardService } from './leaderboard.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    leaderboard: LeaderboardService;
  }
}

/** How often each instance folds the leaderboard's count deltas and prunes ended periods. */
export const LEADERBOARD_MAINTENANCE_MS = 5_000;

export interface LeaderboardPluginOptions {
  /** How long a page and a learner's standing are kept in memory; 0 reads the database every time. */
  cacheMs: number;
  /** How often the upkeep runs; 0 turns the timer off (tests run it by hand). */
  upkeepMs: number;
}

/** Decorates `app.leaderboard` and runs its upkeep in every instance (the database keeps them apart). */
export const leaderboardPlugin = fp(async (app: FastifyInstance, options: LeaderboardPluginOptions) => {
  const leaderboard = createLeaderboardService({ db: app.db, clock: app.clock, cacheMs: options.cacheMs });
  app.decorate('leaderboard', leaderboard);

  // One upkeep pass at a time per instance; instances are kept apart by the database (advisory lock).
  let running: Promise<unknown> | null = null;
  const maintain = () =>
    (running ??= leaderboard.maintain().finally(() => {
      running = null;
    }));

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (options.upkeepMs <= 0) return;
    timer = setInterval(() => {
      maintain().catch((error: unknown) => app.log.error({ err: error }, 'leaderboard upkeep failed'));
    }, options.upkeepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
});
