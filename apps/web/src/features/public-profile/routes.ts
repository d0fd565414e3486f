import type { RouteObject } from 'react-router';

/** R2 /profile/{username}: public, in the no-layout group (paths are relative to it). */
export const publicProfileRoutes: RouteObject[] = [
  {
    path: 'profile/:username',
    lazy: async () => ({ Component: (await import('./pages/PublicProfilePage.tsx')).PublicProfilePage }),
  },
];
