import type { Profile } from '@bastion/contract';
import { http, HttpResponse } from 'msw';
import { renderSignedIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { EditProfilePage } from '@/features/account-settings/pages/EditProfilePage.tsx';
import { profile, signedInSession, twoFactorStatus } from './fixtures.ts';

/**
 * Serves `GET /api/users/profile/`, counting the calls; `current` may be replaced as the test goes. The
 * security section's reads get quiet defaults (two-factor off, this session only); a test that needs
 * others serves them after this.
 */
export function serveProfile(initial: Profile = profile()) {
  const state = { current: initial, gets: 0 };
  server.use(
    http.get('/api/users/2fa/', () => HttpResponse.json(twoFactorStatus())),
    http.get('/api/users/sessions/', () => HttpResponse.json([signedInSession()])),
    http.get('/api/users/profile/', () => {
      state.gets += 1;
      return HttpResponse.json(state.current);
    }),
  );
  return state;
}

/** Renders /edit-profile (signed in) with the app's providers and placeholders for the pages it links to. */
export function renderEditProfile() {
  return renderSignedIn('/edit-profile', [
    { path: '/edit-profile', element: <EditProfilePage /> },
    { path: '/profile/:username', element: <p>Public profile screen</p> },
    { path: '/change-password', element: <p>Change password screen</p> },
    { path: '/login', element: <p>Login screen</p> },
  ]);
}
