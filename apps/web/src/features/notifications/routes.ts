import type { RouteObject } from 'react-router';

/** R2 /notifications, in the authenticated layout. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: async () => ({ Component: (await import('./pages/NotificationsPage.tsx')).NotificationsPage }),
  },
];
