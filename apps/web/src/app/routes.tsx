import { Navigate, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { TwoFactorSetupRedirect } from '../features/account-settings/components/two-factor-setup-redirect.tsx';
import { accountSettingsRoutes } from '../features/account-settings/routes.ts';
import { adminRoutes } from '../features/admin/routes.ts';
import { accountLinkRoutes, changePasswordRoutes, guestRoutes } from '../features/auth/routes.ts';
import { challengeCompletionRoutes, challengeRoutes } from '../features/challenges/routes.ts';
import { completionRoutes } from '../features/completion/routes.ts';
import { dashboardRoutes } from '../features/dashboard/routes.ts';
import { leaderboardRoutes } from '../features/leaderboard/routes.ts';
import { learningRoutes } from '../features/learning/routes.ts';
import { marketingRoutes } from '../features/marketing/routes.ts';
import { notificationsRoutes } from '../features/notifications/routes.ts';
import { profileRoutes } from '../features/profile/routes.ts';
import { publicProfileRoutes } from '../features/public-profile/routes.ts';
import { subscriptionRoutes } from '../features/subscription/routes.ts';
import { BareLayout } from '../components/layout/bare-layout.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * Top-level paths of the authenticated group (R2). Inside each, an address without a page of its own
 * shows the not-found page in the authenticated layout; everything outside every group goes to /.
 * `/profile` itself is authenticated while `/profile/{username}` belongs to the no-layout group.
 */
export const AUTHENTICATED_SECTIONS = [
  'dashboard',
  'courses',
  'modules',
  'leaderboard',
  'notifications',
  'edit-profile',
  'change-password',
  'challenges',
  'subscription',
] as const;

const notFound = async () => ({ Component: (await import('./pages/NotFoundPage.tsx')).NotFoundPage });

const publicRoutes: RouteObject = {
  Component: PublicLayout,
  children: [...marketingRoutes, ...accountLinkRoutes, { Component: GuestOnly, children: guestRoutes }],
};

const authenticatedRoutes: RouteObject = {
  Component: RequireAuth,
  children: [
    {
      lazy: async () => ({ Component: (await import('./layouts/authenticated-layout.tsx')).AuthenticatedLayout }),
      children: [
        ...dashboardRoutes,
        ...changePasswordRoutes,
        ...learningRoutes,
        ...notificationsRoutes,
        ...challengeRoutes,
        ...leaderboardRoutes,
        ...subscriptionRoutes,
        ...accountSettingsRoutes,
        ...profileRoutes,
        ...AUTHENTICATED_SECTIONS.map((section): RouteObject => ({ path: `${section}/*`, lazy: notFound })),
      ],
    },
    // The operator console: signed in, in a layout of its own (the server decides who may use it).
    ...adminRoutes,
  ],
};

/** A staff account that must turn on two-factor sign-in first is sent from any signed-in page to /edit-profile#security. */
const signedInRoutes: RouteObject = { Component: TwoFactorSetupRedirect, children: [authenticatedRoutes] };

/** R2 no-layout group: completion pages and public profiles (no sign-in needed). */
const noLayoutRoutes: RouteObject = {
  Component: BareLayout,
  children: [
    ...completionRoutes,
    ...challengeCompletionRoutes,
    { path: 'completion/*', lazy: notFound },
    ...publicProfileRoutes,
    { path: 'profile/*', lazy: notFound },
  ],
};

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    ErrorBoundary: RouteErrorPage,
    children: [publicRoutes, signedInRoutes, noLayoutRoutes, { path: '*', element: <Navigate to="/" replace /> }],
  },
];
