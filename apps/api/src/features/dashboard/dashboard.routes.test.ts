import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { badges, dailyActivity, moduleEnrollments, modules, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import {
  completeCourse,
  completeItem,
  completeModule,
  insertAttempt,
  insertBadge,
  insertModule,
} from '../../../test/badge-fixtures.ts';
import { awardPoints } from '../gamification/points.service.ts';

let ctx: TestContext;
const NOW = new Date('2026-03-10T12:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(async () => {
  ctx.clock.set(NOW);
  await ctx.db.update(badges).set({ hidden: true });
});

async function getAs(userId: string, url: string) {
  // A fresh token per call: tests move the clock past an access token's lifetime.
  const { authorization } = await authHeader(ctx.app, userId);
  return ctx.app.inject({ method: 'GET', url, headers: { authorization } });
}

async function enroll(userId: string, moduleId: string, lastActivityAt: Date) {
  await ctx.db.insert(moduleEnrollments).values({ userId, moduleId, enrolledAt: lastActivityAt, lastActivityAt });
}

describe('authentication', () => {
  it.each(['/api/dashboard/summary/', '/api/userstatistics/'])(
    'GET %s answers 401 without a valid token',
    async (url) => {
      const none = await ctx.app.inject({ method: 'GET', url });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ detail: MESSAGES.notAuthenticated, code: 'not_authenticated' });
      const bad = await ctx.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer x.y.z' } });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ detail: MESSAGES.tokenNotValid, code: 'token_not_valid' });
    },
  );
});

