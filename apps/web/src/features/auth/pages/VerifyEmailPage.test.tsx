import { MESSAGES } from '@bastion/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

function renderPage() {
  return renderRoute({
    path: '/verify-email/:uidb64/:token',
    initialEntry: '/verify-email/dXNlcg/abc-123',
    element: (
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>
    ),
  });
}

describe('VerifyEmailPage', () => {
  it('verifies once, without a token, and links to /login', async () => {
    const calls: { path: string; authorization: string | null }[] = [];
    server.use(
      http.get('/api/users/verify-email/:uidb64/:token/', ({ request }) => {
        calls.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        return HttpResponse.json({ detail: MESSAGES.emailVerified });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/users/verify-email/dXNlcg/abc-123/', authorization: null }]);
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('shows the failure from the server', async () => {
    let calls = 0;
    server.use(
      http.get('/api/users/verify-email/:uidb64/:token/', () => {
        calls += 1;
        return HttpResponse.json({ detail: MESSAGES.invalidVerificationLink }, { status: 400 });
      }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidVerificationLink);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(calls).toBe(1);
  });
});
