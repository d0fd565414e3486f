import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyActivity, notifications, pointsLedger, users, type PointSourceType } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { MAX_TOTAL_POINTS } from './points.repository.ts';
import { awardPoints, certificateSerial, PointsTotalFull } from './points.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function award(
  userId: string,
  at: Date,
  options: { points?: number; sourceType?: PointSourceType; sourceId?: string } = {},
) {
  return ctx.db.transaction((tx) =>
    awardPoints(
      tx,
      {
        userId,
        points: options.points ?? 7,
        reason: 'Reward code WELCOME',
        sourceType: options.sourceType ?? 'coupon',
        sourceId: options.sourceId ?? randomUUID(),
      },
      at,
    ),
  );
}

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function activity(userId: string) {
  const rows = await ctx.db
    .select({ day: dailyActivity.day, points: dailyActivity.points })
    .from(dailyActivity)
    .where(eq(dailyActivity.userId, userId));
  return rows.sort((a, b) => a.day.localeCompare(b.day));
}

async function navbarStrike(userId: string): Promise<number> {
  const { authorization } = await authHeader(ctx.app, userId);
  const res = await ctx.app.inject({ url: '/api/navbar/', headers: { authorization } });
  return res.json().user_strike;
}

describe('awardPoints', () => {
  it('writes the ledger row, adds to the total and records the day', async () => {
    const user = await createUser(ctx.db);
    const at = new Date('2026-05-04T10:00:00Z');
    const sourceId = randomUUID();
    const outcome = await award(user.id, at, { points: 12, sourceId });
    expect(outcome).toEqual({
      awarded: true,
      ledgerId: expect.any(String),
      moduleCompleted: false,
      moduleCompletionId: null,
      courseCompleted: false,
      courseCompletionId: null,
    });
    const ledger = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger).toEqual([
      {
        id: outcome.ledgerId,
        userId: user.id,
        points: 12,
        reason: 'Reward code WELCOME',
        sourceType: 'coupon',
        sourceId,
        createdAt: at,
      },
    ]);
    expect(await userRow(user.id)).toMatchObject({
      points: 12,
      streak: 1,
      longestStreak: 1,
      lastActiveDay: '2026-05-04',
    });
    expect(await activity(user.id)).toEqual([{ day: '2026-05-04', points: 12 }]);
  });

  it('refuses an award past what a total can hold with a typed error, and keeps nothing of it', async () => {
    const user = await createUser(ctx.db);
    await ctx.db
      .update(users)
      .set({ points: MAX_TOTAL_POINTS - 10 })
      .where(eq(users.id, user.id));
    const at = new Date('2026-05-04T10:00:00Z');
    await expect(award(user.id, at, { points: 11 })).rejects.toThrow(PointsTotalFull);
    await expect(award(user.id, at, { points: 11 })).rejects.toMatchObject({ statusCode: 409 });
    expect((await userRow(user.id)).points).toBe(MAX_TOTAL_POINTS - 10);
    expect(await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id))).toEqual([]);
    expect(await activity(user.id)).toEqual([]);
    // Up to the limit is fine.
    expect((await award(user.id, at, { points: 10 })).awarded).toBe(true);
    expect((await userRow(user.id)).points).toBe(MAX_TOTAL_POINTS);
  });

  it('awards a source once: a repeat changes nothing', async () => {
    const user = await createUser(ctx.db);
    const sourceId = randomUUID();
    const at = new Date('2026-05-04T10:00:00Z');
    await award(user.id, at, { points: 5, sourceId });
    const repeat = await award(user.id, new Date('2026-05-05T10:00:00Z'), { points: 5, sourceId });
    expect(repeat).toEqual({
      awarded: false,
      ledgerId: null,
      moduleCompleted: false,
      moduleCompletionId: null,
      courseCompleted: false,
      courseCompletionId: null,
    });
    expect(await userRow(user.id)).toMatchObject({ points: 5, streak: 1, lastActiveDay: '2026-05-04' });
    expect(await activity(user.id)).toEqual([{ day: '2026-05-04', points: 5 }]);
    // The same source id of another kind, or for another learner, is another award.
    expect((await award(user.id, at, { points: 5, sourceId, sourceType: 'badge' })).awarded).toBe(true);
    const other = await createUser(ctx.db);
    expect((await award(other.id, at, { points: 5, sourceId })).awarded).toBe(true);
  });

  it('awards once across parallel transactions', async () => {
    const user = await createUser(ctx.db);
    const sourceId = randomUUID();
    const at = new Date('2026-05-04T10:00:00Z');
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => award(user.id, at, { points: 3, sourceId })));
    expect(outcomes.filter((outcome) => outcome.awarded)).toHaveLength(1);
    expect(await userRow(user.id)).toMatchObject({ points: 3 });
    expect(await activity(user.id)).toEqual([{ day: '2026-05-04', points: 3 }]);
  });

  it('sums the points of one local day', async () => {
    const user = await createUser(ctx.db);
    await award(user.id, new Date('2026-05-04T00:10:00Z'), { points: 2 });
    await award(user.id, new Date('2026-05-04T23:50:00Z'), { points: 3 });
    await award(user.id, new Date('2026-05-05T00:10:00Z'), { points: 4 });
    expect(await activity(user.id)).toEqual([
      { day: '2026-05-04', points: 5 },
      { day: '2026-05-05', points: 4 },
    ]);
  });
});

