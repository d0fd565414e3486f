import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@bastion/db';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { authHeader, createUser } from '../../test/fixtures.ts';

/** The remembered token verification never outlives what the token and its session allow. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const navbar = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/navbar/', headers: { authorization } });

describe('verified-token cache', () => {
  it('still refuses a remembered token once it expires', async () => {
    const user = await createUser(ctx.db);
    const { authorization } = await authHeader(ctx.app, user.id);
    expect((await navbar(authorization)).statusCode).toBe(200);
    expect((await navbar(authorization)).statusCode).toBe(200);
    ctx.clock.advance(ctx.app.config.accessTokenTtlSeconds * 1000 + 1_000);
    const expired = await navbar(authorization);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('still refuses a remembered token of a revoked session', async () => {
    const user = await createUser(ctx.db);
    const { authorization, sessionId } = await authHeader(ctx.app, user.id);
    expect((await navbar(authorization)).statusCode).toBe(200);
    await ctx.db.update(sessions).set({ revokedAt: ctx.clock.now() }).where(eq(sessions.id, sessionId));
    await ctx.app.settleLearnerChanges();
    expect((await navbar(authorization)).statusCode).toBe(401);
  });

  it('does not accept a tampered copy of a remembered token', async () => {
    const user = await createUser(ctx.db);
    const { authorization } = await authHeader(ctx.app, user.id);
    expect((await navbar(authorization)).statusCode).toBe(200);
    // A character inside the signature (the last one also carries padding bits).
    const swapped = authorization.at(-5) === 'A' ? 'B' : 'A';
    const tampered = await navbar(`${authorization.slice(0, -5)}${swapped}${authorization.slice(-4)}`);
    expect(tampered.statusCode).toBe(401);
  });
});
