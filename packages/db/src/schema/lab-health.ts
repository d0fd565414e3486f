import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { learnerItemRecord } from './columns.ts';

/**
 * Each lab start a learner's browser reported (the console's Lab health, from migration 0024): how it came up, how
 * long from the Start or Reset press to the prompt, and where a failed one stopped. Nothing about the learner but
 * their id; kept LAB_HEALTH_LIMITS.keptDays days.
 */
export const labStarts = pgTable(
  'lab_starts',
  {
    ...learnerItemRecord(),
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
