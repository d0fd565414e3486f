import { randomBytes } from 'node:crypto';
import type { Executor, PointSourceType } from '@bastion/db';
import { Conflict } from '../../lib/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { lockLearner } from './badges.repository.ts';
import { earnBadges } from './badges.service.ts';
import { findUserById } from '../accounts/users.repository.ts';
import * as repo from './points.repository.ts';
import { extendStreak, localDay, STREAK_MILESTONES } from './streak.ts';

// Decision 0055: course and module summaries show these bonuses up front; points + bonus = the points earned.
export const MODULE_BONUS = 25;
export const COURSE_BONUS = 100;

/** An award that would take the learner's total past what it can hold: the whole award is refused (409). */
export class PointsTotalFull extends Conflict {
  constructor() {
    super('Your points total has reached the most Bastion can record, so no more points can be added.');
  }
}

export interface AwardInput {
  userId: string;
  points: number;
  reason: string;
  sourceType: PointSourceType;
  sourceId: string;
}

export interface AwardOutcome {
  awarded: boolean;
  ledgerId: string | null;
  moduleCompleted: boolean;
  moduleCompletionId: string | null;
  courseCompleted: boolean;
  courseCompletionId: string | null;
}

const NOT_AWARDED: AwardOutcome = {
  awarded: false,
  ledgerId: null,
  moduleCompleted: false,
  moduleCompletionId: null,
  courseCompleted: false,
  courseCompletionId: null,
};

// Decision 0046: the one award path: every point, streak, completion, score and badge moves here.
/**
 * Call inside an open transaction. Ledger insert ON CONFLICT DO NOTHING on (user, sourceType, sourceId);
 * when new: users.points += points, daily_activity + streak in the user's timezone (streak-milestone
 * notifications), module/course completion when the source is a lesson or quiz (completion rows, bonus
 * awards 25/100, notifications), then settleBadges. awarded=false → nothing else happened.
 *
 * For a lesson or quiz the caller marks item_progress completed first, in the same transaction. Throws
 * PointsTotalFull when a credit would take the learner's total past MAX_TOTAL_POINTS: the caller's
 * transaction then rolls back, and the request answers 409 instead of failing in the database.
 */
export async function awardPoints(tx: Executor, input: AwardInput, now: Date): Promise<AwardOutcome> {
  const ledgerId = await credit(tx, input, now);
  if (!ledgerId) return NOT_AWARDED;
  const outcome: AwardOutcome = { ...NOT_AWARDED, awarded: true, ledgerId };
  if (input.sourceType === 'lesson' || input.sourceType === 'quiz') {
    Object.assign(outcome, await completeParents(tx, input.userId, input.sourceId, now));
  }
  // credit's update of the learner's row holds its lock: evaluations of one learner take turns.
  await settleLockedBadges(tx, input.userId, now);
  return outcome;
}

/** Earns (and credits) every badge whose rule now holds, for an event that awarded no points. */
export async function settleBadges(tx: Executor, userId: string, now: Date): Promise<void> {
  // Taking the learner's row first makes parallel evaluations of one learner take turns, and the
  // counters are read after any earlier one committed.
  if (await lockLearner(tx, userId)) await settleLockedBadges(tx, userId, now);
}

/**
 * Earns every badge whose rule now holds and credits its points, then evaluates again while credits
 * changed the counters (a badge's points can earn a points badge). Terminates: each round earns at
 * least one badge of a finite set. Inside the award's transaction, holding the learner's row lock.
 */
async function settleLockedBadges(tx: Executor, userId: string, now: Date): Promise<void> {
  let credited = true;
  while (credited) {
    credited = false;
    for (const badge of await earnBadges(tx, userId, now)) {
      if (badge.points <= 0) continue;
      const reason = `Badge: ${badge.name}`;
      await credit(tx, { userId, points: badge.points, reason, sourceType: 'badge', sourceId: badge.id }, now);
      credited = true;
    }
  }
}

