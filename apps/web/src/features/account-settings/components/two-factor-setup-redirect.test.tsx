import { MESSAGES } from '@bastion/contract';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Link, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client.ts';
import { SessionNavigation } from '@/lib/session';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { EditProfilePage } from '../pages/EditProfilePage.tsx';
import { serveProfile } from '@test/features/account-settings/render.tsx';
import { serveTwoFactor } from '@test/features/account-settings/security-server.ts';
import { TwoFactorSetupRedirect } from './two-factor-setup-redirect.tsx';

const REFUSED = { detail: MESSAGES.twoFactorSetupRequired, code: 'two_factor_setup_required' };

/** Any signed-in screen: it reads two things the API refuses until two-factor sign-in is on. */
function Dashboard() {
  const summary = useQuery({ queryKey: ['summary'], queryFn: () => api.get('/api/dashboard/summary/') });
  const streak = useQuery({ queryKey: ['streak'], queryFn: () => api.get('/api/users/streak/') });
  return (
    <p>
      Dashboard {summary.status} {streak.status}
    </p>
  );
}

function renderApp(path: string) {
  signIn('root');
  return renderRoutes(path, [
    {
      element: (
        <>
          <SessionNavigation />
          <Outlet />
        </>
      ),
      children: [
        {
          Component: TwoFactorSetupRedirect,
          children: [
            { path: '/dashboard', element: <Dashboard /> },
            { path: '/edit-profile', element: <EditProfilePage /> },
            { path: '/elsewhere', element: <Link to="/dashboard">Go to the dashboard</Link> },
          ],
        },
      ],
    },
  ]);
}

describe('staff account that must turn on two-factor sign-in', () => {
  it('is sent from the screen whose calls were refused to the security section, which says why', async () => {
    serveProfile();
    serveTwoFactor({ required: true });
    server.use(
      http.get('/api/dashboard/summary/', () => HttpResponse.json(REFUSED, { status: 403 })),
      http.get('/api/users/streak/', () => HttpResponse.json(REFUSED, { status: 403 })),
    );
    const { router } = renderApp('/elsewhere');
    await router.navigate('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-profile'), { timeout: 5_000 });
    expect(router.state.location.hash).toBe('#security');
    expect(
      await screen.findByText('Your account needs two-factor sign-in', undefined, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toHaveFocus());
    // Two refused calls, one trip: two steps back is the page before the dashboard, not the dashboard.
    await router.navigate(-2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('other refusals are left to their screens', async () => {
    server.use(
      http.get('/api/dashboard/summary/', () => HttpResponse.json({ detail: 'Forbidden.' }, { status: 403 })),
      http.get('/api/users/streak/', () => HttpResponse.json({ detail: 'Forbidden.' }, { status: 403 })),
    );
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText('Dashboard error error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