describe('GET /api/dashboard/summary/', () => {
  it('is all zeros and empty lists for a new learner', async () => {
    ctx.clock.set(NOW);
    const user = await createUser(ctx.db);
    const res = await getAs(user.id, '/api/dashboard/summary/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      points: 0,
      rank: null,
      streak: { current: 0, longest: 0, active_today: false },
      continue_learning: [],
      recent_activity: [],
      next_badges: [],
      counts: {
        lessons_completed: 0,
        quizzes_solved: 0,
        modules_completed: 0,
        courses_completed: 0,
        challenges_completed: 0,
        badges_earned: 0,
      },
    });
  });

  it('sums up points, streak, modules in progress, recent awards, next badges and counts', async () => {
    ctx.clock.set(NOW);
    const user = await createUser(ctx.db);
    const first = await insertModule(ctx.db, { lessons: 2, quizzes: 1, title: 'Shell basics' });
    const second = await insertModule(ctx.db, { lessons: 2, quizzes: 0, title: 'Permissions' });
    const done = await insertModule(ctx.db, { lessons: 1, quizzes: 0, title: 'Done already' });
    const hidden = await insertModule(ctx.db, { lessons: 1, quizzes: 0, title: 'Gone' });
    await ctx.db.update(modules).set({ hidden: true }).where(eq(modules.id, hidden.module.id));
    await enroll(user.id, second.module.id, new Date('2026-03-08T09:00:00Z'));
    await enroll(user.id, done.module.id, new Date('2026-03-10T09:00:00Z'));
    await enroll(user.id, hidden.module.id, new Date('2026-03-10T10:00:00Z'));
    await completeModule(ctx.db, user.id, done.module.id, new Date('2026-03-10T09:00:00Z'));
    await completeItem(ctx.db, user.id, done.items[0]!.id, new Date('2026-03-10T09:00:00Z'));
    await enroll(user.id, first.module.id, new Date('2026-03-09T09:00:00Z'));
    await insertAttempt(ctx.db, user.id, { completedAt: NOW });

    const near = await insertBadge(ctx.db, { kind: 'lessons_completed', threshold: 3, points: 5 });
    const far = await insertBadge(ctx.db, { kind: 'lessons_completed', threshold: 8 });
    const none = await insertBadge(ctx.db, { kind: 'coupon_redeemed', threshold: 1 });
    const middle = await insertBadge(ctx.db, { kind: 'challenges_completed', threshold: 2 });
    const earned = await insertBadge(ctx.db, { kind: 'modules_completed', threshold: 1 });

    // The real award path: the lesson's ledger row, today's activity, the streak and the badge.
    await ctx.db.transaction(async (tx) => {
      await completeItem(tx, user.id, first.items[0]!.id, NOW);
      await awardPoints(
        tx,
        { userId: user.id, points: 5, reason: 'Lesson: one', sourceType: 'lesson', sourceId: first.items[0]!.id },
        NOW,
      );
    });

    const res = await getAs(user.id, '/api/dashboard/summary/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.points).toBe(5);
    expect(body.rank).toEqual(expect.any(Number));
    expect(body.streak).toEqual({ current: 1, longest: 1, active_today: true });
    expect(body.continue_learning).toEqual([
      {
        id: first.module.id,
        slug: first.module.slug,
        title: 'Shell basics',
        summary: '',
        image: null,
        difficulty: 'easy',
        course: { id: first.course.id, slug: first.course.slug, title: 'Test course' },
        progress: 33,
        items_completed: 1,
        items_total: 3,
        last_activity: expect.any(String),
      },
      expect.objectContaining({ id: second.module.id, progress: 0, items_completed: 0, items_total: 2 }),
    ]);
    expect(body.recent_activity).toEqual([
      {
        id: expect.any(String),
        points: 5,
        reason: 'Lesson: one',
        source_type: 'lesson',
        created_at: NOW.toISOString(),
      },
    ]);
    expect(body.next_badges.map((b: { id: string }) => b.id)).toEqual([near.id, middle.id, far.id]);
    expect(body.next_badges[0]).toMatchObject({
      current: 2,
      target: 3,
      points: 5,
      rule: { kind: 'lessons_completed', threshold: 3 },
    });
    expect(body.next_badges.map((b: { id: string }) => b.id)).not.toContain(none.id);
    expect(body.next_badges.map((b: { id: string }) => b.id)).not.toContain(earned.id);
    expect(body.counts).toEqual({
      lessons_completed: 2,
      quizzes_solved: 0,
      modules_completed: 1,
      courses_completed: 0,
      challenges_completed: 1,
      badges_earned: 1,
    });
  });

  it('ranks as the leaderboard does: by points, ties to who got there first', async () => {
    ctx.clock.set(NOW);
    const award = (userId: string, points: number, minutes: number) =>
      ctx.db.transaction((tx) =>
        awardPoints(
          tx,
          { userId, points, reason: 'Test award', sourceType: 'coupon', sourceId: crypto.randomUUID() },
          new Date(NOW.getTime() + minutes * 60_000),
        ),
      );
    // Joined in the opposite order, so the join date cannot be what breaks the ties.
    const joined = (day: number) => ({ dateJoined: new Date(Date.UTC(2025, 0, day)) });
    const tiedLater = await createUser(ctx.db, joined(1));
    const me = await createUser(ctx.db, joined(2));
    const tiedEarlier = await createUser(ctx.db, joined(3));
    const ahead = await createUser(ctx.db, joined(4));
    await award(tiedLater.id, 1_000, 1);
    await award(ahead.id, 1_050, 2);
    await award(me.id, 1_000, 3);
    await award(tiedEarlier.id, 1_000, 4);
    await award(tiedEarlier.id, 500, 6);
    await award(me.id, 500, 7);
    await award(tiedLater.id, 500, 8);
    const rankOf = async (id: string) => (await getAs(id, '/api/dashboard/summary/')).json().rank;
    expect(await rankOf(tiedEarlier.id)).toBe(1);
    expect(await rankOf(me.id)).toBe(2);
    expect(await rankOf(tiedLater.id)).toBe(3);
    expect(await rankOf(ahead.id)).toBe(4);
    expect((await getAs(me.id, '/api/userstatistics/')).json().rank).toBe(2);
  });

  it('keeps yesterday’s streak until the learner’s day ends, then drops it', async () => {
    const user = await createUser(ctx.db, {
      timezone: 'America/New_York',
      streak: 4,
      longestStreak: 9,
      lastActiveDay: '2026-03-10',
    });
    const streakAt = async (iso: string) => {
      ctx.clock.set(new Date(iso));
      return (await getAs(user.id, '/api/dashboard/summary/')).json().streak;
    };
    // 2026-03-10 20:00 in New York.
    expect(await streakAt('2026-03-11T00:00:00Z')).toEqual({ current: 4, longest: 9, active_today: true });
    // 2026-03-11 in New York: yesterday's run still counts, but nothing today yet.
    expect(await streakAt('2026-03-11T12:00:00Z')).toEqual({ current: 4, longest: 9, active_today: false });
    // 2026-03-12 in New York: the run is over.
    expect(await streakAt('2026-03-12T12:00:00Z')).toEqual({ current: 0, longest: 9, active_today: false });
  });
});

