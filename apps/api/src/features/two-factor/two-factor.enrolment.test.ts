import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { login, post } from '../../../test/accounts.ts';
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
    const key: string = (await post(ctx.app, '/api/users/2fa/setup/', undefined, { authorization })).json().secret;
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
    const key: string = (await post(ctx.app, '/api/users/2fa/setup/', undefined, { authorization })).json().secret;
    const confirm = (password: string) =>
      post(ctx.app, '/api/users/2fa/confirm/', { password, code: totpCode(key, ctx.clock.now()) }, { authorization });
    for (let guess = 0; guess < 3; guess += 1) expect((await confirm(`Wrong-guess-${guess}`)).statusCode).toBe(400);
    const locked = await confirm(user.password);
    expect(locked.statusCode).toBe(429);
    expect((await status(authorization)).enabled).toBe(false);
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
