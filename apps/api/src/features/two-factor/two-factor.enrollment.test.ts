import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { sessions, twoFactor } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { login, loginTokens, post } from '../../../test/accounts.ts';
import { enableTwoFactor, nextCode, queuedMails, totpCode } from '../../../test/two-factor.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '3/15m', SUPPORT_EMAIL: 'help@bastion.test' } });
});
afterAll(() => ctx.close());

async function signedIn() {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, authorization };
}
const status = async (authorization: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users/2fa/', headers: { authorization } })).json();

describe('turning two-factor sign-in on needs the current password', () => {
  it('is refused with the access token alone: the owner keeps signing in with the password', async () => {
    const { user, authorization } = await signedIn();
    const key: string = (
      await post(ctx.app, '/api/users/2fa/setup/', { password: user.password }, { authorization })
    ).json().secret;
    const confirm = (body: object) => post(ctx.app, '/api/users/2fa/confirm/', body, { authorization });

    const tokenOnly = await confirm({ code: totpCode(key, ctx.clock.now()) });
    expect(tokenOnly.statusCode).toBe(400);
    expect(tokenOnly.json()).toEqual({ password: ['This field is required.'] });
    const guessed = await confirm({ password: 'Not-the-password-1', code: totpCode(key, ctx.clock.now()) });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toEqual({ password: [MESSAGES.wrongCurrentPassword] });
    expect((await status(authorization)).enabled).toBe(false);
    expect(await queuedMails(ctx.db, user.email)).toEqual([]);
    const signIn = await login(ctx.app, user.username, user.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toHaveProperty('access');

    const owner = await confirm({ password: user.password, code: totpCode(key, ctx.clock.now()) });
    expect(owner.statusCode).toBe(200);
    expect((await status(authorization)).enabled).toBe(true);
  });

  it('counts wrong passwords against the account, like turning it off does (429)', async () => {
    const { user, authorization } = await signedIn();
    const key: string = (
      await post(ctx.app, '/api/users/2fa/setup/', { password: user.password }, { authorization })
    ).json().secret;
    const confirm = (password: string) =>
      post(ctx.app, '/api/users/2fa/confirm/', { password, code: totpCode(key, ctx.clock.now()) }, { authorization });
    for (let guess = 0; guess < 3; guess += 1) expect((await confirm(`Wrong-guess-${guess}`)).statusCode).toBe(400);
    const locked = await confirm(user.password);
    expect(locked.statusCode).toBe(429);
    expect((await status(authorization)).enabled).toBe(false);
  });
});

describe('starting the setup needs the current password too', () => {
  it('is refused without it or with a wrong one (400 on the field), and a pending key is not replaced', async () => {
    const { user, authorization } = await signedIn();
    const setup = (body: object | undefined) => post(ctx.app, '/api/users/2fa/setup/', body, { authorization });
    const pending = async () =>
      (await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id)))[0]?.pendingSecret ?? null;

    for (const body of [undefined, {}]) {
      const tokenOnly = await setup(body);
      expect(tokenOnly.statusCode).toBe(400);
      expect(tokenOnly.json()).toEqual({ password: ['This field is required.'] });
    }
    const guessed = await setup({ password: 'Not-the-password-1' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toEqual({ password: [MESSAGES.wrongCurrentPassword] });
    expect(await pending()).toBeNull();

    const handedOut = await setup({ password: user.password });
    expect(handedOut.statusCode).toBe(200);
    const key: string = handedOut.json().secret;
    const sealed = await pending();
    expect(sealed).not.toBeNull();
    // A bearer token alone cannot swap the key the owner is scanning for one of its own.
    expect((await setup(undefined)).statusCode).toBe(400);
    const replaced = await setup({ password: 'Not-the-password-2' });
    expect(replaced.json()).toEqual({ password: [MESSAGES.wrongCurrentPassword] });
    expect(await pending()).toBe(sealed);
    const confirm = { password: user.password, code: totpCode(key, ctx.clock.now()) };
    expect((await post(ctx.app, '/api/users/2fa/confirm/', confirm, { authorization })).statusCode).toBe(200);
  });
});

describe("turning two-factor sign-in on ends the account's other sessions", () => {
  it('their access and refresh tokens stop at once; the session that turned it on stays, with a second factor', async () => {
    const user = await createUser(ctx.db);
    const other = await loginTokens(ctx.app, user.username, user.password);
    const enrolling = await loginTokens(ctx.app, user.username, user.password);
    const read = (access: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/users/2fa/', headers: { authorization: `Bearer ${access}` } });
    const refresh = (token: string) => post(ctx.app, '/api/auth/token/refresh/', { refresh: token });
    expect((await read(other.access)).statusCode).toBe(200);

    await enableTwoFactor(ctx.app, ctx.clock, `Bearer ${enrolling.access}`, user.password);
    await ctx.app.settleLearnerChanges();
    expect((await read(other.access)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(401);

    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const [ended] = rows.filter((row) => row.revokedAt !== null);
    const [kept] = rows.filter((row) => row.revokedAt === null);
    expect(ended).toMatchObject({ revokedReason: 'two_factor_enabled', secondFactor: null });
    expect(kept).toMatchObject({ secondFactor: 'totp' });
    expect((await read(enrolling.access)).statusCode).toBe(200);
    // Refresh keeps what the session passed, in the new tokens too.
    const renewed = await refresh(enrolling.refresh);
    expect(renewed.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(renewed.json().access.split('.')[1], 'base64url').toString());
    expect(claims.amr).toEqual(['pwd', 'otp']);
  });
});

describe('the owner is mailed about every change to two-factor sign-in', () => {
  it('when it is turned on, when the recovery codes are replaced and when it is turned off', async () => {
    const { user, authorization } = await signedIn();
    const { key } = await enableTwoFactor(ctx.app, ctx.clock, authorization, user.password);
    const proof = () => ({ password: user.password, code: nextCode(key, ctx.clock) });
    expect((await post(ctx.app, '/api/users/2fa/recovery-codes/', proof(), { authorization })).statusCode).toBe(200);
    expect((await post(ctx.app, '/api/users/2fa/disable/', proof(), { authorization })).statusCode).toBe(200);

    const mails = await queuedMails(ctx.db, user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Two-factor sign-in is now on for your Bastion account',
      'New recovery codes for your Bastion account',
      'Two-factor sign-in is now off for your Bastion account',
    ]);
    for (const mail of mails) expect(mail.text).toContain('http://bastion.test/edit-profile#security');
    // Whoever did not turn it on is told who can turn it off.
    expect(mails[0]!.text).toContain('help@bastion.test');
  });

  it('not when a change is refused', async () => {
    const { user, authorization } = await signedIn();
    const { key } = await enableTwoFactor(ctx.app, ctx.clock, authorization, user.password);
    const wrong = { password: 'Not-the-password-1', code: nextCode(key, ctx.clock) };
    expect((await post(ctx.app, '/api/users/2fa/disable/', wrong, { authorization })).statusCode).toBe(400);
    const badCode = { password: user.password, code: '000000' };
    expect((await post(ctx.app, '/api/users/2fa/recovery-codes/', badCode, { authorization })).statusCode).toBe(400);
    expect((await queuedMails(ctx.db, user.email)).map((mail) => mail.subject)).toEqual([
      'Two-factor sign-in is now on for your Bastion account',
    ]);
  });
});
