import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { mailOutbox, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { login, post, signupBody } from '../../../test/accounts.ts';
import { medianMsInTurn, timingTolerance } from '../../../test/timing.ts';
import { startSmtpCapture, type SmtpCapture } from '@bastion/test-kit';

let ctx: TestContext;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({
    env: { SMTP_URL: smtp.url, RATE_LIMIT_RESEND_ACCOUNT: '100/1h', RATE_LIMIT_RESEND_IP: '100/1h' },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Signs up through the API and returns the emailed verification link's API path. */
async function signUp(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  expect((await post(ctx.app, '/api/users/signup/', body)).statusCode).toBe(201);
  await ctx.app.mail.flush();
  const link = new URL(smtp.link(body.email, /\/verify-email\//));
  return { body, path: `/api${link.pathname.replace('/verify-email/', '/users/verify-email/')}/` };
}
const visit = (url: string) => ctx.app.inject({ method: 'GET', url });
const isVerified = async (username: string) =>
  (await ctx.db.select().from(users).where(eq(users.username, username)))[0]!.isVerified;

describe('GET /api/users/verify-email/{uidb64}/{token}/', () => {
  it('verifies the account once; then the learner can sign in and the link changes nothing', async () => {
    const { body, path } = await signUp();
    const before = await login(ctx.app, body.username, body.password1);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ detail: 'You need to verify your account to log in.' });

    const response = await visit(path);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Email verified. You can now log in.' });
    expect(await isVerified(body.username)).toBe(true);
    expect((await login(ctx.app, body.username, body.password1)).statusCode).toBe(200);

    const again = await visit(path);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: MESSAGES.emailAlreadyVerified });
  });

  it('says the address is already verified when the same link is opened again, as a mail scanner or a double click does', async () => {
    const { body, path } = await signUp();
    expect((await visit(path)).json()).toEqual({ detail: MESSAGES.emailVerified });
    const twice = await Promise.all([visit(path), visit(path)]);
    for (const again of twice) {
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ detail: MESSAGES.emailAlreadyVerified });
    }
    expect(await isVerified(body.username)).toBe(true);
    // Another account's link, or a forged one, still says nothing about this account.
    const [, , , , uid, token] = path.split('/');
    const forged = await visit(
      `/api/users/verify-email/${uid}/${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}/`,
    );
    expect(forged.json()).toEqual({ detail: MESSAGES.invalidVerificationLink });
  });

  it('works without the trailing slash', async () => {
    const { path } = await signUp();
    expect((await visit(path.replace(/\/$/, ''))).statusCode).toBe(200);
  });

  it('refuses tampered tokens and uids', async () => {
    const { body, path } = await signUp();
    const [, , , , uid, token] = path.split('/');
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const other = await createUser(ctx.db, { isVerified: false });
    for (const bad of [
      `/api/users/verify-email/${uid}/${flip(token!)}/`,
      `/api/users/verify-email/${Buffer.from(other.id).toString('base64url')}/${token}/`,
      `/api/users/verify-email/not-base64!/${token}/`,
      `/api/users/verify-email/${Buffer.from('1 or 1=1').toString('base64url')}/${token}/`,
      `/api/users/verify-email/${uid}/${'9'.repeat(300)}/`,
    ]) {
      const response = await visit(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: MESSAGES.invalidVerificationLink });
    }
    expect(await isVerified(body.username)).toBe(false);
  });

  it('dies after 3 days', async () => {
    const { body, path } = await signUp();
    ctx.clock.advance(3 * 86_400_000 + 60_000);
    try {
      expect((await visit(path)).statusCode).toBe(400);
      expect(await isVerified(body.username)).toBe(false);
    } finally {
      ctx.clock.advance(-(3 * 86_400_000 + 60_000));
    }
    expect((await visit(path)).statusCode).toBe(200);
  });

  it('dies when the password changes', async () => {
    const { body, path } = await signUp();
    await ctx.db
      .update(users)
      .set({ passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$changed' })
      .where(eq(users.username, body.username));
    expect((await visit(path)).statusCode).toBe(400);
  });
});

describe('POST /api/users/resend-verification/', () => {
  const resend = (value: string) => post(ctx.app, '/api/users/resend-verification/', { username_or_email: value });

  it('mails a fresh link to an unverified account, by username or email, which verifies it', async () => {
    const { body } = await signUp();
    smtp.clear();
    const byName = await resend(body.username.toUpperCase());
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({ detail: MESSAGES.resendGeneric });
    expect((await resend(body.email)).statusCode).toBe(200);
    await ctx.app.mail.flush();
    expect(smtp.to(body.email)).toHaveLength(2);
    const link = new URL(smtp.link(body.email, /\/verify-email\//));
    expect((await visit(`/api${link.pathname.replace('/verify-email/', '/users/verify-email/')}/`)).statusCode).toBe(
      200,
    );
  });

  it('answers the same for unknown and already verified accounts, and sends them nothing', async () => {
    const verified = await createUser(ctx.db);
    const queuedBefore = (await ctx.db.select().from(mailOutbox)).length;
    const answers = await Promise.all([
      resend('nobody-here'),
      resend('nobody@example.test'),
      resend(verified.username),
      resend(verified.email),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(JSON.stringify({ detail: MESSAGES.resendGeneric }));
    }
    expect((await ctx.db.select().from(mailOutbox)).length).toBe(queuedBefore);
  });

  it('takes about as long for an unknown account as for one that gets the mail', async () => {
    const { body } = await signUp();
    const [known, unknown] = await medianMsInTurn(
      7,
      () => resend(body.username),
      () => resend('stranger'),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(timingTolerance(known, unknown));
  });

  it('is throttled per account and per IP', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_RESEND_ACCOUNT: '2/1h', RATE_LIMIT_RESEND_IP: '4/1h' } });
    try {
      const again = (value: string) =>
        post(limited.app, '/api/users/resend-verification/', { username_or_email: value });
      expect((await again('someone')).statusCode).toBe(200);
      expect((await again('someone')).statusCode).toBe(200);
      const third = await again('someone');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect((await again('someone-else')).statusCode).toBe(200);
      expect((await again('third-person')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('rejects a blank or missing value', async () => {
    expect((await resend('   ')).statusCode).toBe(400);
    const missing = await post(ctx.app, '/api/users/resend-verification/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ username_or_email: ['This field is required.'] });
  });
});
