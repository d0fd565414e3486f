import type { RouteObject } from 'react-router';

/** R2 /dashboard, in the authenticated layout. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('./pages/DashboardPage.tsx')).DashboardPage }),
  },
];
