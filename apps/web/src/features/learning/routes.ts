import type { RouteObject } from 'react-router';

/** R2 courses, modules and the lesson player, in the authenticated layout. */
export const learningRoutes: RouteObject[] = [
  {
    path: 'courses',
    lazy: async () => ({ Component: (await import('./pages/CoursesPage.tsx')).CoursesPage }),
  },
  {
    path: 'courses/course/:courseId/modules',
    lazy: async () => ({ Component: (await import('./pages/CourseModulesPage.tsx')).CourseModulesPage }),
  },
  {
    path: 'courses/module/:moduleId/lessons',
    lazy: async () => ({ Component: (await import('./pages/ModuleLessonsPage.tsx')).ModuleLessonsPage }),
  },
  {
    path: 'modules',
    lazy: async () => ({ Component: (await import('./pages/ModulesPage.tsx')).ModulesPage }),
  },
];
