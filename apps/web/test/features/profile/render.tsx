import { Outlet, type RouteObject } from 'react-router';
import { SessionNavigation } from '../../../src/lib/session';
import { renderRoutes, signIn } from '../../render-app.tsx';
import { ProfilePage } from '../../../src/features/profile/pages/ProfilePage.tsx';

const placeholder = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });

/** Renders /profile signed in, with the app's providers and placeholders for where its links go. */
export function renderProfile() {
  signIn('ada');
  return renderRoutes('/profile', [
    {
      element: (
        <>
          <SessionNavigation />
          <Outlet />
        </>
      ),
      children: [
        { path: '/profile', element: <ProfilePage /> },
        placeholder('/profile/:username', 'Public profile screen'),
        placeholder('/edit-profile', 'Edit profile screen'),
        placeholder('/completion/*', 'Completion screen'),
        placeholder('/login', 'Login screen'),
      ],
    },
  ]);
}
