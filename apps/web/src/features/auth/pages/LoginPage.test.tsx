import { ALLOWED_LOCAL_STORAGE_KEYS, MESSAGES } from '@bastion/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineAltchaDouble } from '@test/altcha-double.ts';
import { renderRoute } from '@test/render.tsx';
import { server } from '@test/server.ts';
import { makeTokens, TEST_USER_ID } from '@test/tokens.ts';
import { LoginPage } from './LoginPage.tsx';

// The real widget needs Web Workers and WebCrypto; jsdom gets the test double instead.
vi.mock('altcha', () => ({}));

interface LoginBody {
  username: string;
  password: string;
  recaptchaToken: string;
}

let loginBodies: LoginBody[];

function configHandler() {
  return http.get('/api/config/', () =>
    HttpResponse.json({
      version: '1.0.0',
      captcha: { provider: 'altcha', site_key: null, challenge_url: '/api/captcha/challenge/' },
      payments_enabled: false,
    }),
  );
}

function loginAnswers(...answers: (() => Response)[]) {
  let call = 0;
  return http.post('/api/users/login/', async ({ request }) => {
    loginBodies.push((await request.json()) as LoginBody);
    const answer = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return answer();
  });
}

const badCredentials = () => HttpResponse.json({ detail: MESSAGES.badCredentials }, { status: 401 });

function renderLogin() {
  return renderRoute({ path: '/login', element: <LoginPage /> });
}

async function fillIn(
  user: ReturnType<typeof renderLogin>['user'],
  username = 'Alice',
  password = 'correct horse battery',
) {
  await user.click(screen.getByLabelText(/^username/i));
  await user.paste(username);
  await user.click(screen.getByLabelText(/^password/i));
  await user.paste(password);
}

async function solveCaptcha(user: ReturnType<typeof renderLogin>['user']) {
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
}

beforeAll(() => defineAltchaDouble());
beforeEach(() => {
  loginBodies = [];
});

describe('LoginPage', () => {
  it('shows the ALTCHA widget from the config, with its logo and footer hidden', async () => {
    server.use(configHandler());
    renderLogin();
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    const widget = document.querySelector('altcha-widget');
    expect(widget?.getAttribute('challenge')).toBe('/api/captcha/challenge/');
    expect(JSON.parse(widget?.getAttribute('configuration') ?? '{}')).toEqual({ hideLogo: true, hideFooter: true });
    expect(widget?.closest('form')).toHaveAttribute('novalidate');
  });

  it('without a captcha token shows the exact message and sends nothing', async () => {
    server.use(
      configHandler(),
      loginAnswers(() => HttpResponse.json(makeTokens())),
    );
    const { user } = renderLogin();
    await fillIn(user);
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete the reCAPTCHA verification.');
    expect(loginBodies).toHaveLength(0);
  });

  it('lowercases the username, sends the captcha solution, signs in and goes to /dashboard', async () => {
    server.use(
      configHandler(),
      loginAnswers(() => HttpResponse.json(makeTokens())),
      http.get('/api/users/profile/', () => HttpResponse.json({ id: TEST_USER_ID, username: 'alice' })),
    );
    const { user, router } = renderLogin();
    await fillIn(user, '  AliCE ');
    await solveCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(loginBodies).toEqual([
      {
        username: 'alice',
        password: 'correct horse battery',
        recaptchaToken: expect.stringMatching(/^altcha-solution-/),
      },
    ]);
    expect(localStorage.getItem('bastion.tokens')).not.toBeNull();
    for (let index = 0; index < localStorage.length; index += 1) {
      expect(ALLOWED_LOCAL_STORAGE_KEYS).toContain(localStorage.key(index));
    }
  });

  it('shows the same error again on a repeated failure, and needs a fresh captcha each time', async () => {
    server.use(configHandler(), loginAnswers(badCredentials));
    const { user } = renderLogin();
    await fillIn(user);
    await solveCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const first = await screen.findByRole('alert');
    expect(first).toHaveTextContent(MESSAGES.badCredentials);
    expect(first).toHaveAttribute('data-error-count', '1');

    // The used solution is gone: submitting again without solving sends nothing.
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.captchaRequired);
    expect(loginBodies).toHaveLength(1);

    await solveCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(loginBodies).toHaveLength(2));
    await solveCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveAttribute('data-error-count', '4'));
    const repeated = screen.getByRole('alert');
    expect(repeated).toHaveTextContent(MESSAGES.badCredentials);
    expect(first).not.toBeInTheDocument();
    expect(loginBodies).toHaveLength(3);
    expect(new Set(loginBodies.map((body) => body.recaptchaToken)).size).toBe(3);
  });

  it('an unverified account switches to the verification prompt, which resends the link', async () => {
    const resendBodies: unknown[] = [];
    server.use(
      configHandler(),
      loginAnswers(() => HttpResponse.json({ detail: MESSAGES.unverified }, { status: 403 })),
      http.post('/api/users/resend-verification/', async ({ request }) => {
        resendBodies.push(await request.json());
        return HttpResponse.json({ detail: MESSAGES.resendGeneric });
      }),
    );
    const { user } = renderLogin();
    await fillIn(user, 'Bob');
    await solveCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText(
        'You need to verify your account to log in. Please enter your Username or Email to send verification link.',
      ),
    ).toBeInTheDocument();
    const field = screen.getByLabelText(/username or email/i);
    expect(field).toHaveValue('bob');
    await user.clear(field);
    await user.type(field, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByText(MESSAGES.resendGeneric)).toBeInTheDocument();
    expect(resendBodies).toEqual([{ username_or_email: 'bob@example.com' }]);
  });

  it('asks for the username and password before sending anything', async () => {
    server.use(
      configHandler(),
      loginAnswers(() => HttpResponse.json(makeTokens())),
    );
    const { user } = renderLogin();
    await solveCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText(/^username/i)).toHaveAccessibleDescription('Enter your username.');
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription('Enter your password.');
    expect(loginBodies).toHaveLength(0);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(loginBodies).toHaveLength(1));
  });

  it('shows the server message of other failures (throttled)', async () => {
    server.use(
      configHandler(),
      loginAnswers(() =>
        HttpResponse.json({ detail: 'Request was throttled. Expected available in 60 seconds.' }, { status: 429 }),
      ),
    );
    const { user } = renderLogin();
    await fillIn(user);
    await solveCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Request was throttled. Expected available in 60 seconds.',
    );
  });

  it('offers a retry when the captcha configuration cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/api/config/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'Not found.' }, { status: 404 }) : configHandlerResponse();
      }),
    );
    const { user } = renderLogin();
    expect(await screen.findByText(MESSAGES.captchaUnavailable)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeInTheDocument();
  });
});

function configHandlerResponse() {
  return HttpResponse.json({
    version: '1.0.0',
    captcha: { provider: 'altcha', site_key: null, challenge_url: '/api/captcha/challenge/' },
    payments_enabled: false,
  });
}
