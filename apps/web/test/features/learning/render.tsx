import type { ReactElement } from 'react';
import { placeholder, renderSignedIn } from '@test/render-app.tsx';

/** Renders a learning page at `entry` (signed in) with the app's providers, theme and a few placeholder routes. */
export function renderPage(pattern: string, element: ReactElement, entry: string = pattern, { signedIn = true } = {}) {
  return renderSignedIn(
    entry,
    [
      { path: pattern, element },
      placeholder('/login', 'Login screen'),
      placeholder('/subscription', 'Subscription screen'),
      placeholder('/completion/*', 'Completion screen'),
      placeholder('/courses/course/:id/modules', 'Course modules screen'),
      placeholder('/courses/module/:id/lessons', 'Lessons screen'),
      placeholder('/modules', 'Modules screen'),
      placeholder('/courses', 'Courses screen'),
    ].filter((route, index) => index === 0 || route.path !== pattern),
    { username: signedIn ? 'ada' : null },
  );
}
