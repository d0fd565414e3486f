import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { sessions, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { accessStatus, login, loginTokens, post } from '../../../test/accounts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '100/15m' } });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'Marmalade-Comet-77';
const change = (access: string, body: Record<string, unknown>) =>
  post(ctx.app, '/api/users/change_password/', body, { authorization: `Bearer ${access}` });

describe('POST /api/users/change_password/', () => {
  it('changes the password and ends every other session, keeping this one', async () => {
    const user = await createUser(ctx.db);
    const current = await loginTokens(ctx.app, user.username, user.password);
    const other = await loginTokens(ctx.app, user.username, user.password);
    const before = (await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!;

    const response = await change(current.access, {
      old_password: user.password,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Password changed successfully.' });

    const after = (await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordChangedAt.getTime()).toBeGreaterThan(before.passwordChangedAt.getTime());
    expect(await accessStatus(ctx.app, other.access)).toBe(401);
    expect((await post(ctx.app, '/api/auth/token/refresh/', { refresh: other.refresh })).statusCode).toBe(401);
    expect(await accessStatus(ctx.app, current.access)).toBe(400);
    expect((await post(ctx.app, '/api/auth/token/refresh/', { refresh: current.refresh })).statusCode).toBe(200);
    const revoked = (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).filter(
      (s) => s.revokedAt,
    );
    expect(revoked.map((s) => s.revokedReason)).toEqual(['password_changed']);

    expect((await login(ctx.app, user.username, user.password)).statusCode).toBe(401);
    expect((await login(ctx.app, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with the old_password field', async () => {
    const user = await createUser(ctx.db);
    const { access } = await loginTokens(ctx.app, user.username, user.password);
    const response = await change(access, {
      old_password: 'Not-my-password-1',
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ old_password: ['The current password you entered is incorrect.'] });
    expect((await login(ctx.app, user.username, user.password)).statusCode).toBe(200);
  });

  it('checks the new password', async () => {
    const user = await createUser(ctx.db);
    const { access } = await loginTokens(ctx.app, user.username, user.password);
    const weak = await change(access, {
      old_password: user.password,
      new_password1: 'password1234',
      new_password2: 'password1234',
    });
    expect(weak.json()).toEqual({ new_password1: [MESSAGES.passwordTooCommon] });
    const mismatch = await change(access, {
      old_password: user.password,
      new_password1: NEW_PASSWORD,
      new_password2: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ new_password2: [MESSAGES.passwordMismatch] });
    const missing = await change(access, { new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(missing.json()).toEqual({ old_password: ['This field is required.'] });
  });

  it('needs a signed-in learner', async () => {
    const response = await post(ctx.app, '/api/users/change_password/', {
      old_password: 'a',
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.notAuthenticated, code: 'not_authenticated' });
  });
});
