import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { loginFrom, post } from '../../../test/accounts.ts';
import { startSmtpCapture, type SmtpCapture } from '@bastion/test-kit';
import { enableTwoFactor, nextCode } from '../../../test/two-factor.ts';

/** F10: wrong guesses lock out the guesser, not the owner; a lock of the account itself mails the owner a way back in. */
let ctx: TestContext;
let smtp: SmtpCapture;
const smtpReady = startSmtpCapture();

async function app(env: Record<string, string>) {
  smtp = await smtpReady;
  smtp.clear();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_CAPTCHA_IP: '1000/1m', ...env } });
}
afterEach(() => ctx.close());
afterAll(async () => (await smtpReady).close());

const WRONG = 'Wrong-password-123';
const unlock = (body: object) => post(ctx.app, '/api/users/unlock/', body);

describe('per-account lockout keyed by client IP', () => {
  it('ten wrong passwords from one address do not stop the owner signing in from another', async () => {
    await app({});
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i += 1)
      expect((await loginFrom(ctx.app, '203.0.113.7', user.username, WRONG)).statusCode).toBe(401);
    const guesser = await loginFrom(ctx.app, '203.0.113.7', user.username, user.password);
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json()).toEqual({ detail: MESSAGES.throttled });
    expect((await loginFrom(ctx.app, '198.51.100.4', user.username, user.password)).statusCode).toBe(200);
    expect((await loginFrom(ctx.app, '198.51.100.4', user.email, user.password)).statusCode).toBe(200);
  });

  it('treats wrong sign-in codes the same way', async () => {
    await app({ RATE_LIMIT_LOGIN_USER: '3/15m' });
    const user = await createUser(ctx.db);
    const { authorization } = await authHeader(ctx.app, user.id);
    const { key } = await enableTwoFactor(ctx.app, ctx.clock, authorization, user.password);
    const ticketFrom = async (ip: string) => (await loginFrom(ctx.app, ip, user.username, user.password)).json().ticket;
    const codeFrom = (ip: string, ticket: string, code: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/login/2fa/', payload: { ticket, code }, remoteAddress: ip });

    const ticket = await ticketFrom('203.0.113.7');
    for (let i = 0; i < 3; i += 1) expect((await codeFrom('203.0.113.7', ticket, '000000')).statusCode).toBe(400);
    const fresh = await ticketFrom('198.51.100.4');
    expect((await codeFrom('203.0.113.7', fresh, nextCode(key, ctx.clock))).statusCode).toBe(429);
    expect((await codeFrom('198.51.100.4', fresh, nextCode(key, ctx.clock))).statusCode).toBe(200);
    // The password step of the locked-out address is refused too: the bucket is the account's, from that address.
    expect((await loginFrom(ctx.app, '203.0.113.7', user.username, user.password)).statusCode).toBe(429);
  });
});

describe('account-wide lockout (LOGIN_ACCOUNT) and the mailed unlock link', () => {
  it('trips after guesses from many addresses, mails the owner one unlock link, and the link lets them back in', async () => {
    await app({ RATE_LIMIT_LOGIN_ACCOUNT: '5/1h', RATE_LIMIT_LOGIN_USER: '2/15m' });
    const user = await createUser(ctx.db);
    for (let i = 1; i <= 5; i += 1) {
      expect((await loginFrom(ctx.app, `203.0.113.${i}`, user.username, WRONG)).statusCode).toBe(401);
    }
    const owner = await loginFrom(ctx.app, '198.51.100.4', user.username, user.password);
    expect(owner.statusCode).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(3000);
    for (let i = 6; i <= 8; i += 1) {
      expect((await loginFrom(ctx.app, `203.0.113.${i}`, user.username, WRONG)).statusCode).toBe(429);
    }

    await ctx.app.mail.flush();
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Signing in to your Bastion account is paused');
    const link = smtp.link(user.email, /\/unlock\//);
    expect(link.startsWith(`http://bastion.test/unlock/${Buffer.from(user.id).toString('base64url')}/`)).toBe(true);
    const [uidb64, token] = new URL(link).pathname.split('/').slice(2) as [string, string];

    const unlocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/unlock/',
      payload: { uidb64, token },
      remoteAddress: '198.51.100.4',
    });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ detail: MESSAGES.accountUnlocked });
    // Works once.
    const reused = await unlock({ uidb64, token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: MESSAGES.invalidUnlockLink });
    expect((await loginFrom(ctx.app, '198.51.100.4', user.username, user.password)).statusCode).toBe(200);
  });

  it('mails once per lock, not for unknown names, and refuses bad or old links', async () => {
    await app({ RATE_LIMIT_LOGIN_ACCOUNT: '2/1h', RATE_LIMIT_LOGIN_USER: '100/15m' });
    const user = await createUser(ctx.db);
    for (let i = 1; i <= 4; i += 1) await loginFrom(ctx.app, `203.0.113.${i}`, user.username, WRONG);
    for (let i = 1; i <= 4; i += 1) await loginFrom(ctx.app, `203.0.113.${i}`, 'nobody-by-this-name', WRONG);
    await ctx.app.mail.flush();
    expect(smtp.messages).toHaveLength(1);
    const [uidb64, token] = new URL(smtp.link(user.email, /\/unlock\//)).pathname.split('/').slice(2) as [
      string,
      string,
    ];

    for (const body of [
      { uidb64, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      { uidb64: Buffer.from('not-a-uuid').toString('base64url'), token },
      { uidb64: 'x', token: 'y' },
    ]) {
      const response = await unlock(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: MESSAGES.invalidUnlockLink });
    }
    expect((await unlock({ uidb64 })).statusCode).toBe(400);

    ctx.clock.advance(3601_000);
    expect((await unlock({ uidb64, token })).json()).toEqual({ detail: MESSAGES.invalidUnlockLink });
  });
});
