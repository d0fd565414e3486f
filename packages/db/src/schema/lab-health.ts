import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const timestamps = { mode: 'date' as const, withTimezone: true };

/**
 * Each lab start a learner's browser reported (the console's Lab health, from migration 0024): how it came up, how
 * long from the Start or Reset press to the prompt, and where a failed one stopped. Nothing about the learner but
 * their id; kept LAB_HEALTH_LIMITS.keptDays days.
 */
export const labStarts = pgTable(
  'lab_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', timestamps).notNull().defaultNow(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `quiz` or `challenge`; no foreign key: the record outlives a re-import that removes the item. */
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    /** `warm`, `first`, `cold` or `reset` (LAB_START_KINDS). */
    kind: text('kind').notNull(),
    /** `ok` or `failed`. */
    outcome: text('outcome').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** Where a failed start stopped, and why; null for one that ran. */
    stage: text('stage'),
    reason: text('reason'),
    /** `chromium`, `firefox`, `webkit` or `other`. */
    browser: text('browser').notNull(),
  },
  (t) => [index('lab_starts_at_idx').on(t.at), index('lab_starts_item_at_idx').on(t.itemId, t.at)],
);
