import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';

// The default COUPON throttle of R18: 10 attempts per 10 minutes per learner.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function learner() {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

const redeem = (code: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/coupons/redeem/${code}/`, headers });

describe('reward code throttle', () => {
  it('counts every attempt, then answers 429 with Retry-After, even for a valid code', async () => {
    await ctx.db.insert(coupons).values({ code: 'THROTTLE10', points: 10 });
    const guesser = await learner();
    // Unknown, malformed and successful attempts all count.
    expect((await redeem('THROTTLE10', guesser.headers)).statusCode).toBe(200);
    expect((await redeem('bad.code', guesser.headers)).statusCode).toBe(404);
    for (let i = 0; i < 8; i += 1) expect((await redeem(`GUESS${i}`, guesser.headers)).statusCode).toBe(404);

    const blocked = await redeem('THROTTLE10', guesser.headers);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'Too many reward code attempts. Please wait a few minutes before trying again.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    // Another learner has their own allowance.
    const other = await learner();
    expect((await redeem('THROTTLE10', other.headers)).statusCode).toBe(200);
    const [row] = await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, guesser.user.id));
    expect(row!.points).toBe(10);
  });

  it('throttles parallel guesses too: at most 10 of 15 are looked at', async () => {
    const { headers } = await learner();
    const responses = await Promise.all(Array.from({ length: 15 }, (_, i) => redeem(`PARALLEL${i}`, headers)));
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
