import { placeholder, renderSignedIn } from '@test/render-app.tsx';
import { ProfilePage } from '@/features/profile/pages/ProfilePage.tsx';

/** Renders /profile signed in, with the app's providers and placeholders for where its links go. */
export function renderProfile() {
  return renderSignedIn('/profile', [
    { path: '/profile', element: <ProfilePage /> },
    placeholder('/profile/:username', 'Public profile screen'),
    placeholder('/edit-profile', 'Edit profile screen'),
    placeholder('/completion/*', 'Completion screen'),
    placeholder('/login', 'Login screen'),
  ]);
}
