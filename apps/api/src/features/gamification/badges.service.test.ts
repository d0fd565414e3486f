import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { badges, itemProgress, moduleCompletions, notifications, pointsLedger, userBadges, users } from '@bastion/db';
import type { BadgeRuleKind } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import {
  completeCourse,
  completeItem,
  completeModule,
  insertAttempt,
  insertBadge,
  insertModule,
  insertRedemption,
} from '../../../test/badge-fixtures.ts';
import { awardPoints, settleBadges } from './points.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
// Badges are global: each test sees only the ones it creates.
afterEach(async () => {
  await ctx.db.update(badges).set({ hidden: true });
});

const NOW = new Date('2026-03-10T12:00:00Z');

const evaluate = (userId: string, now = NOW) => ctx.db.transaction((tx) => settleBadges(tx, userId, now));

const hasBadge = async (userId: string, badgeId: string) =>
  (
    await ctx.db
      .select()
      .from(userBadges)
      .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badgeId)))
  ).length === 1;

const pointsOf = async (userId: string) =>
  (await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0]!.points;

const notificationsOf = (userId: string) => ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

/** For each rule kind: how to add one unit of progress for a learner. */
const step: Record<BadgeRuleKind, (userId: string, n: number) => Promise<void>> = {
  async lessons_completed(userId) {
    const { items } = await insertModule(ctx.db, { lessons: 1, quizzes: 0 });
    await completeItem(ctx.db, userId, items[0]!.id, NOW);
  },
  async modules_completed(userId) {
    const { module } = await insertModule(ctx.db, { lessons: 0, quizzes: 0 });
    await completeModule(ctx.db, userId, module.id, NOW);
  },
  async courses_completed(userId) {
    const { course } = await insertModule(ctx.db, { lessons: 0, quizzes: 0 });
    await completeCourse(ctx.db, userId, course.id, NOW);
  },
  async challenges_completed(userId) {
    await insertAttempt(ctx.db, userId, { completedAt: NOW, hintsUsed: 2 });
  },
  async points(userId, n) {
    await ctx.db.update(users).set({ points: n }).where(eq(users.id, userId));
  },
  async streak(userId, n) {
    await ctx.db
      .update(users)
      .set({ streak: n, longestStreak: n, lastActiveDay: '2026-03-10' })
      .where(eq(users.id, userId));
  },
  async challenge_without_hints(userId) {
    await insertAttempt(ctx.db, userId, { completedAt: NOW, hintsUsed: 0 });
  },
  async first_blood(userId) {
    await insertAttempt(ctx.db, userId, { completedAt: NOW, firstBlood: true });
  },
  async quiz_first_try(userId) {
    const { items } = await insertModule(ctx.db, { lessons: 0, quizzes: 1 });
    await completeItem(ctx.db, userId, items[0]!.id, NOW, true);
  },
  async coupon_redeemed(userId) {
    await insertRedemption(ctx.db, userId);
  },
};

/** Progress that must not count towards each kind (wrong item kind, unfinished, hints, second tries). */
const noise: Partial<Record<BadgeRuleKind, (userId: string) => Promise<void>>> = {
  async lessons_completed(userId) {
    const { items } = await insertModule(ctx.db, { lessons: 1, quizzes: 1 });
    await ctx.db.insert(itemProgress).values({ userId, itemId: items[0]!.id, wrongAttempts: 0 });
    await completeItem(ctx.db, userId, items[1]!.id, NOW, true);
  },
  async challenges_completed(userId) {
    await insertAttempt(ctx.db, userId, { completedAt: null });
  },
  async challenge_without_hints(userId) {
    await insertAttempt(ctx.db, userId, { completedAt: NOW, hintsUsed: 1 });
    await insertAttempt(ctx.db, userId, { completedAt: null, hintsUsed: 0 });
  },
  async first_blood(userId) {
    await insertAttempt(ctx.db, userId, { completedAt: NOW, firstBlood: false });
  },
  async quiz_first_try(userId) {
    const { items } = await insertModule(ctx.db, { lessons: 1, quizzes: 1 });
    await completeItem(ctx.db, userId, items[1]!.id, NOW, false);
    await completeItem(ctx.db, userId, items[0]!.id, NOW, false);
  },
};

