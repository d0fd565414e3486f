import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import { solveCaptcha } from './captcha.ts';

let counter = 0;

/** A valid sign-up body for a new, unique learner. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const username = `newbie${counter}_${Math.random().toString(36).slice(2, 8)}`;
  return {
    username,
    email: `${username}@example.test`,
    password1: 'Tangerine-Orbit-42',
    password2: 'Tangerine-Orbit-42',
    first_name: 'Grace',
    last_name: 'Hopper',
    country: 'US',
    ...overrides,
  };
}

export function post(
  app: App,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Signs in through the real endpoint, solving the ALTCHA challenge like the widget would. */
export async function login(app: App, username: string, password: string, headers: Record<string, string> = {}) {
  const recaptchaToken = await solveCaptcha(app);
  return post(app, '/api/users/login/', { username, password, recaptchaToken }, headers);
}

export async function loginTokens(
  app: App,
  username: string,
  password: string,
): Promise<{ access: string; refresh: string }> {
  const response = await login(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Whether an access token is accepted: change_password with a wrong old password answers 400 to a
 * signed-in caller and 401 to anyone else, and changes nothing.
 */
export async function accessStatus(app: App, access: string): Promise<number> {
  const response = await post(
    app,
    '/api/users/change_password/',
    { old_password: 'definitely-not-it', new_password1: 'Tangerine-Orbit-43', new_password2: 'Tangerine-Orbit-43' },
    { authorization: `Bearer ${access}` },
  );
  return response.statusCode;
}

/** Signs in like `login`, from the client address `ip`. */
export async function loginFrom(app: App, ip: string, username: string, password: string) {
  const recaptchaToken = await solveCaptcha(app);
  return app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: { username, password, recaptchaToken },
    remoteAddress: ip,
  });
}