describe('GET /api/userstatistics/', () => {
  it('counts per kind and 365 days of points in the learner’s zone, every day present, oldest first', async () => {
    // 2026-03-10 12:00 UTC is 2026-03-11 01:00 in Auckland.
    ctx.clock.set(NOW);
    const user = await createUser(ctx.db, { timezone: 'Pacific/Auckland' });
    await ctx.db.insert(dailyActivity).values([
      { userId: user.id, day: '2025-03-11', points: 9 },
      { userId: user.id, day: '2025-03-12', points: 7 },
      { userId: user.id, day: '2026-03-10', points: 5 },
      { userId: user.id, day: '2026-03-12', points: 11 },
    ]);
    await ctx.db.transaction((tx) =>
      awardPoints(
        tx,
        { userId: user.id, points: 15, reason: 'Reward code', sourceType: 'coupon', sourceId: 'c1' },
        NOW,
      ),
    );

    const res = await getAs(user.id, '/api/userstatistics/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.activity).toHaveLength(365);
    expect(body.activity[0]).toEqual({ date: '2025-03-12', points: 7 });
    expect(body.activity[1]).toEqual({ date: '2025-03-13', points: 0 });
    expect(body.activity.at(-2)).toEqual({ date: '2026-03-10', points: 5 });
    expect(body.activity.at(-1)).toEqual({ date: '2026-03-11', points: 15 });
    const dates = body.activity.map((d: { date: string }) => d.date);
    expect(new Set(dates).size).toBe(365);
    expect([...dates].sort()).toEqual(dates);
    expect(body.activity.reduce((sum: number, d: { points: number }) => sum + d.points, 0)).toBe(27);
    expect(body).toMatchObject({
      points: 15,
      rank: expect.any(Number),
      // The stored streak starts with this award: the activity rows above were written around it.
      streak: { current: 1, longest: 1 },
      active_days: 3,
      counts: {
        lessons_completed: 0,
        quizzes_solved: 0,
        modules_completed: 0,
        courses_completed: 0,
        challenges_completed: 0,
        badges_earned: 0,
      },
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastActiveDay).toBe('2026-03-11');
  });

  it('counts quizzes, modules, courses, challenges and badges', async () => {
    ctx.clock.set(NOW);
    const user = await createUser(ctx.db);
    const { course, module, items } = await insertModule(ctx.db, { lessons: 1, quizzes: 2 });
    await completeItem(ctx.db, user.id, items[1]!.id, NOW, true);
    await completeItem(ctx.db, user.id, items[2]!.id, NOW, false);
    await completeModule(ctx.db, user.id, module.id, NOW);
    await completeCourse(ctx.db, user.id, course.id, NOW);
    await insertAttempt(ctx.db, user.id, { completedAt: NOW });
    await insertAttempt(ctx.db, user.id, { completedAt: null });
    const body = (await getAs(user.id, '/api/userstatistics/')).json();
    expect(body.counts).toEqual({
      lessons_completed: 0,
      quizzes_solved: 2,
      modules_completed: 1,
      courses_completed: 1,
      challenges_completed: 1,
      badges_earned: 0,
    });
    expect(body.activity.every((d: { points: number }) => d.points === 0)).toBe(true);
    expect(body.activity.at(-1).date).toBe('2026-03-10');
    expect(body.active_days).toBe(0);
  });
});