describe('settleBadges', () => {
  it.each(Object.keys(step) as BadgeRuleKind[])('earns a %s badge at its threshold and not before', async (kind) => {
    const threshold = 2;
    const user = await createUser(ctx.db);
    const badge = await insertBadge(ctx.db, { kind, threshold: kind === 'points' ? 40 : threshold });
    const target = badge.ruleThreshold;

    await noise[kind]?.(user.id);
    if (kind === 'points' || kind === 'streak') {
      await step[kind](user.id, target - 1);
    } else {
      for (let i = 1; i < target; i += 1) await step[kind](user.id, i);
    }
    await evaluate(user.id);
    expect(await hasBadge(user.id, badge.id)).toBe(false);
    expect(await notificationsOf(user.id)).toEqual([]);

    await step[kind](user.id, target);
    await evaluate(user.id);
    expect(await hasBadge(user.id, badge.id)).toBe(true);
    const [award] = await ctx.db.select().from(userBadges).where(eq(userBadges.userId, user.id));
    expect(award).toMatchObject({ earnedAt: NOW, seenAt: null });
    expect(await notificationsOf(user.id)).toEqual([
      expect.objectContaining({
        title: `Badge earned: ${badge.name}`,
        message: `You earned the "${badge.name}" badge. ${badge.description}`,
        type: 'success',
        link: '/profile',
        isRead: false,
      }),
    ]);
  });

  it('credits a badge’s points once, as its own ledger row, and notifies once', async () => {
    const user = await createUser(ctx.db);
    const badge = await insertBadge(ctx.db, { kind: 'coupon_redeemed', threshold: 1, points: 15, name: 'Bargain' });
    await insertRedemption(ctx.db, user.id);
    await evaluate(user.id);
    await evaluate(user.id);
    await evaluate(user.id, new Date(NOW.getTime() + 86_400_000));

    expect(await pointsOf(user.id)).toBe(15);
    const ledger = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger).toEqual([
      expect.objectContaining({
        points: 15,
        reason: 'Badge: Bargain',
        sourceType: 'badge',
        sourceId: badge.id,
        createdAt: NOW,
      }),
    ]);
    const notes = await notificationsOf(user.id);
    expect(notes.map((n) => n.title)).toEqual(['Badge earned: Bargain']);
    expect(notes[0]!.message).toBe(`You earned the "Bargain" badge and 15 points. ${badge.description}`);
  });

  it('lets badge points earn a points badge, and stops there', async () => {
    const user = await createUser(ctx.db);
    const first = await insertBadge(ctx.db, { kind: 'coupon_redeemed', threshold: 1, points: 50 });
    const rich = await insertBadge(ctx.db, { kind: 'points', threshold: 50, points: 10 });
    const richer = await insertBadge(ctx.db, { kind: 'points', threshold: 60, points: 0 });
    const unreachable = await insertBadge(ctx.db, { kind: 'points', threshold: 61, points: 5 });
    await insertRedemption(ctx.db, user.id);
    await evaluate(user.id);

    expect(await hasBadge(user.id, first.id)).toBe(true);
    expect(await hasBadge(user.id, rich.id)).toBe(true);
    expect(await hasBadge(user.id, richer.id)).toBe(true);
    expect(await hasBadge(user.id, unreachable.id)).toBe(false);
    expect(await pointsOf(user.id)).toBe(60);
    expect(await notificationsOf(user.id)).toHaveLength(3);
  });

  it('ignores hidden badges and unknown users', async () => {
    const user = await createUser(ctx.db);
    const hidden = await insertBadge(ctx.db, { kind: 'coupon_redeemed', threshold: 1, hidden: true });
    await insertRedemption(ctx.db, user.id);
    await evaluate(user.id);
    expect(await hasBadge(user.id, hidden.id)).toBe(false);
    await expect(evaluate('00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined();
  });

  it('awards a badge once when 10 evaluations run in parallel', async () => {
    const user = await createUser(ctx.db);
    const badge = await insertBadge(ctx.db, { kind: 'first_blood', threshold: 1, points: 20 });
    await insertAttempt(ctx.db, user.id, { completedAt: NOW, firstBlood: true });
    await Promise.all(Array.from({ length: 10 }, () => evaluate(user.id)));

    expect(await ctx.db.select().from(userBadges).where(eq(userBadges.userId, user.id))).toHaveLength(1);
    expect(await hasBadge(user.id, badge.id)).toBe(true);
    expect(await pointsOf(user.id)).toBe(20);
    expect(await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id))).toHaveLength(1);
    expect(await notificationsOf(user.id)).toHaveLength(1);
  });

  it('runs from awardPoints: a lesson that completes its module earns the module badge in the same transaction', async () => {
    const user = await createUser(ctx.db);
    const lessons = await insertBadge(ctx.db, { kind: 'lessons_completed', threshold: 1, points: 0 });
    const modulesBadge = await insertBadge(ctx.db, { kind: 'modules_completed', threshold: 1, points: 5 });
    const { module, items } = await insertModule(ctx.db, { lessons: 1, quizzes: 0 });
    const outcome = await ctx.db.transaction(async (tx) => {
      await tx.insert(itemProgress).values({ userId: user.id, itemId: items[0]!.id, completedAt: NOW });
      return awardPoints(
        tx,
        { userId: user.id, points: 5, reason: 'Lesson', sourceType: 'lesson', sourceId: items[0]!.id },
        NOW,
      );
    });
    expect(outcome).toMatchObject({ awarded: true, moduleCompleted: true, courseCompleted: true });
    expect(await ctx.db.select().from(moduleCompletions).where(eq(moduleCompletions.moduleId, module.id))).toHaveLength(
      1,
    );
    expect(await hasBadge(user.id, lessons.id)).toBe(true);
    expect(await hasBadge(user.id, modulesBadge.id)).toBe(true);
    // The lesson, the module and course bonuses (a one-module course), and the module badge.
    expect(await pointsOf(user.id)).toBe(5 + 25 + 100 + 5);
  });
});
