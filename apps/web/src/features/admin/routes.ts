import type { RouteObject } from 'react-router';

// Decision 0136: the console is its own chunk; a learner's pages never load its code (an e2e spec checks).
/**
 * The operator console under /admin, signed in (the server admits staff with two-factor sign-in only).
 * Everything is imported lazily: none of the console's code is in the bundle a learner loads.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('./components/admin-layout.tsx')).AdminLayout }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/AdminHomePage.tsx')).AdminHomePage }),
      },
      {
        path: 'overview',
        lazy: async () => ({ Component: (await import('./pages/AdminOverviewPage.tsx')).AdminOverviewPage }),
      },
      {
        path: 'learners',
        lazy: async () => ({ Component: (await import('./pages/AdminLearnersPage.tsx')).AdminLearnersPage }),
      },
      {
        path: 'learners/:id',
        lazy: async () => ({ Component: (await import('./pages/AdminLearnerPage.tsx')).AdminLearnerPage }),
      },
      {
        path: 'codes',
        lazy: async () => ({ Component: (await import('./pages/AdminCodesPage.tsx')).AdminCodesPage }),
      },
      {
        path: 'notifications',
        lazy: async () => ({ Component: (await import('./pages/AdminNotificationsPage.tsx')).AdminNotificationsPage }),
      },
      {
        path: 'inbox',
        lazy: async () => ({ Component: (await import('./pages/AdminInboxPage.tsx')).AdminInboxPage }),
      },
      {
        path: 'content',
        lazy: async () => ({ Component: (await import('./pages/AdminContentPage.tsx')).AdminContentPage }),
      },
      {
        path: 'items',
        lazy: async () => ({ Component: (await import('./pages/AdminItemsPage.tsx')).AdminItemsPage }),
      },
      {
        path: 'integrity',
        lazy: async () => ({ Component: (await import('./pages/AdminIntegrityPage.tsx')).AdminIntegrityPage }),
      },
      {
        path: 'submissions',
        lazy: async () => ({ Component: (await import('./pages/AdminSubmissionsPage.tsx')).AdminSubmissionsPage }),
      },
      {
        path: 'labs',
        lazy: async () => ({ Component: (await import('./pages/AdminLabsPage.tsx')).AdminLabsPage }),
      },
      {
        path: 'scoreboard',
        lazy: async () => ({ Component: (await import('./pages/AdminScoreboardPage.tsx')).AdminScoreboardPage }),
      },
      {
        path: 'audit',
        lazy: async () => ({ Component: (await import('./pages/AdminAuditPage.tsx')).AdminAuditPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./pages/AdminNotFoundPage.tsx')).AdminNotFoundPage }),
      },
    ],
  },
];
