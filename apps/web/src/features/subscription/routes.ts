import type { RouteObject } from 'react-router';

/** R2 /subscription, in the authenticated layout (paths are relative to it). */
export const subscriptionRoutes: RouteObject[] = [
  {
    path: 'subscription',
    lazy: async () => ({ Component: (await import('./pages/SubscriptionPage.tsx')).SubscriptionPage }),
  },
];
