import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, notifications, pointsLedger, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { MAX_TOTAL_POINTS } from '../gamification/points.repository.ts';

// Attempts are throttled per learner (coupons.throttle.test.ts); here the limit is out of the way.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_COUPON: '1000/10m' } });
});
afterAll(() => ctx.close());

const redeemUrl = (code: string) => `/api/coupons/redeem/${code}/`;
const NOT_FOUND = { detail: 'Not found.' };
const USED = { error: 'Coupon already used.' };

let serial = 0;
async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  serial += 1;
  const [row] = await ctx.db
    .insert(coupons)
    .values({ code: `CODE${serial}X${Math.random().toString(36).slice(2, 7).toUpperCase()}`, points: 40, ...values })
    .returning();
  return row!;
}

async function learner(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

const redeem = (code: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: redeemUrl(code), headers });

async function couponRow(id: string) {
  const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, id));
  return row!;
}
async function pointsOf(userId: string) {
  const [row] = await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row!.points;
}
const redemptionsOf = (couponId: string) =>
  ctx.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));

describe('POST /api/coupons/redeem/{code}/', () => {
  it('answers 409, not 500, when the points would take the total past what it can hold, and uses nothing', async () => {
    const code = await coupon({ points: 40 });
    const { user, headers } = await learner({ points: MAX_TOTAL_POINTS - 39 });
    const res = await redeem(code.code, headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'Your points total has reached the most Bastion can record, so no more points can be added.',
    });
    expect(await pointsOf(user.id)).toBe(MAX_TOTAL_POINTS - 39);
    expect((await couponRow(code.id)).uses).toBe(0);
    expect(await redemptionsOf(code.id)).toEqual([]);
  });

  it('redeems a code case-insensitively: points through the ledger, one use, a notification', async () => {
    const code = await coupon({ points: 75 });
    const { user, headers } = await learner({ points: 10 });
    const res = await redeem(code.code.toLowerCase(), headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Reward code redeemed successfully!', points_awarded: 75, total_points: 85 });

    expect((await couponRow(code.id)).uses).toBe(1);
    expect(await redemptionsOf(code.id)).toEqual([
      expect.objectContaining({ userId: user.id, points: 75, redeemedAt: expect.any(Date) }),
    ]);
    expect(await pointsOf(user.id)).toBe(85);
    const ledger = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger).toEqual([
      expect.objectContaining({
        points: 75,
        sourceType: 'coupon',
        sourceId: code.id,
        reason: `Reward code ${code.code}`,
      }),
    ]);
    const inbox = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(inbox).toEqual([
      expect.objectContaining({
        title: 'Reward code redeemed',
        message: `You redeemed the code ${code.code} and earned 75 points.`,
        type: 'success',
      }),
    ]);
  });

  it('answers with or without the trailing slash, and accepts an empty JSON body', async () => {
    const first = await coupon();
    const second = await coupon();
    const { headers } = await learner();
    const bare = await ctx.app.inject({ method: 'POST', url: `/api/coupons/redeem/${first.code}`, headers });
    expect(bare.statusCode).toBe(200);
    const withBody = await ctx.app.inject({ method: 'POST', url: redeemUrl(second.code), headers, payload: {} });
    expect(withBody.statusCode).toBe(200);
    const extra = await ctx.app.inject({ method: 'POST', url: redeemUrl(second.code), headers, payload: { x: 1 } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ x: ['Unknown field.'] });
  });

  it('answers 401 without a token and changes nothing', async () => {
    const code = await coupon();
    const res = await ctx.app.inject({ method: 'POST', url: redeemUrl(code.code) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    expect((await couponRow(code.id)).uses).toBe(0);
  });

  it('answers 404 for an unknown code, a disabled code and any odd code, never 500', async () => {
    const disabled = await coupon({ disabledAt: new Date() });
    const { user, headers } = await learner();
    const odd = [
      'NOPE-NOPE',
      disabled.code,
      'A'.repeat(65),
      'ab%20cd',
      'a.b',
      '%C3%A9t%C3%A9',
      "x'or'1",
      '%00',
      '..%2F..',
    ];
    for (const code of odd) {
      const res = await redeem(code, headers);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await couponRow(disabled.id)).uses).toBe(0);
    expect(await pointsOf(user.id)).toBe(0);
  });

  it('answers 400 "Coupon already used." to a second redemption by the same learner', async () => {
    const code = await coupon({ points: 30 });
    const { user, headers } = await learner();
    expect((await redeem(code.code, headers)).statusCode).toBe(200);
    const again = await redeem(code.code, headers);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(USED);
    expect((await couponRow(code.id)).uses).toBe(1);
    expect(await pointsOf(user.id)).toBe(30);
  });

  it('answers 400 "Coupon already used." once the total uses are spent', async () => {
    const code = await coupon({ maxUses: 2 });
    for (let i = 0; i < 2; i += 1) expect((await redeem(code.code, (await learner()).headers)).statusCode).toBe(200);
    const late = await learner();
    const res = await redeem(code.code, late.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(USED);
    expect((await couponRow(code.id)).uses).toBe(2);
    expect(await pointsOf(late.user.id)).toBe(0);
  });

  it('answers 400 "Coupon expired." from the moment of expiry', async () => {
    const now = ctx.clock.now();
    const code = await coupon({ expiresAt: new Date(now.getTime() + 60_000) });
    const early = await learner();
    expect((await redeem(code.code, early.headers)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    try {
      const late = await learner();
      const res = await redeem(code.code, late.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Coupon expired.' });
      expect(await pointsOf(late.user.id)).toBe(0);
      // A learner who already redeemed it hears that first.
      expect((await redeem(code.code, early.headers)).json()).toEqual(USED);
    } finally {
      ctx.clock.advance(-60_000);
    }
  });

  it('answers 400 with both counts when the learner has too few points (they are not spent)', async () => {
    const code = await coupon({ points: 20, requiredPoints: 150 });
    const poor = await learner({ points: 149 });
    const res = await redeem(code.code, poor.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Not enough points to redeem this coupon.',
      required_points: 150,
      your_points: 149,
    });
    expect((await couponRow(code.id)).uses).toBe(0);

    const rich = await learner({ points: 150 });
    const ok = await redeem(code.code, rich.headers);
    expect(ok.json()).toEqual({ detail: 'Reward code redeemed successfully!', points_awarded: 20, total_points: 170 });
  });

  it('answers 403 with a message for a premium-only code and a free (or lapsed) learner', async () => {
    const code = await coupon({ premiumOnly: true, points: 60 });
    const expected = {
      error: 'Permission denied',
      message: 'This reward code is only for Premium members. Upgrade your plan to use it.',
    };
    const free = await learner();
    const res = await redeem(code.code, free.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(expected);

    const lapsed = await learner({ isPremium: true, premiumUntil: new Date(ctx.clock.now().getTime() - 1000) });
    expect((await redeem(code.code, lapsed.headers)).json()).toEqual(expected);
    expect((await couponRow(code.id)).uses).toBe(0);

    const premium = await learner({ isPremium: true, premiumUntil: new Date(ctx.clock.now().getTime() + 86_400_000) });
    expect((await redeem(code.code, premium.headers)).statusCode).toBe(200);
    const forever = await learner({ isPremium: true });
    expect((await redeem(code.code, forever.headers)).statusCode).toBe(200);
    expect((await couponRow(code.id)).uses).toBe(2);
  });

  it("answers 403 to a learner not on the code's list", async () => {
    const listed = await learner();
    const code = await coupon({ allowedUserIds: [listed.user.id] });
    const other = await learner({ isPremium: true });
    const res = await redeem(code.code, other.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'Permission denied',
      message: 'This reward code is not available for your account.',
    });
    expect((await redeem(code.code, listed.headers)).statusCode).toBe(200);
  });
});

describe('parallel redemptions', () => {
  it('50 learners at once on a single-use code: exactly one succeeds', async () => {
    const code = await coupon({ maxUses: 1, points: 500 });
    const learners = await Promise.all(Array.from({ length: 50 }, () => learner()));
    const responses = await Promise.all(learners.map(({ headers }) => redeem(code.code, headers)));
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    for (const res of responses.filter((r) => r.statusCode === 400)) expect(res.json()).toEqual(USED);

    expect((await couponRow(code.id)).uses).toBe(1);
    const rows = await redemptionsOf(code.id);
    expect(rows).toHaveLength(1);
    const winner = learners[statuses.indexOf(200)]!;
    expect(rows[0]!.userId).toBe(winner.user.id);
    const credited = await ctx.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.sourceType, 'coupon'), eq(pointsLedger.sourceId, code.id)));
    expect(credited).toHaveLength(1);
  });

  it('one learner sending the same multi-use code 20 times at once is credited once', async () => {
    const code = await coupon({ maxUses: 100, points: 25 });
    const { user, headers } = await learner();
    const responses = await Promise.all(Array.from({ length: 20 }, () => redeem(code.code, headers)));
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect((await couponRow(code.id)).uses).toBe(1);
    expect(await redemptionsOf(code.id)).toHaveLength(1);
    expect(await pointsOf(user.id)).toBe(25);
    const inbox = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(inbox.filter((n) => n.title === 'Reward code redeemed')).toHaveLength(1);
  });
});

