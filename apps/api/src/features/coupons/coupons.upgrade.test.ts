import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, notifications, pointsLedger, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';

// Upgrade codes: reward codes that grant premium days, redeemed through the same route as points codes.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_COUPON: '1000/10m' } });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
/** Holds the test clock still, so the expected period ends can be computed exactly. */
function freezeClock(): Date {
  const now = new Date('2030-03-01T12:00:00.000Z');
  ctx.clock.set(now);
  const frozen = () => new Date(now);
  ctx.clock.now = frozen;
  return now;
}
let serial = 0;
async function upgradeCode(values: Partial<typeof coupons.$inferInsert> = {}) {
  serial += 1;
  const [row] = await ctx.db
    .insert(coupons)
    .values({ code: `UPGRADE${serial}`, points: 0, premiumDays: 30, ...values })
    .returning();
  return row!;
}

async function learner(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

const redeem = (code: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/coupons/redeem/${code}/`, headers });
const premiumOf = async (userId: string) =>
  (
    await ctx.db
      .select({ isPremium: users.isPremium, premiumUntil: users.premiumUntil, points: users.points })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!;

describe('redeeming an upgrade code', () => {
  it('grants a free learner its premium days, no points, and one premium notification', async () => {
    const now = freezeClock();
    const code = await upgradeCode({ premiumDays: 30 });
    const { user, headers } = await learner({ points: 5 });
    const res = await redeem(code.code.toLowerCase(), headers);
    const until = new Date(now.getTime() + 30 * DAY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Reward code redeemed successfully!',
      points_awarded: 0,
      total_points: 5,
      premium_days: 30,
      premium_until: until.toISOString(),
    });
    expect(await premiumOf(user.id)).toEqual({ isPremium: true, premiumUntil: until, points: 5 });
    expect(await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id))).toEqual([]);
    const inbox = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(inbox.map((n) => n.title)).toEqual(['Premium activated']);

    const subscription = await ctx.app.inject({ url: '/api/subscription/', headers });
    // The plan page says how premium was obtained: the code, not an administrator.
    expect(subscription.json()).toMatchObject({ is_premium: true, premium_until: until.toISOString(), source: 'code' });
    const history = await ctx.app.inject({ url: '/api/coupons/history/', headers });
    expect(history.json().results).toEqual([
      { code: code.code, points: 0, premium_days: 30, redeemed_at: now.toISOString() },
    ]);
    // Once per learner, as every reward code.
    expect((await redeem(code.code, headers)).json()).toEqual({ error: 'Coupon already used.' });
  });

  it('adds the days to a running period, and leaves premium without an end date as it is', async () => {
    const running = new Date(freezeClock().getTime() + 10 * DAY);
    const member = await learner({ isPremium: true, premiumUntil: running, premiumSource: 'operator' });
    const code = await upgradeCode({ premiumDays: 7 });
    const res = await redeem(code.code, member.headers);
    expect(res.json().premium_until).toBe(new Date(running.getTime() + 7 * DAY).toISOString());

    const forever = await learner({ isPremium: true, premiumSource: 'operator' });
    const again = await redeem(code.code, forever.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ premium_days: 7, premium_until: null });
    expect(await premiumOf(forever.user.id)).toMatchObject({ isPremium: true, premiumUntil: null });
  });

  it('awards its points too when it has some, and points codes answer as before', async () => {
    const both = await upgradeCode({ points: 20, premiumDays: 3 });
    const { headers } = await learner();
    expect((await redeem(both.code, headers)).json()).toMatchObject({ points_awarded: 20, premium_days: 3 });

    const [points] = await ctx.db.insert(coupons).values({ code: 'PLAINPOINTS', points: 15 }).returning();
    const plain = await redeem(points!.code, headers);
    expect(Object.keys(plain.json()).sort()).toEqual(['detail', 'points_awarded', 'total_points']);
  });
});
