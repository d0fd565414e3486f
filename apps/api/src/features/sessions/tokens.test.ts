import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { accessStatus, loginTokens, post } from '../../../test/accounts.ts';

let ctx: TestContext;
let tokens: { access: string; refresh: string };
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '100/15m' } });
  const user = await createUser(ctx.db);
  tokens = await loginTokens(ctx.app, user.username, user.password);
});
afterAll(() => ctx.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const changePassword = (authorization?: string) =>
  post(
    ctx.app,
    '/api/users/change_password/',
    { old_password: 'x', new_password1: 'Tangerine-Orbit-43', new_password2: 'Tangerine-Orbit-43' },
    authorization ? { authorization } : {},
  );

describe('access tokens', () => {
  it('are required: no header → 401 not_authenticated', async () => {
    const response = await changePassword();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.notAuthenticated, code: 'not_authenticated' });
  });

  it('refuses a tampered token, an alg:none token, a refresh token and garbage with token_not_valid', async () => {
    const [header, payload, signature] = tokens.access.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const resigned = `${header}.${payload}.${signature.slice(0, -2)}AA`;
    for (const token of [tampered, unsigned, resigned, tokens.refresh, 'not-a-jwt']) {
      const response = await changePassword(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.tokenNotValid, code: 'token_not_valid' });
    }
  });

  it('expire after the access lifetime (60 minutes)', async () => {
    expect(await accessStatus(ctx.app, tokens.access)).toBe(400);
    ctx.clock.advance(61 * 60_000);
    try {
      expect(await accessStatus(ctx.app, tokens.access)).toBe(401);
    } finally {
      ctx.clock.advance(-61 * 60_000);
    }
  });

  it('cannot be used as a refresh token', async () => {
    const response = await post(ctx.app, '/api/auth/token/refresh/', { refresh: tokens.access });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('refresh tokens expire after 7 days', async () => {
    ctx.clock.advance(7 * 86_400_000 + 60_000);
    try {
      expect((await post(ctx.app, '/api/auth/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-(7 * 86_400_000 + 60_000));
    }
  });
});
