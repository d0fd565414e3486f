import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MESSAGES } from '@bastion/contract';
import { sessions, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { accessStatus, login, post } from '../../../test/accounts.ts';
import { solveCaptcha } from '../../../test/captcha.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '50/15m' } });
});
afterAll(() => ctx.close());

describe('POST /api/users/login/', () => {
  it('answers a token pair, records the session and last login', async () => {
    const user = await createUser(ctx.db);
    const response = await login(ctx.app, user.username.toUpperCase(), user.password, {
      'user-agent': 'Firefox/140 test',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(await accessStatus(ctx.app, body.access)).toBe(400);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLogin!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session).toMatchObject({ userAgent: 'Firefox/140 test', ip: '127.0.0.1', revokedAt: null });
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('accepts the email address in place of the username', async () => {
    const user = await createUser(ctx.db);
    expect((await login(ctx.app, user.email.toUpperCase(), user.password)).statusCode).toBe(200);
  });

  it('refuses a missing, invalid or replayed captcha with the exact message', async () => {
    const user = await createUser(ctx.db);
    const missing = await post(ctx.app, '/api/users/login/', { username: user.username, password: user.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Please complete the reCAPTCHA verification.' });

    const empty = await post(ctx.app, '/api/users/login/', {
      username: user.username,
      password: user.password,
      recaptchaToken: '',
    });
    expect(empty.json()).toEqual({ detail: MESSAGES.captchaRequired });
    const junk = await post(ctx.app, '/api/users/login/', {
      username: user.username,
      password: user.password,
      recaptchaToken: 'abc',
    });
    expect(junk.statusCode).toBe(400);

    const recaptchaToken = await solveCaptcha(ctx.app);
    const first = await post(ctx.app, '/api/users/login/', {
      username: user.username,
      password: user.password,
      recaptchaToken,
    });
    expect(first.statusCode).toBe(200);
    const replay = await post(ctx.app, '/api/users/login/', {
      username: user.username,
      password: user.password,
      recaptchaToken,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: MESSAGES.captchaRequired });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('answers the same 401 to a wrong password and an unknown user', async () => {
    const user = await createUser(ctx.db);
    const wrong = await login(ctx.app, user.username, 'Wrong-password-123');
    const unknown = await login(ctx.app, 'no-such-user', 'Wrong-password-123');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ detail: 'No active account found with the given credentials' });
    }
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('answers 403 to an unverified account with the right password only', async () => {
    const user = await createUser(ctx.db, { isVerified: false });
    const right = await login(ctx.app, user.username, user.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ detail: 'You need to verify your account to log in.' });
    expect((await login(ctx.app, user.username, 'Wrong-password-123')).statusCode).toBe(401);
  });

  it('tells a disabled account with the right password that it is disabled, and a wrong one nothing', async () => {
    const user = await createUser(ctx.db, { isActive: false });
    const right = await login(ctx.app, user.username, user.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ detail: ADMIN_MESSAGES.accountDisabled, code: 'account_disabled' });
    const wrong = await login(ctx.app, user.username, 'Wrong-password-123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('No active account found with the given credentials');
  });

  it('validates the body', async () => {
    const response = await post(ctx.app, '/api/users/login/', { username: '', password: 5, extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['extra', 'password', 'username']);
  });
});

describe('login throttling', () => {
  it('locks an account after repeated failures by username or email, with Retry-After, even for the right password', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '3/15m' } });
    try {
      const user = await createUser(limited.db, { password: TEST_PASSWORD });
      for (const name of [user.username, user.email, user.username.toUpperCase()]) {
        expect((await login(limited.app, name, 'Wrong-password-123')).statusCode).toBe(401);
      }
      const locked = await login(limited.app, user.email, user.password);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      expect(locked.json()).toEqual({ detail: MESSAGES.throttled });
      const other = await createUser(limited.db);
      expect((await login(limited.app, other.username, other.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits attempts per IP', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN_IP: '2/15m' } });
    try {
      const user = await createUser(limited.db);
      expect((await login(limited.app, user.username, user.password)).statusCode).toBe(200);
      expect((await login(limited.app, 'someone', 'Wrong-password-123')).statusCode).toBe(401);
      const third = await login(limited.app, user.username, user.password);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
