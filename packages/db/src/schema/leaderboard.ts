import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './timestamps.ts';

/**
 * A learner's total in one leaderboard period: `all`, `month:YYYY-MM` (UTC) or `week:GGGG-Www` (ISO, UTC).
 * Written by awardPoints in the award's transaction; `reached_at` is the last award that raised the total,
 * so ties go to whoever got there first. `eligible` mirrors "active and verified" (a trigger on users keeps it).
 */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    periodKey: text('period_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    reachedAt: timestamp('reached_at', timestamps).notNull(),
    eligible: boolean('eligible').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.periodKey, t.userId] }),
    // Leaderboard order; the learners tied with someone are one index-only range of it.
    index('leaderboard_scores_rank_idx')
      .on(t.periodKey, t.points.desc(), t.reachedAt, t.userId)
      .where(sql`${t.eligible}`),
    index('leaderboard_scores_user_idx').on(t.userId),
  ],
);

/**
 * How many eligible learners hold each total in a period (an order-statistic summary), and how many hold
 * a higher total (`ahead`, a running sum kept with it): the learners ahead of a total are one row, not a
 * count over the learners. Maintained from leaderboard_count_deltas by a compaction pass.
 */
export const leaderboardCounts = pgTable(
  'leaderboard_counts',
  {
    periodKey: text('period_key').notNull(),
    points: integer('points').notNull(),
    learners: integer('learners').notNull(),
    ahead: integer('ahead').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.periodKey, t.points] })],
);

/**
 * Marks in each group of equal totals (a period and a total), in leaderboard order: a key (`reached_at`,
 * `user_id`) and how many of the group were before it (`position`) when the group's deltas were last folded.
 * A learner's place among their ties is the nearest mark's position, the group's pending deltas before that
 * mark, and an index-only count from the mark (at most 2 × 64 entries). Migration 0018 marks every 64th
 * learner; the compaction pass moves marks by the deltas it folds, in the same statement (one snapshot, so
 * marks and pending deltas never count a change twice or not at all), and marks again only where marks grew
 * too far apart. A mark's learner may have left: the key still counts.
 */
export const leaderboardMarks = pgTable(
  'leaderboard_marks',
  {
    periodKey: text('period_key').notNull(),
    points: integer('points').notNull(),
    reachedAt: timestamp('reached_at', timestamps).notNull(),
    userId: uuid('user_id').notNull(),
    position: integer('position').notNull(),
  },
  // Not unique: one statement deletes a group's old marks and inserts its new ones.
  (t) => [index('leaderboard_marks_idx').on(t.periodKey, t.points, t.reachedAt, t.userId)],
);

/**
 * +1/-1 changes to leaderboard_counts, appended by a trigger on leaderboard_scores, each with the key of the
 * entry that arrived or left (`reached_at`, `user_id`: where it sits among its ties). Insert-only, so awards
 * never wait on each other for a shared counter row; readers add them to the counts and marks, and
 * compaction folds them in (one statement, so every reader sees either the deltas or their sum, never both
 * or neither).
 */
export const leaderboardCountDeltas = pgTable(
  'leaderboard_count_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    periodKey: text('period_key').notNull(),
    points: integer('points').notNull(),
    reachedAt: timestamp('reached_at', timestamps).notNull(),
    userId: uuid('user_id').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('leaderboard_count_deltas_period_idx').on(t.periodKey, t.points, t.reachedAt, t.userId)],
);
