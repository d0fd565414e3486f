import type { RouteObject } from 'react-router';

/** R2 challenge pages of the authenticated layout (lazy: each loads its code on first visit). */
export const challengeRoutes: RouteObject[] = [
  {
    path: 'challenges',
    lazy: async () => ({ Component: (await import('./pages/ChallengesPage.tsx')).ChallengesPage }),
  },
  {
    path: 'challenges/:challengeId',
    lazy: async () => ({ Component: (await import('./pages/ChallengePage.tsx')).ChallengePage }),
  },
  {
    path: 'challenges/:challengeId/progress',
    lazy: async () => ({ Component: (await import('./pages/ChallengeProgressPage.tsx')).ChallengeProgressPage }),
  },
];

/** R2 no-layout group: the public, shareable challenge completion (no sign-in needed). */
export const challengeCompletionRoutes: RouteObject[] = [
  {
    path: 'completion/challenge/:completionId',
    lazy: async () => ({
      Component: (await import('./pages/ChallengeCompletionPage.tsx')).ChallengeCompletionPage,
    }),
  },
];
