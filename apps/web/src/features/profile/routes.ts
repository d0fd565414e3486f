import type { RouteObject } from 'react-router';

/** R2 /profile, inside the authenticated layout; the page loads on first visit. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('./pages/ProfilePage.tsx')).ProfilePage }),
  },
];
