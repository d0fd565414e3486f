import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defineAltchaDouble } from '@test/altcha-double.ts';
import { axeViolations } from '@test/axe.ts';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { makeTokens, storeTokens } from '@test/tokens.ts';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

vi.mock('altcha', () => ({}));

beforeAll(() => defineAltchaDouble());

const pages: [string, string, ReactElement, string?][] = [
  ['register', '/register', <RegisterPage />],
  ['forgot password', '/forgot-password', <ForgotPasswordPage />],
  ['reset password', '/reset-password/:uidb64/:token', <ResetPasswordPage />, '/reset-password/dXNlcg/tok'],
];

describe('account screens have no axe violations', () => {
  it('login, with the captcha widget', async () => {
    server.use(
      http.get('/api/config/', () =>
        HttpResponse.json({
          version: '1.0.0',
          captcha: { provider: 'altcha', site_key: null, challenge_url: '/api/captcha/challenge/' },
          payments_enabled: false,
        }),
      ),
    );
    renderRoute({ path: '/login', element: <LoginPage /> });
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    expect(await axeViolations()).toEqual([]);
  });

  it.each(pages)('%s', async (_name, path, element, initialEntry) => {
    renderRoute({ path, element, initialEntry });
    expect(await axeViolations()).toEqual([]);
  });

  it('change password', async () => {
    storeTokens(makeTokens(3600, 86400, { username: 'alice' }));
    renderRoute({ path: '/change-password', element: <ChangePasswordPage /> });
    expect(await axeViolations()).toEqual([]);
  });
});
