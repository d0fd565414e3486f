import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { loginTokens, post, signupBody } from '../../../test/accounts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ENDPOINTS = [
  '/api/users/signup/',
  '/api/users/login/',
  '/api/auth/token/refresh/',
  '/api/users/logout/',
  '/api/users/resend-verification/',
  '/api/users/password-reset/',
  '/api/users/password-reset/confirm/',
];

const raw = (url: string, payload: string, contentType = 'application/json') =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

/** The contract's error shape: `{"detail": "…"}` or `{"field": ["…"]}`. */
function expectContractError(body: Record<string, unknown>) {
  if ('detail' in body) expect(typeof body.detail).toBe('string');
  else
    for (const messages of Object.values(body)) expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
}

describe('bad input on every account endpoint', () => {
  it.each(ENDPOINTS)('%s: malformed JSON → 400', async (url) => {
    const response = await raw(url, '{"username": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON in request body.' });
  });

  it.each(ENDPOINTS)('%s: wrong types, arrays, null and unknown fields → 400 in the field shape', async (url) => {
    for (const payload of ['[]', 'null', '"text"', '42', '{"refresh": 5, "email": [], "username": {}, "zzz": 1}']) {
      const response = await raw(url, payload);
      expect(response.statusCode, payload).toBe(400);
      expectContractError(response.json());
    }
  });

  it.each(ENDPOINTS)('%s: a body over 64 KiB → 413', async (url) => {
    const response = await raw(url, JSON.stringify({ username: 'x'.repeat(70 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it.each(ENDPOINTS)('%s: another content type → 415', async (url) => {
    const response = await raw(url, 'username=a', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expectContractError(response.json());
  });

  it('oversized fields within the body limit are field errors, not 500', async () => {
    const response = await post(
      ctx.app,
      '/api/users/signup/',
      signupBody({ password1: 'p'.repeat(5000), first_name: 'n'.repeat(1000) }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['first_name', 'password1']);
  });
});

describe('logs', () => {
  it('never contain a password, a token or a captcha solution', async () => {
    const user = await createUser(ctx.db);
    const pair = await loginTokens(ctx.app, user.username, user.password);
    await post(ctx.app, '/api/auth/token/refresh/', { refresh: pair.refresh });
    await post(
      ctx.app,
      '/api/users/change_password/',
      { old_password: user.password, new_password1: 'x', new_password2: 'y' },
      { authorization: `Bearer ${pair.access}` },
    );
    await post(ctx.app, '/api/users/logout/', { refresh: pair.refresh });
    const signup = signupBody();
    await post(ctx.app, '/api/users/signup/', signup);
    await raw('/api/users/login/', `{"password": "${user.password}", `);
    const logs = ctx.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [user.password, signup.password1, pair.access, pair.refresh, pair.access.split('.')[2]!]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
  });
});
