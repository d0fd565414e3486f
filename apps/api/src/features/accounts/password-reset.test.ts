import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { mailOutbox, sessions, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser, type TestUser } from '../../../test/fixtures.ts';
import { accessStatus, login, loginTokens, post } from '../../../test/accounts.ts';
import { createAccountLinks } from './account-links.ts';
import { medianMsInTurn, timingTolerance } from '../../../test/timing.ts';
import { startSmtpCapture, type SmtpCapture } from '@bastion/test-kit';

let ctx: TestContext;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      RATE_LIMIT_RESET_ACCOUNT: '100/1h',
      RATE_LIMIT_RESET_IP: '100/1h',
      RATE_LIMIT_LOGIN_USER: '100/15m',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const NEW_PASSWORD = 'Marmalade-Comet-77';
const requestReset = (email: string) => post(ctx.app, '/api/users/password-reset/', { email });
const confirm = (body: Record<string, unknown>) => post(ctx.app, '/api/users/password-reset/confirm/', body);

/** Asks for a reset and returns {uidb64, token} from the mailed link. */
async function resetLink(user: TestUser) {
  expect((await requestReset(user.email)).statusCode).toBe(200);
  await ctx.app.mail.flush();
  const link = smtp.link(user.email, /\/reset-password\//);
  expect(link.startsWith('http://bastion.test/reset-password/')).toBe(true);
  const [uidb64, token] = new URL(link).pathname.split('/').slice(2) as [string, string];
  return { uidb64, token };
}

describe('POST /api/users/password-reset/ and confirm/', () => {
  it('resets the password through the mailed link, ending every session', async () => {
    const user = await createUser(ctx.db);
    const sessionA = await loginTokens(ctx.app, user.username, user.password);
    const sessionB = await loginTokens(ctx.app, user.username, user.password);
    const link = await resetLink(user);
    expect(link.uidb64).toBe(Buffer.from(user.id).toString('base64url'));
    expect(smtp.to(user.email).at(-1)!.subject).toBe('Reset your Bastion password');

    const response = await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MESSAGES.passwordReset });

    for (const pair of [sessionA, sessionB]) {
      expect(await accessStatus(ctx.app, pair.access)).toBe(401);
      expect((await post(ctx.app, '/api/auth/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    }
    const live = (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).filter((s) => !s.revokedAt);
    expect(live).toEqual([]);
    expect((await login(ctx.app, user.username, user.password)).statusCode).toBe(401);
    expect((await login(ctx.app, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works once only', async () => {
    const user = await createUser(ctx.db);
    const link = await resetLink(user);
    expect((await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD })).statusCode).toBe(200);
    const again = await confirm({
      ...link,
      new_password1: 'Another-Secret-Phrase-9',
      new_password2: 'Another-Secret-Phrase-9',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: MESSAGES.invalidResetLink });
    expect((await login(ctx.app, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('expires after 1 hour', async () => {
    const user = await createUser(ctx.db);
    const link = await resetLink(user);
    ctx.clock.advance(61 * 60_000);
    try {
      const late = await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ detail: MESSAGES.invalidResetLink });
    } finally {
      ctx.clock.advance(-61 * 60_000);
    }
  });

  it('verifies an unverified account, since the link proves the address', async () => {
    const user = await createUser(ctx.db, { isVerified: false });
    const link = await resetLink(user);
    expect((await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!.isVerified).toBe(true);
  });

  it('refuses tampered links, and a verification token used as a reset token', async () => {
    const user = await createUser(ctx.db);
    const link = await resetLink(user);
    const other = await createUser(ctx.db);
    const row = (await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    const verificationToken = createAccountLinks(ctx.config.jwtSecret).make('verify-email', row, ctx.clock.now());
    const bodies = [
      { ...link, token: verificationToken },
      { ...link, token: link.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...link, uidb64: Buffer.from(other.id).toString('base64url') },
      { ...link, uidb64: '!!!' },
      { ...link, token: 'x' },
    ];
    for (const body of bodies) {
      const response = await confirm({ ...body, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: MESSAGES.invalidResetLink });
    }
    expect((await login(ctx.app, user.username, user.password)).statusCode).toBe(200);
  });

  it('checks the new password like sign-up does', async () => {
    const user = await createUser(ctx.db, { username: 'katherine.johnson' });
    const link = await resetLink(user);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ new_password1: 'short', new_password2: 'short' }, { new_password1: [MESSAGES.passwordTooShort] }],
      [{ new_password1: 'iloveyou123', new_password2: 'iloveyou123' }, { new_password1: [MESSAGES.passwordTooCommon] }],
      [
        { new_password1: 'KatherineJohnson!', new_password2: 'KatherineJohnson!' },
        { new_password1: [MESSAGES.passwordSimilarToUsername] },
      ],
      [
        { new_password1: NEW_PASSWORD, new_password2: 'different-one-123' },
        { new_password2: [MESSAGES.passwordMismatch] },
      ],
    ];
    for (const [passwords, errors] of cases) {
      const response = await confirm({ ...link, ...passwords });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect((await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers the same body for unknown emails and sends them nothing', async () => {
    const user = await createUser(ctx.db);
    const before = (await ctx.db.select().from(mailOutbox)).length;
    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset('nobody-at-all@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ detail: MESSAGES.resetGeneric });
    expect((await ctx.db.select().from(mailOutbox)).length).toBe(before + 1);
  });

  it('takes about as long for an unknown email as for a known one', async () => {
    const user = await createUser(ctx.db);
    await requestReset('warm-up@example.test');
    const [known, unknown] = await medianMsInTurn(
      7,
      () => requestReset(user.email),
      () => requestReset('stranger@example.test'),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(timingTolerance(known, unknown));
  });

  it('is throttled per account with Retry-After', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_RESET_ACCOUNT: '2/1h' } });
    try {
      const ask = () => post(limited.app, '/api/users/password-reset/', { email: 'who@example.test' });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
    } finally {
      await limited.close();
    }
  });

  it('validates the bodies', async () => {
    expect((await post(ctx.app, '/api/users/password-reset/', {})).json()).toEqual({
      email: ['This field is required.'],
    });
    const response = await confirm({ uidb64: 'x' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['new_password1', 'new_password2', 'token']);
  });
});
