import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { mailOutbox, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { post, signupBody } from '../../../test/accounts.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.ts';

let ctx: TestContext;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_SIGNUP_IP: '1000/1h' } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const signup = (body: Record<string, unknown>) => post(ctx.app, '/api/users/signup/', body);
const userNamed = async (username: string) =>
  (await ctx.db.select().from(users).where(eq(users.username, username)))[0];

describe('POST /api/users/signup/', () => {
  it('creates an unverified learner and mails a verification link', async () => {
    const body = signupBody({ username: '  Grace.Hopper-1 ', email: 'Grace.Hopper@Example.test' });
    const response = await signup(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: 'Registration successful! Please verify your email.' });

    const user = await userNamed('grace.hopper-1');
    expect(user).toMatchObject({
      email: 'Grace.Hopper@Example.test',
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'US',
      isVerified: false,
      isStaff: false,
      isPremium: false,
      publicProfile: {
        is_public: true,
        show_points: true,
        show_badges: true,
        show_challenges: true,
        show_module_stats: true,
        show_statistics: true,
      },
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(body.password1);

    await ctx.app.mail.flush();
    const [mail] = smtp.to('grace.hopper@example.test');
    expect(mail!.subject).toBe('Verify your Bastion account');
    const uidb64 = Buffer.from(user!.id).toString('base64url');
    const link = smtp.link('grace.hopper@example.test', /\/verify-email\//);
    expect(link).toMatch(new RegExp(`^http://bastion\\.test/verify-email/${uidb64}/[0-9a-z]+-[A-Za-z0-9_-]+$`));
    expect(mail!.html).toContain(link);
  });

  it('rejects a taken username or email, whatever their case', async () => {
    const existing = await createUser(ctx.db, { username: 'takenname', email: 'taken@example.test' });
    const response = await signup(signupBody({ username: 'TakenName', email: 'TAKEN@example.test' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [MESSAGES.usernameTaken], email: [MESSAGES.emailTaken] });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'TAKEN@example.test'))).toEqual([]);
    expect(existing.username).toBe('takenname');
  });

  it.each([
    ['a username that is too short', { username: 'ab' }, 'username'],
    ['a username with other characters', { username: 'no spaces!' }, 'username'],
    ['a username that is too long', { username: 'x'.repeat(31) }, 'username'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an unknown country', { country: 'XX' }, 'country'],
    ['a blank first name', { first_name: '  ' }, 'first_name'],
    ['a blank last name', { last_name: '' }, 'last_name'],
    ['a missing field', { country: undefined }, 'country'],
    ['a number instead of text', { username: 12345 }, 'username'],
  ])('rejects %s with a field error', async (_label, overrides, field) => {
    const response = await signup(signupBody(overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body)).toEqual([field]);
    expect(body[field][0]).toEqual(expect.any(String));
  });

  it.each([
    ['too short', 'Sh0rt-pw', MESSAGES.passwordTooShort],
    ['in the common-password list', 'password123', MESSAGES.passwordTooCommon],
    ['a trivial variant of a common password', 'Qwertyuiop1', MESSAGES.passwordTooCommon],
    ['too close to the username', 'Rosalind.Franklin1', MESSAGES.passwordSimilarToUsername],
    ['too close to the email address', 'rfranklin-lab77', MESSAGES.passwordSimilarToEmail],
  ])('rejects a password that is %s', async (_label, password, message) => {
    const body = signupBody({
      username: 'rosalind.franklin',
      email: 'rfranklin-lab@example.test',
      password1: password,
      password2: password,
    });
    const response = await signup(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password1: [message] });
    expect(await userNamed('rosalind.franklin')).toBeUndefined();
  });

  it('rejects a password over 128 characters', async () => {
    const long = 'Tangerine-Orbit-'.repeat(9);
    const response = await signup(signupBody({ password1: long, password2: long }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain('password1');
  });

  it('rejects passwords that do not match', async () => {
    const response = await signup(signupBody({ password2: 'Tangerine-Orbit-43' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password2: ["The two password fields didn't match."] });
  });

  it('rejects unknown fields', async () => {
    const response = await signup(signupBody({ is_staff: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ is_staff: ['Unknown field.'] });
  });

  it('answers one 201 and one 400 to two parallel sign-ups with the same username', async () => {
    const first = signupBody({ username: 'racer' });
    const second = signupBody({ username: 'racer' });
    const statuses = (await Promise.all([signup(first), signup(second)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400]);
    expect(await ctx.db.select().from(users).where(eq(users.username, 'racer'))).toHaveLength(1);
  });
});

describe('sign-up while mail is down', () => {
  it('still succeeds, keeping the verification mail queued', async () => {
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const body = signupBody();
      const response = await post(down.app, '/api/users/signup/', body);
      expect(response.statusCode).toBe(201);
      await down.app.mail.flush();
      const [queued] = await down.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
      expect(queued!.text).toContain('http://bastion.test/verify-email/');
    } finally {
      await down.close();
    }
  });

  it('is throttled per IP', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SIGNUP_IP: '2/1h' } });
    try {
      expect((await post(limited.app, '/api/users/signup/', signupBody())).statusCode).toBe(201);
      expect((await post(limited.app, '/api/users/signup/', signupBody())).statusCode).toBe(201);
      const third = await post(limited.app, '/api/users/signup/', signupBody());
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
      expect(third.json()).toEqual({ detail: MESSAGES.throttled });
    } finally {
      await limited.close();
    }
  });
});
