import type { RouteObject } from 'react-router';

/** R2 no-layout group: the public, shareable module and course completions (no sign-in needed). */
export const completionRoutes: RouteObject[] = [
  {
    path: 'completion/module/:completionId',
    lazy: async () => ({ Component: (await import('./pages/ModuleCompletionPage.tsx')).ModuleCompletionPage }),
  },
  {
    path: 'completion/course/:completionId',
    lazy: async () => ({ Component: (await import('./pages/CourseCompletionPage.tsx')).CourseCompletionPage }),
  },
];
