import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { publicConfigHandler } from '@test/public-config.ts';
import { server } from '@test/server.ts';
import { shellHandlers } from '@test/shell-handlers.ts';
import { routes } from './routes.tsx';

/** Pages load their code on first visit; on a busy machine that takes longer than the 1 s default. */

function renderAt(path: string) {
  return renderRoutes(path, routes);
}

describe('routes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    server.use(
      ...shellHandlers(),
      // The dashboard's own data is its page's test; here only the frame around it matters.
      http.get('*/api/dashboard/summary/', () => HttpResponse.json({ detail: 'Not here.' }, { status: 503 })),
      publicConfigHandler({ captcha: { provider: 'altcha', site_key: null, challenge_url: null } }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends a visitor who opens /dashboard to /login', async () => {
    const { router } = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a visitor who opens an unbuilt authenticated page to /login', async () => {
    const { router } = renderAt('/courses/module/abc/lessons');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each(['/login', '/register', '/forgot-password', '/reset-password/abc/def'])(
    'sends a signed-in user who opens %s to /dashboard',
    async (path) => {
      signIn('ada');
      const { router } = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(await screen.findByRole('heading', { name: /^Welcome( back)?, ada$/ })).toBeInTheDocument();
    },
  );

  it('lets a signed-in user see the public home page, with the logo pointing to /dashboard', async () => {
    signIn('ada');
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Learn security by doing it/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Bastion home' })[0]).toHaveAttribute('href', '/dashboard');
  });

  it('redirects an unknown public path to /', async () => {
    const { router } = renderAt('/no-such-page/at/all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /Learn security by doing it/ })).toBeInTheDocument();
  });

  it('shows the not-found page inside the authenticated layout for an unknown authenticated path', async () => {
    signIn('ada');
    const { router } = renderAt('/dashboard/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/nothing-here');
    expect(await screen.findByRole('link', { name: 'Upgrade Plan' })).toBeInTheDocument();
  });

  it('shows not-found for an unknown address inside an authenticated section', async () => {
    signIn('ada');
    renderAt('/leaderboard/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows not-found without a layout in the no-layout group', async () => {
    renderAt('/completion/module/5c2f1f0e-5d8e-4a55-9a3e-2b1f3f6f0a11/extra');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('serves /change-password to a signed-in user in the authenticated layout', async () => {
    signIn('ada');
    renderAt('/change-password');
    await waitFor(() => expect(screen.getAllByLabelText(/password/i).length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('signs out from the avatar menu: tokens and cached data cleared, then /login', async () => {
    signIn('ada');
    let loggedOut = false;
    server.use(
      http.post('*/api/users/logout/', () => {
        loggedOut = true;
        return HttpResponse.json({ detail: 'ok' });
      }),
    );
    const { router, user, queryClient } = renderAt('/dashboard');
    await screen.findByRole('img', { name: /Total points/ });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem('bastion.tokens')).toBeNull();
    expect(queryClient.getQueryData(['navbar'])).toBeUndefined();
  });

  it('scrolls to the top on every path change, not on a hash change', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    const { router, user } = renderAt('/pricing');
    await screen.findByRole('heading', { level: 1, name: /Start free/ });
    scrollTo.mockClear();

    const bar = screen.getByRole('banner');
    await user.click(within(bar).getAllByRole('link', { name: 'Contact' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Talk to the Bastion team' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });

    await router.navigate('/contact#form');
    scrollTo.mockClear();
    await router.navigate('/contact#other');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
