import { ALLOWED_LOCAL_STORAGE_KEYS } from '@bastion/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client.ts';
import { SessionProvider } from './session-provider.tsx';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { makeTokens, storeTokens, TEST_USER_ID } from '@test/tokens.ts';
import { api } from '../api-client.ts';
import { useSession } from './session-context.ts';

function SessionProbe() {
  const session = useSession();
  return (
    <div>
      <p>status: {session.status}</p>
      <p>user: {session.userId ?? 'none'}</p>
      <p>username: {session.username ?? 'unknown'}</p>
      <button onClick={() => void session.signOut()}>Log out</button>
      <button onClick={() => session.signIn(makeTokens())}>Sign in</button>
    </div>
  );
}

function renderProbe() {
  return renderRoute({ path: '/dashboard', element: <SessionProbe /> });
}

function profileHandler(username = 'alice') {
  return http.get('/api/users/profile/', () => HttpResponse.json({ id: TEST_USER_ID, username }));
}

describe('SessionProvider (R4)', () => {
  it('starts signed in with valid stored tokens, reading the user id from the access token', async () => {
    server.use(profileHandler());
    storeTokens(makeTokens());
    renderProbe();
    expect(screen.getByText('status: authenticated')).toBeInTheDocument();
    expect(screen.getByText(`user: ${TEST_USER_ID}`)).toBeInTheDocument();
    expect(await screen.findByText('username: alice')).toBeInTheDocument();
  });

  it('takes the username from the token when it carries one, without asking the server', () => {
    storeTokens(makeTokens(3600, 86400, { username: 'bob' }));
    renderProbe();
    expect(screen.getByText('username: bob')).toBeInTheDocument();
  });

  it('discards stored tokens at start when the access token has expired', () => {
    storeTokens(makeTokens(-5));
    renderProbe();
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
    expect(localStorage.getItem('bastion.tokens')).toBeNull();
  });

  it('migrates legacy tokens at start', async () => {
    server.use(profileHandler());
    const tokens = makeTokens();
    localStorage.setItem('access_token', tokens.access);
    localStorage.setItem('refresh_token', tokens.refresh);
    renderProbe();
    expect(screen.getByText('status: authenticated')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(JSON.parse(localStorage.getItem('bastion.tokens') ?? '{}')).toEqual(tokens);
    await screen.findByText('username: alice');
  });

  it('signOut posts the refresh token, clears the tokens and every cached query, then goes to /login', async () => {
    const tokens = makeTokens();
    storeTokens(tokens);
    localStorage.setItem('bastion.theme', 'light');
    const logoutBodies: unknown[] = [];
    server.use(
      profileHandler(),
      http.post('/api/users/logout/', async ({ request }) => {
        logoutBodies.push(await request.json());
        return HttpResponse.json({ detail: 'Logged out.' });
      }),
    );
    const { user, queryClient, router } = renderProbe();
    queryClient.setQueryData(['courses', 'list'], [{ id: 1 }]);
    await screen.findByText('username: alice');

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(logoutBodies).toEqual([{ refresh: tokens.refresh }]);
    expect(localStorage.getItem('bastion.tokens')).toBeNull();
    expect(queryClient.getQueryData(['courses', 'list'])).toBeUndefined();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toHaveLength(0);
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    expect(keys).toEqual(['bastion.theme']);
    for (const key of keys) expect(ALLOWED_LOCAL_STORAGE_KEYS).toContain(key);
  });

  it('signOut still logs out locally when the server call fails', async () => {
    storeTokens(makeTokens());
    server.use(
      profileHandler(),
      http.post('/api/users/logout/', () => HttpResponse.error()),
    );
    const { user } = renderProbe();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(localStorage.getItem('bastion.tokens')).toBeNull();
  });

  it('a refresh refused after a 401 ends the session the same way (cache cleared, /login)', async () => {
    storeTokens(makeTokens());
    server.use(
      profileHandler(),
      http.get('/api/navbar/', () => new HttpResponse(null, { status: 401 })),
      http.post('/api/auth/token/refresh/', () =>
        HttpResponse.json({ detail: 'Token is blacklisted' }, { status: 401 }),
      ),
    );
    const { queryClient } = renderProbe();
    await screen.findByText('username: alice');
    queryClient.setQueryData(['navbar'], { user_points: 10 });
    await expect(api.get('/api/navbar/')).rejects.toBeTruthy();
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(queryClient.getQueryData(['navbar'])).toBeUndefined();
  });

  it('another tab signing out ends this tab’s session too', async () => {
    storeTokens(makeTokens());
    server.use(profileHandler());
    renderProbe();
    await screen.findByText('username: alice');
    localStorage.removeItem('bastion.tokens');
    window.dispatchEvent(new StorageEvent('storage', { key: 'bastion.tokens' }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('signIn stores the tokens and becomes authenticated', async () => {
    server.use(profileHandler('carol'));
    const { user } = renderProbe();
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('status: authenticated')).toBeInTheDocument());
    expect(localStorage.getItem('bastion.tokens')).not.toBeNull();
    expect(await screen.findByText('username: carol')).toBeInTheDocument();
  });

  it('asks for the profile only once a component reads the username', async () => {
    let profileCalls = 0;
    server.use(
      http.get('/api/users/profile/', () => {
        profileCalls += 1;
        return HttpResponse.json({ id: TEST_USER_ID, username: 'dave' });
      }),
    );
    storeTokens(makeTokens());
    function StatusOnly() {
      const { status } = useSession();
      return <p>status: {status}</p>;
    }
    const view = renderRoute({ path: '/dashboard', element: <StatusOnly /> });
    expect(screen.getByText('status: authenticated')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(profileCalls).toBe(0);
    view.unmount();

    renderProbe();
    expect(await screen.findByText('username: dave')).toBeInTheDocument();
    expect(profileCalls).toBe(1);
  });

  it('without a router bridge, uses its navigate prop to reach /login', async () => {
    storeTokens(makeTokens(3600, 86400, { username: 'erin' }));
    server.use(http.post('/api/users/logout/', () => HttpResponse.json({})));
    const navigate = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider navigate={navigate}>
          <SessionProbe />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
  });
});
