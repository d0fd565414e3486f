import type { RouteObject } from 'react-router';

/** R2 /leaderboard, in the authenticated layout (paths are relative to it). */
export const leaderboardRoutes: RouteObject[] = [
  {
    path: 'leaderboard',
    lazy: async () => ({ Component: (await import('./pages/LeaderboardPage.tsx')).LeaderboardPage }),
  },
];
