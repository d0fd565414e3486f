import { MESSAGES } from '@bastion/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineAltchaDouble } from '@test/altcha-double.ts';
import { axeViolations } from '@test/axe.ts';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { makeTokens } from '@test/tokens.ts';
import { LoginPage } from './LoginPage.tsx';

vi.mock('altcha', () => ({}));

const CHALLENGE = { two_factor_required: true, ticket: 'ticket-1', expires_in: 300 };
let loginCalls: number;
let codeBodies: unknown[];

function serve(...secondStep: (() => Response)[]) {
  let call = 0;
  server.use(
    http.get('/api/config/', () =>
      HttpResponse.json({
        version: '1.0.0',
        captcha: { provider: 'altcha', site_key: null, challenge_url: '/api/captcha/challenge/' },
        payments_enabled: false,
      }),
    ),
    http.post('/api/users/login/', () => {
      loginCalls += 1;
      return HttpResponse.json({ ...CHALLENGE, ticket: `ticket-${loginCalls}` });
    }),
    http.post('/api/users/login/2fa/', async ({ request }) => {
      codeBodies.push(await request.json());
      const answer = secondStep[Math.min(call, secondStep.length - 1)]!;
      call += 1;
      return answer();
    }),
  );
}

/** Renders /login and passes the password step of an account with two-factor sign-in. */
async function toCodeStep() {
  const view = renderRoute({ path: '/login', element: <LoginPage /> });
  const { user } = view;
  await user.click(screen.getByLabelText(/^username/i));
  await user.paste('Ada');
  await user.click(screen.getByLabelText(/^password/i));
  await user.paste('correct horse battery');
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' });
  return view;
}

const tokens = () => HttpResponse.json(makeTokens());

beforeAll(() => defineAltchaDouble());
beforeEach(() => {
  loginCalls = 0;
  codeBodies = [];
});

describe('LoginPage: the code step of two-factor sign-in', () => {
  it('asks for the authenticator code in a focused numeric one-time-code field, then signs in', async () => {
    serve(tokens);
    const { user, router } = await toCodeStep();
    const field = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('textbox', { name: /username/i })).not.toBeInTheDocument();

    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(codeBodies).toEqual([{ ticket: 'ticket-1', code: '123456' }]);
    expect(localStorage.getItem('bastion.tokens')).not.toBeNull();
  });

  it('takes a recovery code in the same field, with its own label', async () => {
    serve(tokens);
    const { user } = await toCodeStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).not.toBeInTheDocument();

    // A six-digit code is not a recovery code: nothing is sent.
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(field).toHaveAccessibleDescription('Enter one of your recovery codes, like 4f7k-2m9q.');
    expect(codeBodies).toEqual([]);

    await user.clear(field);
    await user.type(field, 'AB12-cd34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(codeBodies).toEqual([{ ticket: 'ticket-1', code: 'AB12-cd34' }]);
  });

  it("shows a wrong code's message under the field and lets the learner try again", async () => {
    serve(() => HttpResponse.json({ code: [MESSAGES.twoFactorInvalidCode] }, { status: 400 }), tokens);
    const { user } = await toCodeStep();
    const field = screen.getByRole('textbox', { name: 'Authentication code' });
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(MESSAGES.twoFactorInvalidCode));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The wrong code is selected: typing replaces it.
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(codeBodies).toEqual([
      { ticket: 'ticket-1', code: '000000' },
      { ticket: 'ticket-1', code: '654321' },
    ]);
  });

  it('asks for the six digits before sending anything', async () => {
    serve(tokens);
    const { user } = await toCodeStep();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app.',
    );
    expect(codeBodies).toEqual([]);
  });

  it('goes back to the password step with the message when the ticket has expired', async () => {
    serve(() => HttpResponse.json({ detail: MESSAGES.twoFactorTicketExpired }, { status: 400 }));
    const { user } = await toCodeStep();
    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.twoFactorTicketExpired);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^username/i)).toHaveValue('Ada');
    const password = screen.getByLabelText(/^password/i);
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();

    // A new captcha solution and the password again: a new ticket.
    await user.paste('correct horse battery');
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(loginCalls).toBe(2);
  });

  it('shows a throttled answer in the alert, and goes back on request', async () => {
    serve(() =>
      HttpResponse.json({ detail: 'Request was throttled. Expected available in 60 seconds.' }, { status: 429 }),
    );
    const { user } = await toCodeStep();
    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Request was throttled. Expected available in 60 seconds.',
    );
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no axe violations, with an error under the field', async () => {
    serve(() => HttpResponse.json({ code: [MESSAGES.twoFactorInvalidCode] }, { status: 400 }));
    const { user } = await toCodeStep();
    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(MESSAGES.twoFactorInvalidCode);
    expect(await axeViolations()).toEqual([]);
  });
});
