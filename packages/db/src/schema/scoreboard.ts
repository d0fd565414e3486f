import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './timestamps.ts';

export type ScoreboardMode = 'frozen' | 'hidden';

/**
 * The leaderboard's state as an operator set it: one row (`scope` 'leaderboard') while it is frozen or
 * hidden, none while it is live. Past `endsAt` the board is live again without anyone acting.
 */
export const scoreboardState = pgTable('scoreboard_state', {
  scope: text('scope').primaryKey(),
  mode: text('mode').$type<ScoreboardMode>().notNull(),
  since: timestamp('since', timestamps).notNull(),
  endsAt: timestamp('ends_at', timestamps),
  setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The boards as they stood when the leaderboard was frozen: each period's ranked learners (`period` is
 * all, month or week; the month and week that held the freeze), with their rank and total at that moment.
 */
export const scoreboardFrozenScores = pgTable(
  'scoreboard_frozen_scores',
  {
    period: text('period').notNull(),
    rank: integer('rank').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.rank] }),
    index('scoreboard_frozen_scores_user_idx').on(t.period, t.userId),
  ],
);
