import type { ReactElement } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { SessionNavigation } from '../../../src/lib/session';
import { renderRoutes, signIn } from '../../render-app.tsx';

/** '/challenges/:id' and '/challenges/:challengeId' are the same address. */
const shape = (path: string) => path.replace(/:[^/]+/g, ':');

const placeholder = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });

/** Renders a challenge page at `entry` (signed in as ada unless told) with the app's providers and placeholders. */
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
        placeholder('/dashboard', 'Dashboard screen'),
        placeholder('/register', 'Register screen'),
        placeholder('/subscription', 'Subscription screen'),
        placeholder('/completion/challenge/:id', 'Completion screen'),
        placeholder('/challenges', 'Challenges screen'),
        placeholder('/challenges/:id', 'Challenge screen'),
        placeholder('/challenges/:id/progress', 'Progress screen'),
      ].filter((route, index) => index === 0 || shape(route.path ?? '') !== shape(pattern)),
    },
  ]);
}
