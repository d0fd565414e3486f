import { MESSAGES } from '@bastion/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { UnlockAccountPage } from './UnlockAccountPage.tsx';

function renderPage() {
  return renderRoute({
    path: '/unlock/:uidb64/:token',
    initialEntry: '/unlock/dXNlcg/abc-123',
    element: (
      <StrictMode>
        <UnlockAccountPage />
      </StrictMode>
    ),
  });
}

describe('UnlockAccountPage', () => {
  it('unlocks once, without a token, and offers to log in', async () => {
    const calls: { body: unknown; authorization: string | null }[] = [];
    server.use(
      http.post('/api/users/unlock/', async ({ request }) => {
        calls.push({ body: await request.json(), authorization: request.headers.get('authorization') });
        return HttpResponse.json({ detail: MESSAGES.accountUnlocked });
      }),
    );
    const { user } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Unlocking your account…');
    expect(await screen.findByText(MESSAGES.accountUnlocked)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Unlock your account' })).toBeInTheDocument();
    expect(calls).toEqual([{ body: { uidb64: 'dXNlcg', token: 'abc-123' }, authorization: null }]);
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it("shows the server's refusal of a bad or used link, and the ways back", async () => {
    let calls = 0;
    server.use(
      http.post('/api/users/unlock/', () => {
        calls += 1;
        return HttpResponse.json({ detail: MESSAGES.invalidUnlockLink }, { status: 400 });
      }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidUnlockLink);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(calls).toBe(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('falls back to the contract text when the server gives none', async () => {
    server.use(http.post('/api/users/unlock/', () => new HttpResponse(null, { status: 502 })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidUnlockLink);
  });
});
