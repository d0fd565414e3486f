import { Navigate, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { TwoFactorSetupRedirect } from '../features/account-settings/components/two-factor-setup-redirect.tsx';
import { accountSettingsRoutes } from '../features/account-settings/routes.ts';
import { challengeCompletionRoutes, challengeRoutes } from '../features/challenges/routes.ts';
import { leaderboardRoutes } from '../features/leaderboard/routes.ts';
import { profileRoutes } from '../features/profile/routes.ts';
import { publicProfileRoutes } from '../features/public-profile/routes.ts';
import { subscriptionRoutes } from '../features/subscription/routes.ts';
import { BareLayout } from '../components/layout/bare-layout.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * Top-level paths of the authenticated group (spec §2). Inside each, an address without a page of its own
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
  children: [
    {
      index: true,
      lazy: async () => ({ Component: (await import('../features/marketing/pages/HomePage.tsx')).HomePage }),
    },
    {
      path: 'pricing',
      lazy: async () => ({ Component: (await import('../features/marketing/pages/PricingPage.tsx')).PricingPage }),
    },
    {
      path: 'contact',
      lazy: async () => ({ Component: (await import('../features/marketing/pages/ContactPage.tsx')).ContactPage }),
    },
    {
      path: 'privacy',
      lazy: async () => ({ Component: (await import('../features/marketing/pages/PrivacyPage.tsx')).PrivacyPage }),
    },
    {
      path: 'terms',
      lazy: async () => ({ Component: (await import('../features/marketing/pages/TermsPage.tsx')).TermsPage }),
    },
    {
      path: 'verify-email/:uidb64/:token',
      lazy: async () => ({ Component: (await import('../features/auth/pages/VerifyEmailPage.tsx')).VerifyEmailPage }),
    },
    {
      // The mailed unlock link: like the verification link, open to anyone who holds it, signed in or not.
      path: 'unlock/:uidb64/:token',
      lazy: async () => ({
        Component: (await import('../features/auth/pages/UnlockAccountPage.tsx')).UnlockAccountPage,
      }),
    },
    {
      Component: GuestOnly,
      children: [
        {
          path: 'login',
          lazy: async () => ({ Component: (await import('../features/auth/pages/LoginPage.tsx')).LoginPage }),
        },
        {
          path: 'register',
          lazy: async () => ({ Component: (await import('../features/auth/pages/RegisterPage.tsx')).RegisterPage }),
        },
        {
          path: 'forgot-password',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/ForgotPasswordPage.tsx')).ForgotPasswordPage,
          }),
        },
        {
          path: 'reset-password/:uidb64/:token',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/ResetPasswordPage.tsx')).ResetPasswordPage,
          }),
        },
      ],
    },
  ],
};

const authenticatedRoutes: RouteObject = {
  Component: RequireAuth,
  children: [
    {
      lazy: async () => ({ Component: (await import('./layouts/authenticated-layout.tsx')).AuthenticatedLayout }),
      children: [
        {
          path: 'dashboard',
          lazy: async () => ({
            Component: (await import('../features/dashboard/pages/DashboardPage.tsx')).DashboardPage,
          }),
        },
        {
          path: 'change-password',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/ChangePasswordPage.tsx')).ChangePasswordPage,
          }),
        },
        {
          path: 'courses',
          lazy: async () => ({ Component: (await import('../features/learning/pages/CoursesPage.tsx')).CoursesPage }),
        },
        {
          path: 'courses/course/:courseId/modules',
          lazy: async () => ({
            Component: (await import('../features/learning/pages/CourseModulesPage.tsx')).CourseModulesPage,
          }),
        },
        {
          path: 'courses/module/:moduleId/lessons',
          lazy: async () => ({
            Component: (await import('../features/learning/pages/ModuleLessonsPage.tsx')).ModuleLessonsPage,
          }),
        },
        {
          path: 'modules',
          lazy: async () => ({ Component: (await import('../features/learning/pages/ModulesPage.tsx')).ModulesPage }),
        },
        {
          path: 'notifications',
          lazy: async () => ({
            Component: (await import('../features/notifications/pages/NotificationsPage.tsx')).NotificationsPage,
          }),
        },
        ...challengeRoutes,
        ...leaderboardRoutes,
        ...subscriptionRoutes,
        ...accountSettingsRoutes,
        ...profileRoutes,
        ...AUTHENTICATED_SECTIONS.map((section): RouteObject => ({ path: `${section}/*`, lazy: notFound })),
      ],
    },
  ],
};

/** A staff account that must turn on two-factor sign-in first is sent from any signed-in page to /edit-profile#security. */
const signedInRoutes: RouteObject = { Component: TwoFactorSetupRedirect, children: [authenticatedRoutes] };

/** Spec §2 no-layout group: completion pages and public profiles (no sign-in needed). */
const noLayoutRoutes: RouteObject = {
  Component: BareLayout,
  children: [
    {
      path: 'completion/module/:completionId',
      lazy: async () => ({
        Component: (await import('../features/completion/pages/ModuleCompletionPage.tsx')).ModuleCompletionPage,
      }),
    },
    {
      path: 'completion/course/:completionId',
      lazy: async () => ({
        Component: (await import('../features/completion/pages/CourseCompletionPage.tsx')).CourseCompletionPage,
      }),
    },
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
