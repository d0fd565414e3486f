import { MESSAGES } from '@bastion/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

function renderPage() {
  return renderRoute({
    path: '/reset-password/:uidb64/:token',
    initialEntry: '/reset-password/dXNlcg/tok-1',
    element: <ResetPasswordPage />,
  });
}

async function submit(user: ReturnType<typeof renderPage>['user'], second = 'a fresh passphrase') {
  await user.click(screen.getByLabelText(/^new password/i));
  await user.paste('a fresh passphrase');
  await user.click(screen.getByLabelText(/^confirm new password/i));
  await user.paste(second);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('posts uidb64, token and both passwords, then offers sign-in', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/users/password-reset/confirm/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: MESSAGES.passwordReset });
      }),
    );
    const { user } = renderPage();
    await submit(user);
    expect(await screen.findByText(MESSAGES.passwordReset)).toBeInTheDocument();
    expect(bodies).toEqual([
      { uidb64: 'dXNlcg', token: 'tok-1', new_password1: 'a fresh passphrase', new_password2: 'a fresh passphrase' },
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows a mismatch on the confirmation field', async () => {
    server.use(
      http.post('/api/users/password-reset/confirm/', () =>
        HttpResponse.json({ new_password2: [MESSAGES.passwordMismatch] }, { status: 400 }),
      ),
    );
    const { user } = renderPage();
    await submit(user, 'something else entirely');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Check the fields marked below\.$/);
    expect(screen.getByLabelText(/^confirm new password/i)).toHaveAccessibleDescription(MESSAGES.passwordMismatch);
  });
});
