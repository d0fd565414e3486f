import { visible } from '../content/effective-content.ts';
import { and, count, desc, eq, inArray, isNotNull, lte, notExists, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  courseCompletions,
  courses,
  dailyActivity,
  itemProgress,
  moduleCompletions,
  moduleItems,
  modules,
  pointsLedger,
  users,
  type Executor,
  type PointSourceType,
} from '@bastion/db';
import { awardPeriodKeys } from '../../lib/leaderboard-periods.ts';

export interface LedgerInsert {
  userId: string;
  points: number;
  reason: string;
  sourceType: PointSourceType;
  sourceId: string;
  createdAt: Date;
}

/** The new ledger row's id, or null when this (user, source) was already awarded. */
export async function insertLedgerRow(tx: Executor, values: LedgerInsert): Promise<string | null> {
  const [row] = await tx
    .insert(pointsLedger)
    .values(values)
    .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.sourceType, pointsLedger.sourceId] })
    .returning({ id: pointsLedger.id });
  return row?.id ?? null;
}

/** The most a learner's total can hold: it and every sum of their points are 32-bit integer columns. */
export const MAX_TOTAL_POINTS = 2_147_483_647;

/**
 * Adds to the learner's total (taking their row lock for the rest of the transaction); the streak columns
 * after. Undefined when the learner is gone or the new total would pass MAX_TOTAL_POINTS (then nothing changes).
 */
export async function addUserPoints(tx: Executor, userId: string, points: number) {
  const [row] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${points}` })
    .where(and(eq(users.id, userId), lte(users.points, MAX_TOTAL_POINTS - points)))
    .returning({
      timezone: users.timezone,
      streak: users.streak,
      longestStreak: users.longestStreak,
      lastActiveDay: users.lastActiveDay,
    });
  return row;
}

/**
 * Adds an award to the learner's leaderboard totals of every period it counts towards (all-time, this UTC month,
 * this ISO week), inside the award's transaction, after the learner's row lock is taken. The award's time
 * becomes `reached_at`: a tie goes to whoever reached the total first. Awards of 0 points change nothing.
 */
export async function recordScore(tx: Executor, userId: string, points: number, now: Date): Promise<void> {
  if (points <= 0) return;
  await tx.execute(sql`
    insert into leaderboard_scores (period_key, user_id, points, reached_at, eligible)
    select k.key, u.id, ${points}::int, ${now.toISOString()}::timestamptz, u.is_active and u.is_verified
    from users u cross join unnest(${sql.param(awardPeriodKeys(now))}::text[]) as k(key)
    where u.id = ${userId}
    on conflict (period_key, user_id) do update
      set points = leaderboard_scores.points + excluded.points,
        reached_at = excluded.reached_at,
        eligible = excluded.eligible`);
}

export async function setUserStreak(
  tx: Executor,
  userId: string,
  state: { streak: number; longestStreak: number; lastActiveDay: string | null },
): Promise<void> {
  await tx.update(users).set(state).where(eq(users.id, userId));
}

export async function addDailyActivity(tx: Executor, userId: string, day: string, points: number): Promise<void> {
  await tx
    .insert(dailyActivity)
    .values({ userId, day, points })
    .onConflictDoUpdate({
      target: [dailyActivity.userId, dailyActivity.day],
      set: { points: sql`${dailyActivity.points} + excluded.points` },
    });
}

/** The module and course of a lesson or quiz (whatever its visibility). */
/** The item's module and course, and how many visible items of that module the learner has not completed. */
export async function findItemParents(tx: Executor, userId: string, itemId: string) {
  const sibling = alias(moduleItems, 'sibling');
  const openItems = tx
    .select({ open: count() })
    .from(sibling)
    .where(
      and(
        eq(sibling.moduleId, modules.id),
        visible(sibling.id, sibling.hidden),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(itemProgress)
            .where(
              and(
                eq(itemProgress.itemId, sibling.id),
                eq(itemProgress.userId, userId),
                isNotNull(itemProgress.completedAt),
              ),
            ),
        ),
      ),
    );
  const [row] = await tx
    .select({
      moduleId: modules.id,
      moduleTitle: modules.title,
      courseId: courses.id,
      courseTitle: courses.title,
      openItems: sql<number>`(${openItems})`.mapWith(Number),
    })
    .from(moduleItems)
    .innerJoin(modules, eq(modules.id, moduleItems.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(moduleItems.id, itemId))
    .limit(1);
  return row;
}

/** Points the learner was awarded for the module's lessons and quizzes. */
export async function moduleItemPoints(tx: Executor, userId: string, moduleId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(pointsLedger.points) })
    .from(pointsLedger)
    .innerJoin(moduleItems, sql`${moduleItems.id}::text = ${pointsLedger.sourceId}`)
    .where(
      and(
        eq(pointsLedger.userId, userId),
        inArray(pointsLedger.sourceType, ['lesson', 'quiz']),
        eq(moduleItems.moduleId, moduleId),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function insertModuleCompletion(
  tx: Executor,
  values: { userId: string; moduleId: string; completedAt: Date; pointsEarned: number },
): Promise<string | null> {
  const [row] = await tx
    .insert(moduleCompletions)
    .values(values)
    .onConflictDoNothing({ target: [moduleCompletions.userId, moduleCompletions.moduleId] })
    .returning({ id: moduleCompletions.id });
  return row?.id ?? null;
}

/** Visible modules of the course the learner has no completion for. */
export async function countOpenModules(tx: Executor, userId: string, courseId: string): Promise<number> {
  const [row] = await tx
    .select({ open: count() })
    .from(modules)
    .where(
      and(
        eq(modules.courseId, courseId),
        visible(modules.id, modules.hidden),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(moduleCompletions)
            .where(and(eq(moduleCompletions.moduleId, modules.id), eq(moduleCompletions.userId, userId))),
        ),
      ),
    );
  return Number(row?.open ?? 0);
}

/** What the learner earned in the course's modules (item points and module bonuses). */
export async function courseModulePoints(tx: Executor, userId: string, courseId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(moduleCompletions.pointsEarned) })
    .from(moduleCompletions)
    .innerJoin(modules, eq(modules.id, moduleCompletions.moduleId))
    .where(and(eq(moduleCompletions.userId, userId), eq(modules.courseId, courseId)));
  return Number(row?.total ?? 0);
}

/**
 * The new course completion's id; null when the learner already has one. A serial collision
 * (about one in 2^40 per pair) answers `'serial-taken'` so the caller draws another.
 */
export async function insertCourseCompletion(
  tx: Executor,
  values: { userId: string; courseId: string; completedAt: Date; pointsEarned: number; serial: string },
): Promise<string | null | 'serial-taken'> {
  const [row] = await tx
    .insert(courseCompletions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: courseCompletions.id });
  if (row) return row.id;
  const [existing] = await tx
    .select({ id: courseCompletions.id })
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, values.userId), eq(courseCompletions.courseId, values.courseId)))
    .limit(1);
  return existing ? null : 'serial-taken';
}

/** The learner's ledger rows, newest first. */
export function listLedger(db: Executor, userId: string, window: { limit: number; offset: number }) {
  return db
    .select({
      id: pointsLedger.id,
      points: pointsLedger.points,
      reason: pointsLedger.reason,
      sourceType: pointsLedger.sourceType,
      createdAt: pointsLedger.createdAt,
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countLedger(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId));
  return Number(row?.total ?? 0);
}
