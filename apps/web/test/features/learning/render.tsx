import type { ReactElement } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { SessionNavigation } from '../../../src/lib/session';
import { renderRoutes, signIn } from '../../render-app.tsx';

const placeholder = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });

/** Renders a learning page at `entry` (signed in) with the app's providers, theme and a few placeholder routes. */
export function renderPage(pattern: string, element: ReactElement, entry: string = pattern, { signedIn = true } = {}) {
  if (signedIn) signIn('ada');
  return renderRoutes(entry, [
    {
      element: (
        <>
          <SessionNavigation />
          <Outlet />
        </>
      ),
      children: [
        { path: pattern, element },
        placeholder('/login', 'Login screen'),
        placeholder('/subscription', 'Subscription screen'),
        placeholder('/completion/*', 'Completion screen'),
        placeholder('/courses/course/:id/modules', 'Course modules screen'),
        placeholder('/courses/module/:id/lessons', 'Lessons screen'),
        placeholder('/modules', 'Modules screen'),
        placeholder('/courses', 'Courses screen'),
      ].filter((route, index) => index === 0 || route.path !== pattern),
    },
  ]);
}
