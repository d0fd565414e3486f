import { visible } from '../content/effective-content.ts';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  challengeAttempts,
  challengeSteps,
  challenges,
  dailyActivity,
  feedback,
  itemProgress,
  moduleCompletions,
  moduleItems,
  modules,
  rowsOf,
  stepProgress,
  users,
  type Executor,
} from '@bastion/db';
import { dayRange } from '../../lib/day-range.ts';

/**
 * How many rows of `events` (a query yielding one `at` timestamp per event, already limited to the range, so
 * an index on the column serves it) fall on each UTC day of the range, days without any included.
 */
async function perDay(db: Executor, events: SQL, range: { from: Date; to: Date }) {
  return rowsOf<{ day: string; count: number }>(
    db,
    sql`with events as (${events}),
        days as (select generate_series(${range.from.toISOString()}::timestamptz,
                                        ${range.to.toISOString()}::timestamptz - interval '1 day',
                                        interval '24 hours') as start)
        select to_char(days.start at time zone 'UTC', 'YYYY-MM-DD') as day, count(events.at)::int as count
        from days left join events on events.at >= days.start and events.at < days.start + interval '24 hours'
        group by days.start order by days.start`,
  );
}

const within = (column: SQLWrapper, range: { from: Date; to: Date }) =>
  sql`${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz`;

/** The row is a learner's: staff accounts (trying the content out) count nowhere in the overview. */
const byLearner = (userId: SQLWrapper) =>
  sql`${userId} not in (select ${users.id} from ${users} where ${users.isStaff})`;

export function newLearners(db: Executor, range: { from: Date; to: Date }) {
  return perDay(
    db,
    sql`select ${users.dateJoined} as at from ${users}
        where ${within(users.dateJoined, range)} and not ${users.isStaff}`,
    range,
  );
}

export function moduleCompletionsPerDay(db: Executor, range: { from: Date; to: Date }) {
  const at = moduleCompletions.completedAt;
  return perDay(
    db,
    sql`select ${at} as at from ${moduleCompletions} where ${within(at, range)} and ${byLearner(moduleCompletions.userId)}`,
    range,
  );
}

export function challengeSolvesPerDay(db: Executor, range: { from: Date; to: Date }) {
  const at = challengeAttempts.completedAt;
  return perDay(
    db,
    sql`select ${at} as at from ${challengeAttempts} where ${within(at, range)} and ${byLearner(challengeAttempts.userId)}`,
    range,
  );
}

/** Quiz hints and challenge-step hints taken. */
export function hintsPerDay(db: Executor, range: { from: Date; to: Date }) {
  return perDay(
    db,
    sql`select ${itemProgress.hintTakenAt} as at from ${itemProgress}
        where ${within(itemProgress.hintTakenAt, range)} and ${byLearner(itemProgress.userId)}
        union all
        select ${stepProgress.hintTakenAt} from ${stepProgress}
        where ${within(stepProgress.hintTakenAt, range)} and ${byLearner(stepProgress.userId)}`,
    range,
  );
}

/**
 * Learners (accounts that are not staff) in total, and those with points earned today, in the last 7 and in the
 * last 30 days (UTC days).
 */
export async function learnerCounts(db: Executor, now: Date) {
  const active = (back: number) =>
    sql`(select count(distinct ${dailyActivity.userId}) from ${dailyActivity}
         where ${dailyActivity.day} >= ${dayRange(now, back).from.toISOString().slice(0, 10)}
           and ${byLearner(dailyActivity.userId)})::int`;
  const [row] = await rowsOf<{ total: number; d1: number; d7: number; d30: number }>(
    db,
    sql`select (select count(*) from ${users} where not ${users.isStaff})::int as total,
      ${active(1)} as d1, ${active(7)} as d7, ${active(30)} as d30`,
  );
  return { total: row!.total, active_1d: row!.d1, active_7d: row!.d7, active_30d: row!.d30 };
}

/**
 * Visible modules by how many learners finished them, most (`desc`) or least first. A module nobody finished is
 * never among the most finished, and while no learner has finished any module there is no ranking at all (every
 * module would tie at 0): both lists are then empty.
 */
export function modulesByCompletions(db: Executor, order: 'asc' | 'desc', limit: number) {
  const finished = sql`${moduleCompletions} where ${byLearner(moduleCompletions.userId)}`;
  return rowsOf<{ id: string; title: string; context: string; count: number }>(
    db,
    sql`select * from (
          select ${modules.id} as id, ${modules.title} as title, ${modules.difficulty} as context,
            (select count(*) from ${finished} and ${moduleCompletions.moduleId} = ${modules.id})::int as count
          from ${modules} where ${visible(modules.id, modules.hidden)} and exists (select 1 from ${finished})
        ) ranked
        ${order === 'desc' ? sql`where count > 0` : sql``}
        order by count ${order === 'desc' ? sql`desc` : sql`asc`}, title limit ${limit}`,
  );
}

/** Quizzes by the wrong answers learners gave before solving (or giving up), most first. */
export function mostMissedQuizzes(db: Executor, limit: number) {
  return rowsOf<{ id: string; title: string; context: string; count: number }>(
    db,
    sql`select ${moduleItems.id} as id, ${moduleItems.title} as title, ${modules.title} as context,
          sum(${itemProgress.wrongAttempts})::int as count
        from ${itemProgress}
        join ${moduleItems} on ${moduleItems.id} = ${itemProgress.itemId}
        join ${modules} on ${modules.id} = ${moduleItems.moduleId}
        where ${itemProgress.wrongAttempts} > 0 and ${byLearner(itemProgress.userId)}
        group by ${moduleItems.id}, ${moduleItems.title}, ${modules.title}
        order by count desc, ${moduleItems.title} limit ${limit}`,
  );
}

/** Challenge steps by the wrong answers learners gave, most first. */
export function mostMissedSteps(db: Executor, limit: number) {
  return rowsOf<{ id: string; title: string; context: string; count: number }>(
    db,
    sql`select ${challengeSteps.id} as id, ${challengeSteps.title} as title, ${challenges.title} as context,
          sum(${stepProgress.wrongAttempts})::int as count
        from ${stepProgress}
        join ${challengeSteps} on ${challengeSteps.id} = ${stepProgress.stepId}
        join ${challenges} on ${challenges.id} = ${challengeSteps.challengeId}
        where ${stepProgress.wrongAttempts} > 0 and ${byLearner(stepProgress.userId)}
        group by ${challengeSteps.id}, ${challengeSteps.title}, ${challenges.title}
        order by count desc, ${challengeSteps.title} limit ${limit}`,
  );
}

/** The average feedback rating of each day that had feedback. */
export function feedbackRatings(db: Executor, range: { from: Date; to: Date }) {
  return rowsOf<{ day: string; average: number; count: number }>(
    db,
    sql`select to_char(${feedback.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
          round(avg(${feedback.rating}), 2)::float as average, count(*)::int as count
        from ${feedback} where ${within(feedback.createdAt, range)} and ${byLearner(feedback.userId)}
        group by 1 order by 1`,
  );
}
