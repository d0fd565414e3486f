import type { ReactElement } from 'react';
import { placeholder, renderSignedIn } from '@test/render-app.tsx';

/** '/challenges/:id' and '/challenges/:challengeId' are the same address. */
const shape = (path: string) => path.replace(/:[^/]+/g, ':');

/** Renders a challenge page at `entry` (signed in as ada unless told) with the app's providers and placeholders. */
export function renderPage(pattern: string, element: ReactElement, entry: string = pattern, { signedIn = true } = {}) {
  return renderSignedIn(
    entry,
    [
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
    { username: signedIn ? 'ada' : null },
  );
}
