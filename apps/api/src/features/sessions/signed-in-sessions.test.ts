import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { sessions } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { login, post } from '../../../test/accounts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_CAPTCHA_IP: '1000/1m' } });
});
afterAll(() => ctx.close());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(username: string, password: string, userAgent: string) {
  const response = await login(ctx.app, username, password, { 'user-agent': userAgent });
  expect(response.statusCode).toBe(200);
  const pair: { access: string; refresh: string } = response.json();
  return { ...pair, authorization: `Bearer ${pair.access}` };
}
const list = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/sessions/', headers: { authorization } });
const end = (authorization: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/users/sessions/${id}/`, headers: { authorization } });
const endOthers = (authorization: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/sessions/revoke-others/', headers: { authorization } });
const navbarStatus = async (authorization: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/navbar/', headers: { authorization } })).statusCode;

describe('GET /api/users/sessions/', () => {
  it('lists live sessions with device, IP, times and which one is asking, most recently active first', async () => {
    const user = await createUser(ctx.db);
    const laptop = await signIn(user.username, user.password, CHROME);
    ctx.clock.advance(60_000);
    await signIn(user.username, user.password, SAFARI_IPHONE);
    const ended = await signIn(user.username, user.password, 'curl/8.0');
    await post(ctx.app, '/api/users/logout/', { refresh: ended.refresh });
    ctx.clock.advance(60_000);
    // Refreshing counts as activity.
    const refreshed = await post(ctx.app, '/api/auth/token/refresh/', { refresh: laptop.refresh });
    expect(refreshed.statusCode).toBe(200);

    // The session that asks is in use: the laptop, with its refreshed token.
    const response = await list(`Bearer ${refreshed.json().access}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(2);
    expect(body.map((s: { device: string }) => s.device)).toEqual(['Chrome 131 on Linux', 'Safari 17 on iOS']);
    expect(body.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
    for (const session of body) {
      expect(Object.keys(session).sort()).toEqual(['created_at', 'current', 'device', 'id', 'ip', 'last_active']);
      expect(session.ip).toBe('127.0.0.1');
    }
    const [chrome, safari] = body;
    expect(Date.parse(chrome.last_active) - Date.parse(chrome.created_at)).toBeGreaterThanOrEqual(120_000);
    expect(safari.last_active).toBe(safari.created_at);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.id, chrome.id));
    expect(rows[0]!.lastUsedAt.toISOString()).toBe(chrome.last_active);
  });

  it('says when a session was last used, written at most once a minute', async () => {
    const user = await createUser(ctx.db);
    const laptop = await signIn(user.username, user.password, CHROME);
    const lastActive = async () => Date.parse((await list(laptop.authorization)).json()[0].last_active);
    const signedInAt = await lastActive();

    ctx.clock.advance(5 * 60_000);
    expect(await navbarStatus(laptop.authorization)).toBe(200);
    const used = await lastActive();
    expect(used - signedInAt).toBeGreaterThanOrEqual(5 * 60_000);
    ctx.clock.advance(30_000);
    expect(await navbarStatus(laptop.authorization)).toBe(200);
    expect(await lastActive()).toBe(used);
    ctx.clock.advance(31_000);
    expect(await navbarStatus(laptop.authorization)).toBe(200);
    expect((await lastActive()) - used).toBeGreaterThanOrEqual(61_000);
  });

  it('leaves out expired sessions and says "Unknown device" for a user agent it cannot read', async () => {
    const user = await createUser(ctx.db);
    const { authorization, sessionId } = await authHeader(ctx.app, user.id);
    const [old] = await ctx.db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .returning();
    const body = (await list(authorization)).json();
    expect(body.map((s: { id: string }) => s.id)).toEqual([sessionId]);
    expect(body.map((s: { id: string }) => s.id)).not.toContain(old!.id);
    expect(body[0]).toMatchObject({ device: 'Unknown device', ip: null, current: true });
  });

  it('needs a signed-in learner', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/sessions/' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/sessions/{id}/ and POST revoke-others/', () => {
  it("signs one of the learner's sessions out; its access token stops at once", async () => {
    const user = await createUser(ctx.db);
    const laptop = await signIn(user.username, user.password, CHROME);
    const phone = await signIn(user.username, user.password, SAFARI_IPHONE);
    expect(await navbarStatus(phone.authorization)).toBe(200);
    const phoneId = (await list(laptop.authorization)).json().find((s: { current: boolean }) => !s.current).id;

    const response = await end(laptop.authorization, phoneId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MESSAGES.sessionEnded, revoked: 1 });
    expect(await navbarStatus(phone.authorization)).toBe(401);
    expect((await post(ctx.app, '/api/auth/token/refresh/', { refresh: phone.refresh })).statusCode).toBe(401);
    expect(await navbarStatus(laptop.authorization)).toBe(200);
    expect((await list(laptop.authorization)).json()).toHaveLength(1);
    // Ending it again ends nothing.
    expect((await end(laptop.authorization, phoneId)).json()).toEqual({ detail: MESSAGES.sessionEnded, revoked: 0 });
  });

  it("answers the same 404 for another learner's session, none, or a malformed id", async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const mine = await authHeader(ctx.app, user.id);
    const theirs = await authHeader(ctx.app, other.id);
    for (const id of [theirs.sessionId, randomUUID()]) {
      const response = await end(mine.authorization, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    }
    expect(await navbarStatus(theirs.authorization)).toBe(200);
    expect((await end(mine.authorization, 'not-a-uuid')).statusCode).toBe(404);
    expect((await end('Bearer nope', randomUUID())).statusCode).toBe(401);
  });

  it('signs every other session out at once and keeps this one', async () => {
    const user = await createUser(ctx.db);
    const here = await signIn(user.username, user.password, CHROME);
    const others = [
      await signIn(user.username, user.password, SAFARI_IPHONE),
      await signIn(user.username, user.password, CHROME),
    ];
    const bystander = await createUser(ctx.db);
    const theirs = await authHeader(ctx.app, bystander.id);
    for (const other of others) expect(await navbarStatus(other.authorization)).toBe(200);

    const response = await endOthers(here.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MESSAGES.otherSessionsEnded, revoked: 2 });
    for (const other of others) expect(await navbarStatus(other.authorization)).toBe(401);
    expect(await navbarStatus(here.authorization)).toBe(200);
    expect(await navbarStatus(theirs.authorization)).toBe(200);
    expect((await endOthers(here.authorization)).json()).toEqual({ detail: MESSAGES.otherSessionsEnded, revoked: 0 });
  });
});