describe('streaks', () => {
  it('extends on consecutive days, keeps the longest run and starts over after a gap', async () => {
    const user = await createUser(ctx.db);
    const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 5, d, hour));
    await award(user.id, day(1));
    await award(user.id, day(1, 20));
    expect(await userRow(user.id)).toMatchObject({ streak: 1, longestStreak: 1 });
    await award(user.id, day(2, 1));
    await award(user.id, day(3, 23));
    expect(await userRow(user.id)).toMatchObject({ streak: 3, longestStreak: 3, lastActiveDay: '2026-06-03' });
    await award(user.id, day(5));
    expect(await userRow(user.id)).toMatchObject({ streak: 1, longestStreak: 3, lastActiveDay: '2026-06-05' });
  });

  it("counts days in the learner's time zone: Pacific/Auckland and UTC around midnight", async () => {
    const kiwi = await createUser(ctx.db, { timezone: 'Pacific/Auckland' });
    const utc = await createUser(ctx.db, { timezone: 'UTC' });
    // 10:30 and 11:30 UTC on 2026-01-14 are 23:30 on the 14th and 00:30 on the 15th in Auckland (UTC+13).
    const before = new Date('2026-01-14T10:30:00Z');
    const after = new Date('2026-01-14T11:30:00Z');
    for (const user of [kiwi, utc]) {
      await award(user.id, before);
      await award(user.id, after);
    }
    expect(await userRow(kiwi.id)).toMatchObject({ streak: 2, lastActiveDay: '2026-01-15' });
    expect(await activity(kiwi.id)).toEqual([
      { day: '2026-01-14', points: 7 },
      { day: '2026-01-15', points: 7 },
    ]);
    expect(await userRow(utc.id)).toMatchObject({ streak: 1, lastActiveDay: '2026-01-14' });
    expect(await activity(utc.id)).toEqual([{ day: '2026-01-14', points: 14 }]);
  });

  it("shows yesterday's run until the learner's today ends, then 0", async () => {
    const kiwi = await createUser(ctx.db, { timezone: 'Pacific/Auckland' });
    const utc = await createUser(ctx.db, { timezone: 'UTC' });
    // Active on 2026-01-13 and 2026-01-14 in each zone.
    await award(kiwi.id, new Date('2026-01-13T01:00:00Z'));
    await award(kiwi.id, new Date('2026-01-14T01:00:00Z'));
    await award(utc.id, new Date('2026-01-13T12:00:00Z'));
    await award(utc.id, new Date('2026-01-14T12:00:00Z'));

    // 2026-01-15 09:00 UTC: the 15th in both zones (22:00 in Auckland), the run was extended yesterday.
    ctx.clock.set(new Date('2026-01-15T09:00:00Z'));
    expect(await navbarStrike(kiwi.id)).toBe(2);
    expect(await navbarStrike(utc.id)).toBe(2);
    // 11:30 UTC: already the 16th in Auckland (the run is over there), still the 15th in UTC.
    ctx.clock.set(new Date('2026-01-15T11:30:00Z'));
    expect(await navbarStrike(kiwi.id)).toBe(0);
    expect(await navbarStrike(utc.id)).toBe(2);
    // Just before and after midnight UTC.
    ctx.clock.set(new Date('2026-01-15T23:59:00Z'));
    expect(await navbarStrike(utc.id)).toBe(2);
    ctx.clock.set(new Date('2026-01-16T00:01:00Z'));
    expect(await navbarStrike(utc.id)).toBe(0);
    ctx.clock.set(new Date());
  });

  it('notifies each streak milestone once', async () => {
    const user = await createUser(ctx.db);
    for (let d = 1; d <= 8; d += 1) {
      await award(user.id, new Date(Date.UTC(2026, 6, d, 9)));
      await award(user.id, new Date(Date.UTC(2026, 6, d, 18)));
    }
    const rows = await ctx.db
      .select({ title: notifications.title, message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(notifications.createdAt);
    expect(rows.filter((row) => row.title === 'Streak milestone')).toEqual([
      {
        title: 'Streak milestone',
        message: 'You have learned 3 days in a row. Keep the streak going!',
        link: '/dashboard',
      },
      {
        title: 'Streak milestone',
        message: 'You have learned 7 days in a row. Keep the streak going!',
        link: '/dashboard',
      },
    ]);
    expect(await userRow(user.id)).toMatchObject({ streak: 8, longestStreak: 8 });
  });
});

describe('certificateSerial', () => {
  it('is BST-year-XXXX-XXXX from an unambiguous alphabet, and differs every time', () => {
    const now = new Date('2027-02-03T00:00:00Z');
    const serials = new Set(Array.from({ length: 500 }, () => certificateSerial(now)));
    expect(serials.size).toBe(500);
    for (const serial of serials) expect(serial).toMatch(/^BST-2027-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  });
});
