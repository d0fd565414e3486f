import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { sessions, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser, type TestUser } from '../../../test/fixtures.ts';
import { login, post } from '../../../test/accounts.ts';
import { enableTwoFactor, loginTicket, nextCode, secondStep, totpCode } from '../../../test/two-factor.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { RATE_LIMIT_LOGIN_USER: '100/15m', RATE_LIMIT_LOGIN_IP: '1000/15m', RATE_LIMIT_CAPTCHA_IP: '1000/1m' },
  });
});
afterAll(() => ctx.close());

/** A learner with two-factor sign-in on (turned on through the API). */
async function protectedLearner(): Promise<TestUser & { key: string; recoveryCodes: string[] }> {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { ...user, ...(await enableTwoFactor(ctx.app, ctx.clock, authorization, user.password)) };
}
const userSessions = (userId: string) => ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
const profileStatus = async (access: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${access}` } }))
    .statusCode;

describe('two-factor sign-in', () => {
  it('answers a ticket for the password, then tokens and a session for a code', async () => {
    const user = await protectedLearner();
    const sessionsBefore = (await userSessions(user.id)).length;
    const first = await login(ctx.app, user.username, user.password, { 'user-agent': 'Firefox/140 test' });
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(Object.keys(challenge).sort()).toEqual(['expires_in', 'ticket', 'two_factor_required']);
    expect(challenge).toMatchObject({ two_factor_required: true, expires_in: 300 });
    expect(challenge.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing is signed in yet.
    expect(await userSessions(user.id)).toHaveLength(sessionsBefore);
    expect((await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!.lastLogin).toBeNull();

    const second = await secondStep(ctx.app, challenge.ticket, nextCode(user.key, ctx.clock), {
      'user-agent': 'Firefox/140 test',
    });
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(await profileStatus(pair.access)).toBe(200);
    expect((await post(ctx.app, '/api/auth/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(200);

    const rows = await userSessions(user.id);
    expect(rows).toHaveLength(sessionsBefore + 1);
    expect(rows.find((row) => row.userAgent === 'Firefox/140 test')).toMatchObject({
      ip: '127.0.0.1',
      revokedAt: null,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLogin!.getTime()).toBeGreaterThan(ctx.clock.now().getTime() - 5_000);

    // Single use.
    const again = await secondStep(ctx.app, challenge.ticket, nextCode(user.key, ctx.clock));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: MESSAGES.twoFactorTicketExpired });
  });

  it('refuses a wrong code, and the ticket dies after five of them', async () => {
    const user = await protectedLearner();
    const ticket = await loginTicket(ctx.app, user.username, user.password);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await secondStep(ctx.app, ticket, attempt === 3 ? 'abcd-efgh' : '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: [MESSAGES.twoFactorInvalidCode] });
    }
    const sixth = await secondStep(ctx.app, ticket, nextCode(user.key, ctx.clock));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ detail: MESSAGES.twoFactorTicketExpired });
    // The right code still works on a new ticket.
    const fresh = await loginTicket(ctx.app, user.username, user.password);
    expect((await secondStep(ctx.app, fresh, totpCode(user.key, ctx.clock.now()))).statusCode).toBe(200);
  });

  it('refuses a code of a step already used (replay), even within its window', async () => {
    const user = await protectedLearner();
    const code = nextCode(user.key, ctx.clock);
    expect((await secondStep(ctx.app, await loginTicket(ctx.app, user.username, user.password), code)).statusCode).toBe(
      200,
    );
    const replay = await secondStep(ctx.app, await loginTicket(ctx.app, user.username, user.password), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: [MESSAGES.twoFactorInvalidCode] });
    // So is the previous step's code, though within the accepted window.
    const previous = totpCode(user.key, new Date(ctx.clock.now().getTime() - 30_000));
    expect(
      (await secondStep(ctx.app, await loginTicket(ctx.app, user.username, user.password), previous)).statusCode,
    ).toBe(400);
    // Codes more than one step away are refused; the next step's is fine.
    const ticket = await loginTicket(ctx.app, user.username, user.password);
    expect(
      (await secondStep(ctx.app, ticket, totpCode(user.key, new Date(ctx.clock.now().getTime() + 65_000)))).statusCode,
    ).toBe(400);
    expect(
      (await secondStep(ctx.app, ticket, totpCode(user.key, new Date(ctx.clock.now().getTime() + 30_000)))).statusCode,
    ).toBe(200);
  });

  it('accepts a recovery code once, in any case and with or without its hyphen', async () => {
    const user = await protectedLearner();
    const code = user.recoveryCodes[4]!;
    const first = await secondStep(
      ctx.app,
      await loginTicket(ctx.app, user.username, user.password),
      code.toUpperCase(),
    );
    expect(first.statusCode).toBe(200);
    const reused = await secondStep(
      ctx.app,
      await loginTicket(ctx.app, user.username, user.password),
      code.replace('-', ''),
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: [MESSAGES.twoFactorInvalidCode] });
    const { authorization } = await authHeader(ctx.app, user.id);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/users/2fa/', headers: { authorization } });
    expect(status.json().recovery_codes_left).toBe(9);
  });

  it('lets only one of two parallel uses of a recovery code sign in', async () => {
    const user = await protectedLearner();
    const tickets = [
      await loginTicket(ctx.app, user.username, user.password),
      await loginTicket(ctx.app, user.username, user.password),
    ];
    const before = (await userSessions(user.id)).length;
    const answers = await Promise.all(tickets.map((ticket) => secondStep(ctx.app, ticket, user.recoveryCodes[0]!)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await userSessions(user.id)).toHaveLength(before + 1);
  });

  it('refuses an unknown, expired or superseded ticket', async () => {
    const user = await protectedLearner();
    const unknown = await secondStep(ctx.app, 'x'.repeat(43), '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: MESSAGES.twoFactorTicketExpired });

    const late = await loginTicket(ctx.app, user.username, user.password);
    ctx.clock.advance(301_000);
    expect((await secondStep(ctx.app, late, totpCode(user.key, ctx.clock.now()))).json()).toEqual({
      detail: MESSAGES.twoFactorTicketExpired,
    });

    // Bound to the password that was checked: a password changed since ends it.
    const ticket = await loginTicket(ctx.app, user.username, user.password);
    ctx.clock.advance(1_000);
    await ctx.db.update(users).set({ passwordChangedAt: ctx.clock.now() }).where(eq(users.id, user.id));
    expect((await secondStep(ctx.app, ticket, nextCode(user.key, ctx.clock))).json()).toEqual({
      detail: MESSAGES.twoFactorTicketExpired,
    });
  });

  it('validates the body', async () => {
    const missing = await post(ctx.app, '/api/users/login/2fa/', { code: '123456', extra: 1 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['extra', 'ticket']);
    const badCode = await post(ctx.app, '/api/users/login/2fa/', { ticket: 'abc', code: '12 34' });
    expect(Object.keys(badCode.json())).toEqual(['code']);
  });

  it('keeps the password-only answer for accounts without two-factor sign-in, also once it is turned off', async () => {
    const plain = await createUser(ctx.db);
    const response = await login(ctx.app, plain.username, plain.password);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh']);

    const user = await protectedLearner();
    const { authorization } = await authHeader(ctx.app, user.id);
    const off = await post(
      ctx.app,
      '/api/users/2fa/disable/',
      { password: user.password, code: nextCode(user.key, ctx.clock) },
      { authorization },
    );
    expect(off.statusCode).toBe(200);
    expect(Object.keys((await login(ctx.app, user.username, user.password)).json()).sort()).toEqual([
      'access',
      'refresh',
    ]);
  });

  it("keeps the password step's answers for a wrong password or an unverified account", async () => {
    const user = await protectedLearner();
    const wrong = await login(ctx.app, user.username, 'Wrong-password-123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ detail: MESSAGES.badCredentials });
    await ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, user.id));
    const unverified = await login(ctx.app, user.username, user.password);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ detail: MESSAGES.unverified });
  });
});
