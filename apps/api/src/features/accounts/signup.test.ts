import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { mailOutbox, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { post, signupBody } from '../../../test/accounts.ts';
import { startSmtpCapture, type SmtpCapture } from '@bastion/test-kit';
import { createStatementCounter } from '../../../test/statement-counter.ts';
import { cpuMs, medianMsInTurn } from '../../../test/timing.ts';

let ctx: TestContext;
let smtp: SmtpCapture;
const statements = createStatementCounter();
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({
    env: { SMTP_URL: smtp.url, RATE_LIMIT_SIGNUP_IP: '1000/1h' },
    onQuery: statements.onQuery,
  });
  statements.watch(ctx.db);
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

  it('rejects a taken username, whatever its case (usernames are public)', async () => {
    await createUser(ctx.db, { username: 'takenname', email: 'taken-name@example.test' });
    const response = await signup(signupBody({ username: 'TakenName' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [MESSAGES.usernameTaken] });
  });

  it('answers a registered email, whatever its case, as a new one: no second account, and its owner is mailed instead', async () => {
    const owner = await createUser(ctx.db, { username: 'owner', email: 'Owner@Example.test', firstName: 'Olive' });
    const fresh = await signup(signupBody({ username: 'newcomer' }));
    const taken = await signup(signupBody({ username: 'intruder', email: 'OWNER@example.test' }));
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(taken.json()).toEqual({ detail: 'Registration successful! Please verify your email.' });
    expect(await userNamed('intruder')).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.email, 'OWNER@example.test'))).toEqual([]);

    await ctx.app.mail.flush();
    const mails = smtp.to('owner@example.test');
    expect(mails.map((mail) => mail.subject)).toEqual(['Someone tried to sign up with your email address']);
    expect(mails[0]!.text).toContain('Hello Olive,');
    expect(mails[0]!.text).toContain(`sign in as ${owner.username}`);
    expect(smtp.link('owner@example.test', /\/login$/)).toBe('http://bastion.test/login');
    expect(smtp.link('owner@example.test', /\/forgot-password$/)).toBe('http://bastion.test/forgot-password');
    expect(mails[0]!.text).not.toMatch(/verify-email/);

    // Once an hour per address at most: the form cannot be used to flood the owner.
    const again = await signup(signupBody({ username: 'intruder2', email: 'owner@example.test' }));
    expect(again.statusCode).toBe(201);
    await ctx.app.mail.flush();
    expect(smtp.to('owner@example.test')).toHaveLength(1);
    expect(await userNamed('intruder2')).toBeUndefined();
  });

  it('does not say whether the email is registered when the username is taken or a field is wrong', async () => {
    const owner = await createUser(ctx.db, { username: 'holder', email: 'holder@example.test' });
    const both = await signup(signupBody({ username: 'holder', email: 'holder@example.test' }));
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ username: [MESSAGES.usernameTaken] });
    const mismatch = await signup(signupBody({ email: owner.email, password2: 'Tangerine-Orbit-43' }));
    expect(mismatch.json()).toEqual({ password2: [MESSAGES.passwordMismatch] });
    await ctx.app.mail.flush();
    expect(smtp.to('holder@example.test')).toEqual([]);
  });

  it('mails nothing to the owner of a disabled account', async () => {
    await createUser(ctx.db, { username: 'disabled_owner', email: 'disabled@example.test', isActive: false });
    const response = await signup(signupBody({ email: 'disabled@example.test' }));
    expect(response.statusCode).toBe(201);
    await ctx.app.mail.flush();
    expect(smtp.to('disabled@example.test')).toEqual([]);
  });

  it('does the work of a new account for a registered email too: its statements and its password hash', async () => {
    const owner = await createUser(ctx.db, { username: 'timed_owner', email: 'timed-owner@example.test' });
    await signup(signupBody());
    const registeredWork = await statements.count(() => signup(signupBody({ email: owner.email })));
    const freshWork = await statements.count(() => signup(signupBody()));
    expect(freshWork.inTransaction).toBeGreaterThan(0);
    expect(registeredWork.inTransaction).toBeGreaterThanOrEqual(freshWork.inTransaction);

    // The hash is most of either answer's CPU time, which a loaded machine does not stretch as it does wall time
    // (on PostgreSQL under CI's load, two answers doing the same work came 65 ms apart): without it, a registered
    // address would take a fraction of a new one's.
    const [registered, fresh] = await medianMsInTurn(
      5,
      () => signup(signupBody({ email: owner.email })),
      () => signup(signupBody()),
      cpuMs,
    );
    expect(registered).toBeGreaterThan(0.6 * fresh);
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

  it('answers 201 to two parallel sign-ups with the same new email, and makes one account', async () => {
    const [first, second] = await Promise.all([
      signup(signupBody({ email: 'twin@example.test' })),
      signup(signupBody({ email: 'Twin@example.test' })),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.body).toBe(first.body);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'twin@example.test'`);
    expect(rows).toHaveLength(1);
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