/** The ledger row, the learner's total, the day's activity and the streak; null when already awarded. */
async function credit(tx: Executor, input: AwardInput, now: Date): Promise<string | null> {
  const ledgerId = await repo.insertLedgerRow(tx, { ...input, createdAt: now });
  if (!ledgerId) return null;
  // Updating the row also locks it: one learner's awards take turns from here to the commit.
  const user = await repo.addUserPoints(tx, input.userId, input.points);
  if (!user) {
    // Thrown, the award's transaction rolls back: its ledger row and whatever the caller wrote with it.
    if (await findUserById(tx, input.userId)) throw new PointsTotalFull();
    return ledgerId;
  }
  await repo.recordScore(tx, input.userId, input.points, now);
  const today = localDay(now, user.timezone);
  await repo.addDailyActivity(tx, input.userId, today, input.points);
  const next = extendStreak(user, today);
  if (next.changed) {
    await repo.setUserStreak(tx, input.userId, {
      streak: next.streak,
      longestStreak: next.longestStreak,
      lastActiveDay: next.lastActiveDay,
    });
    if (next.streak !== user.streak && (STREAK_MILESTONES as readonly number[]).includes(next.streak)) {
      await notify(tx, {
        userId: input.userId,
        title: 'Streak milestone',
        message: `You have learned ${next.streak} days in a row. Keep the streak going!`,
        type: 'success',
        link: '/dashboard',
        createdAt: now,
      });
    }
  }
  return ledgerId;
}

interface PaidCompletion {
  kind: 'module' | 'course';
  id: string;
  title: string;
  completionId: string;
  bonus: number;
  /** Everything the completion earned (its items and the bonus), as the notification says. */
  earned: number;
  afterword?: string;
}

/** A new completion's bonus in the ledger, and the notification that links to its public page. */
async function payCompletion(tx: Executor, userId: string, now: Date, done: PaidCompletion) {
  const what = done.kind === 'module' ? 'Module' : 'Course';
  await credit(
    tx,
    {
      userId,
      points: done.bonus,
      reason: `${what} completed: ${done.title}`,
      sourceType: done.kind,
      sourceId: done.id,
    },
    now,
  );
  await notify(tx, {
    userId,
    title: `${what} completed`,
    message: `You completed the ${done.kind} "${done.title}" and earned ${done.earned} points.${done.afterword ?? ''}`,
    type: 'success',
    link: `/completion/${done.kind}/${done.completionId}`,
    createdAt: now,
  });
}

// Decision 0048: a module completes with its visible items, a course with its visible modules.
/** Module completion once every visible item is done, then course completion once every visible module is. */
async function completeParents(tx: Executor, userId: string, itemId: string, now: Date) {
  const result = {
    moduleCompleted: false,
    moduleCompletionId: null as string | null,
    courseCompleted: false,
    courseCompletionId: null as string | null,
  };
  const parents = await repo.findItemParents(tx, userId, itemId);
  if (!parents || parents.openItems > 0) return result;

  const itemPoints = await repo.moduleItemPoints(tx, userId, parents.moduleId);
  const moduleCompletionId = await repo.insertModuleCompletion(tx, {
    userId,
    moduleId: parents.moduleId,
    completedAt: now,
    pointsEarned: itemPoints + MODULE_BONUS,
  });
  if (!moduleCompletionId) return result;
  result.moduleCompleted = true;
  result.moduleCompletionId = moduleCompletionId;
  await payCompletion(tx, userId, now, {
    kind: 'module',
    id: parents.moduleId,
    title: parents.moduleTitle,
    completionId: moduleCompletionId,
    bonus: MODULE_BONUS,
    earned: itemPoints + MODULE_BONUS,
  });

  if ((await repo.countOpenModules(tx, userId, parents.courseId)) > 0) return result;
  const earned = (await repo.courseModulePoints(tx, userId, parents.courseId)) + COURSE_BONUS;
  let courseCompletionId: string | null | 'serial-taken' = 'serial-taken';
  while (courseCompletionId === 'serial-taken') {
    courseCompletionId = await repo.insertCourseCompletion(tx, {
      userId,
      courseId: parents.courseId,
      completedAt: now,
      pointsEarned: earned,
      serial: certificateSerial(now),
    });
  }
  if (!courseCompletionId) return result;
  result.courseCompleted = true;
  result.courseCompletionId = courseCompletionId;
  await payCompletion(tx, userId, now, {
    kind: 'course',
    id: parents.courseId,
    title: parents.courseTitle,
    completionId: courseCompletionId,
    bonus: COURSE_BONUS,
    earned,
    afterword: ' Your certificate is ready.',
  });
  return result;
}

/** 32 symbols without 0/O/1/I: 5 random bits each, so a byte masked to 5 bits picks one without bias. */
const SERIAL_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `BST-YYYY-XXXX-XXXX`: 40 random bits, not derived from any id, so serials cannot be enumerated. */
export function certificateSerial(now: Date): string {
  const symbols = [...randomBytes(8)].map((byte) => SERIAL_ALPHABET[byte & 31]).join('');
  return `BST-${now.getUTCFullYear()}-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}
