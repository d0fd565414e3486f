import { MESSAGES } from '@bastion/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { makeTokens, storeTokens } from '@test/tokens.ts';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';

function renderPage() {
  storeTokens(makeTokens(3600, 86400, { username: 'alice' }));
  return renderRoute({ path: '/change-password', element: <ChangePasswordPage /> });
}

async function submitForm(user: ReturnType<typeof renderPage>['user']) {
  for (const [label, value] of [
    [/^current password/i, 'old secret value'],
    [/^new password/i, 'brand new passphrase'],
    [/^confirm new password/i, 'brand new passphrase'],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage (R8 change password)', () => {
  it("posts the three fields with the bearer token and shows 'Password changed successfully.'", async () => {
    let body: unknown;
    let authorization: string | null = null;
    server.use(
      http.post('/api/users/change_password/', async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ detail: MESSAGES.passwordChanged });
      }),
    );
    const { user } = renderPage();
    await submitForm(user);
    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
    expect(body).toEqual({
      old_password: 'old secret value',
      new_password1: 'brand new passphrase',
      new_password2: 'brand new passphrase',
    });
    expect(authorization).toMatch(/^Bearer /);
    expect(screen.getByLabelText(/^current password/i)).toHaveValue('');
  });

  it("a 400 naming old_password shows 'The current password you entered is incorrect.'", async () => {
    server.use(
      http.post('/api/users/change_password/', () =>
        HttpResponse.json({ old_password: ['Your old password was entered incorrectly.'] }, { status: 400 }),
      ),
    );
    const { user } = renderPage();
    await submitForm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The current password you entered is incorrect\.$/);
    expect(screen.getByLabelText(/^current password/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it("a new-password problem shows 'Failed to change password.' and the message under its field only", async () => {
    server.use(
      http.post('/api/users/change_password/', () =>
        HttpResponse.json({ new_password1: [MESSAGES.passwordTooCommon] }, { status: 400 }),
      ),
    );
    const { user } = renderPage();
    await submitForm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to change password\. Check the fields marked below\.$/,
    );
    expect(screen.getByLabelText(/^new password/i)).toHaveAccessibleDescription(MESSAGES.passwordTooCommon);
  });

  it('a throttled attempt shows the generic failure with the server detail', async () => {
    server.use(
      http.post('/api/users/change_password/', () =>
        HttpResponse.json({ detail: 'Request was throttled.' }, { status: 429 }),
      ),
    );
    const { user } = renderPage();
    await submitForm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change password. Request was throttled.');
  });
});