describe('GET /api/coupons/history/', () => {
  const URL = '/api/coupons/history/';

  it("pages the learner's redemptions newest first as {code, points, redeemed_at}", async () => {
    const { headers } = await learner();
    const codes = [];
    const start = ctx.clock.now().getTime();
    try {
      for (let i = 0; i < 12; i += 1) {
        const code = await coupon({ points: i + 1 });
        codes.push(code);
        ctx.clock.set(new Date(start + (i + 1) * 60_000));
        expect((await redeem(code.code, headers)).statusCode).toBe(200);
      }
    } finally {
      ctx.clock.set(new Date(start));
    }
    await redeem(codes[0]!.code, (await learner()).headers);

    const first = await ctx.app.inject({ url: URL, headers });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ count: 12, next: `${URL}?page=2`, previous: null });
    expect(body.results).toHaveLength(10);
    // The test clock runs on from each `set`, so a redemption is stamped a few milliseconds after it.
    const at = (minute: number) =>
      expect.toSatisfy((iso: string) => {
        const lag = Date.parse(iso) - (start + minute * 60_000);
        return lag >= 0 && lag < 5_000;
      });
    expect(body.results[0]).toEqual({ code: codes[11]!.code, points: 12, redeemed_at: at(12) });
    expect(body.results.map((r: { code: string }) => r.code)).toEqual(
      codes
        .slice(2)
        .reverse()
        .map((c) => c.code),
    );

    const second = await ctx.app.inject({ url: `${URL}?page=2`, headers });
    expect(second.json()).toEqual({
      count: 12,
      next: null,
      previous: `${URL}?page=1`,
      results: [
        { code: codes[1]!.code, points: 2, redeemed_at: at(2) },
        { code: codes[0]!.code, points: 1, redeemed_at: at(1) },
      ],
    });
    const small = await ctx.app.inject({ url: `${URL}?page=3&page_size=5`, headers });
    expect(small.json().results.map((r: { points: number }) => r.points)).toEqual([2, 1]);
  });

  it('answers an empty first page, 404 past the end, 400 for a bad page size and 401 without a token', async () => {
    const { headers } = await learner();
    expect((await ctx.app.inject({ url: URL, headers })).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const past = await ctx.app.inject({ url: `${URL}?page=2`, headers });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual(NOT_FOUND);
    expect((await ctx.app.inject({ url: `${URL}?page_size=101`, headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: URL })).statusCode).toBe(401);
  });
});
