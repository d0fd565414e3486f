import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { refreshTokens, sessions } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser, type TestUser } from '../../../test/fixtures.ts';
import { accessStatus, loginTokens, post } from '../../../test/accounts.ts';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '500/15m' } });
  user = await createUser(ctx.db);
});
afterAll(() => ctx.close());

const refresh = (token: string) => post(ctx.app, '/api/auth/token/refresh/', { refresh: token });
const logout = (token: string, headers: Record<string, string> = {}) =>
  post(ctx.app, '/api/users/logout/', { refresh: token }, headers);
const sessionIdOf = async (refreshToken: string) =>
  (await ctx.app.tokens.verify(refreshToken, 'refresh', ctx.clock.now()))!.sessionId;
const sessionOf = async (userId: string) =>
  (await ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).at(-1)!;

describe('POST /api/auth/token/refresh/', () => {
  it('rotates: a new working pair, the old refresh token marked as replaced', async () => {
    const first = await loginTokens(ctx.app, user.username, user.password);
    const response = await refresh(first.refresh);
    expect(response.statusCode).toBe(200);
    const next = response.json();
    expect(Object.keys(next).sort()).toEqual(['access', 'refresh']);
    expect(next.refresh).not.toBe(first.refresh);
    expect(await accessStatus(ctx.app, next.access)).toBe(400);
    expect((await refresh(next.refresh)).statusCode).toBe(200);

    const session = await sessionOf(user.id);
    const rows = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, session.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.rotatedAt === null)).toHaveLength(1);
  });

  it('gives a parallel tab a valid pair within the 10 s grace', async () => {
    const first = await loginTokens(ctx.app, user.username, user.password);
    const tabA = await refresh(first.refresh);
    ctx.clock.advance(9_000);
    try {
      const tabB = await refresh(first.refresh);
      expect(tabB.statusCode).toBe(200);
      expect(await accessStatus(ctx.app, tabB.json().access)).toBe(400);
      expect((await refresh(tabA.json().refresh)).statusCode).toBe(200);
      expect((await refresh(tabB.json().refresh)).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-9_000);
    }
  });

  it('answers reuse inside the grace with the refresh token of the first rotation: one chain per session', async () => {
    const first = await loginTokens(ctx.app, user.username, user.password);
    const [tabA, tabB] = (await Promise.all([refresh(first.refresh), refresh(first.refresh)])).map((r) => r.json());
    ctx.clock.advance(9_000);
    try {
      const tabC = (await refresh(first.refresh)).json();
      expect(tabB.refresh).toBe(tabA.refresh);
      expect(tabC.refresh).toBe(tabA.refresh);
      expect(await accessStatus(ctx.app, tabC.access)).toBe(400);

      const sessionId = await sessionIdOf(first.refresh);
      const rows = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
      expect(rows).toHaveLength(2);
      expect(rows.filter((r) => r.rotatedAt === null).map((r) => r.id)).toEqual([
        rows.find((r) => r.replacedBy)!.replacedBy,
      ]);

      ctx.clock.advance(2_000);
      expect((await refresh(first.refresh)).statusCode).toBe(401);
      const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
      expect(session!.revokedReason).toBe('refresh_token_reuse');
      expect((await refresh(tabA.refresh)).statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-11_000);
    }
  });

  it('treats reuse after the grace as theft: the whole session ends, access tokens included', async () => {
    const first = await loginTokens(ctx.app, user.username, user.password);
    const rotated = (await refresh(first.refresh)).json();
    ctx.clock.advance(11_000);
    try {
      const reuse = await refresh(first.refresh);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ detail: MESSAGES.tokenNotValid, code: 'token_not_valid' });
      const session = await sessionOf(user.id);
      expect(session.revokedAt).not.toBeNull();
      expect(session.revokedReason).toBe('refresh_token_reuse');
      expect((await refresh(rotated.refresh)).statusCode).toBe(401);
      expect(await accessStatus(ctx.app, rotated.access)).toBe(401);
      expect(await accessStatus(ctx.app, first.access)).toBe(401);
    } finally {
      ctx.clock.advance(-11_000);
    }
  });

  it('survives 10 parallel refreshes of one token: no 500, the session stays alive', async () => {
    const first = await loginTokens(ctx.app, user.username, user.password);
    const responses = await Promise.all(Array.from({ length: 10 }, () => refresh(first.refresh)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const session = await sessionOf(user.id);
    expect(session.revokedAt).toBeNull();
    for (const response of responses.slice(0, 3)) expect(await accessStatus(ctx.app, response.json().access)).toBe(400);
    expect(new Set(responses.map((r) => r.json().refresh)).size).toBe(1);
    const sessionId = await sessionIdOf(first.refresh);
    const rows = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
    expect(rows.filter((r) => r.rotatedAt === null)).toHaveLength(1);
  });

  it('refuses garbage, a forged token and a token of an unknown session', async () => {
    const first = await loginTokens(ctx.app, user.username, user.password);
    const [header, payload] = first.refresh.split('.');
    for (const token of ['garbage', `${header}.${payload}.AAAA`, `${header}.${payload}.`]) {
      expect((await refresh(token)).statusCode).toBe(401);
    }
    const orphan = await ctx.app.tokens.sign({
      userId: user.id,
      sessionId: '00000000-0000-4000-8000-000000000000',
      type: 'refresh',
      now: ctx.clock.now(),
    });
    expect((await refresh(orphan.token)).statusCode).toBe(401);
  });

  it('validates the body', async () => {
    const response = await post(ctx.app, '/api/auth/token/refresh/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('POST /api/users/logout/', () => {
  it('ends the session: its access token stops at once, its refresh token too', async () => {
    const pair = await loginTokens(ctx.app, user.username, user.password);
    const other = await loginTokens(ctx.app, user.username, user.password);
    expect(await accessStatus(ctx.app, pair.access)).toBe(400);
    const response = await logout(pair.refresh);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MESSAGES.loggedOut });
    expect(await accessStatus(ctx.app, pair.access)).toBe(401);
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect(await accessStatus(ctx.app, other.access)).toBe(400);
    const revoked = await ctx.db.select().from(sessions).where(eq(sessions.revokedReason, 'logout'));
    expect(revoked.length).toBeGreaterThanOrEqual(1);
  });

  it('is idempotent, accepts an optional bearer header, and refuses an invalid token', async () => {
    const pair = await loginTokens(ctx.app, user.username, user.password);
    expect((await logout(pair.refresh, { authorization: `Bearer ${pair.access}` })).statusCode).toBe(200);
    expect((await logout(pair.refresh)).statusCode).toBe(200);
    const bad = await logout('not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
    expect((await logout(pair.access)).statusCode).toBe(401);
  });
});
