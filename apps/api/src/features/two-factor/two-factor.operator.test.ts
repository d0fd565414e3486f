import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, twoFactor, twoFactorRecoveryCodes } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { login, post } from '../../../test/accounts.ts';
import { enableTwoFactor, queuedMails } from '../../../test/two-factor.ts';
import { resetTwoFactor } from './two-factor.operator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const SITE = { appUrl: 'http://bastion.test', supportEmail: 'help@bastion.test' };
const RESET_SUBJECT = 'Two-factor sign-in was reset on your Bastion account';
const status = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/2fa/', headers: { authorization } });

describe('resetTwoFactor (the operator command user 2fa-reset)', () => {
  it('turns it off, removes the recovery codes, ends every session and mails the owner', async () => {
    const user = await createUser(ctx.db);
    // Someone holding a session of the owner's (and the password) enrolled their own authenticator, which
    // ended the owner's other sessions; the owner's session here is one they have signed in to since.
    const intruder = await authHeader(ctx.app, user.id);
    await enableTwoFactor(ctx.app, ctx.clock, intruder.authorization, user.password);
    const owner = await authHeader(ctx.app, user.id, { secondFactor: 'totp' });
    expect((await login(ctx.app, user.username, user.password)).json()).toHaveProperty('two_factor_required', true);

    const reset = await resetTwoFactor(ctx.db, ` ${user.username.toUpperCase()} `, SITE, ctx.clock.now());
    expect(reset).toEqual({ username: user.username, was_enabled: true, sessions_ended: 2, mailed: true });

    expect(await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id))).toEqual([]);
    const codes = await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(codes).toEqual([]);
    const revoked = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(revoked.map((session) => session.revokedReason)).toEqual(['two_factor_reset', 'two_factor_reset']);
    await ctx.app.settleLearnerChanges();
    expect((await status(owner.authorization)).statusCode).toBe(401);
    expect((await status(intruder.authorization)).statusCode).toBe(401);

    // The owner signs in with the password alone and may enroll again.
    const signIn = await login(ctx.app, user.username, user.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toHaveProperty('access');
    const fresh = { authorization: `Bearer ${signIn.json().access}` };
    expect((await post(ctx.app, '/api/users/2fa/setup/', { password: user.password }, fresh)).statusCode).toBe(200);

    const mails = await queuedMails(ctx.db, user.email);
    expect(mails.map((mail) => mail.subject).at(-1)).toBe(RESET_SUBJECT);
    expect(mails.at(-1)!.text).toContain('http://bastion.test/edit-profile#security');
  });

  it('changes nothing else and mails nobody when it was not on (a pending setup is dropped)', async () => {
    const user = await createUser(ctx.db);
    const { authorization } = await authHeader(ctx.app, user.id);
    await post(ctx.app, '/api/users/2fa/setup/', { password: user.password }, { authorization });

    const reset = await resetTwoFactor(ctx.db, user.username, SITE, ctx.clock.now());
    expect(reset).toEqual({ username: user.username, was_enabled: false, sessions_ended: 0, mailed: false });
    expect(await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id))).toEqual([]);
    expect((await status(authorization)).statusCode).toBe(200);
    expect(await queuedMails(ctx.db, user.email)).toEqual([]);
  });

  it('names a user that does not exist', async () => {
    await expect(resetTwoFactor(ctx.db, 'nobody-here', SITE)).rejects.toThrow('No user named "nobody-here".');
  });
});
