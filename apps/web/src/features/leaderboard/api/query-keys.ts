import type { LeaderboardParams } from '../lib/leaderboard-params.ts';

/** Every leaderboard query lives under ['leaderboard'], so one invalidation refreshes every period and page. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: ({ period, page }: LeaderboardParams) => ['leaderboard', period, page] as const,
};
