import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { learnerItemRecord } from './columns.ts';
import { timestamps } from './timestamps.ts';

/**
 * Every judged answer to a quiz or a challenge step (the console's submissions log, from migration 0023): each wrong
 * one, and the right one that solved the item. A throttled answer is not judged and an answer to an item already
 * solved changes nothing, so neither is kept: a learner adds at most the answer throttles' budget per item and day.
 * The answer itself is never kept: a wrong one only as a short keyed fingerprint (decision in docs/operations.md).
 */
export const answerSubmissions = pgTable(
  'answer_submissions',
  {
    ...learnerItemRecord(),
    /** The item's title when it was answered. */
    itemTitle: text('item_title').notNull(),
    /** The challenge step's number; null for a quiz. */
    step: integer('step'),
    correct: boolean('correct').notNull(),
    /** A wrong answer's fingerprint: the first 8 hex digits of an HMAC of the item and the answer as compared. */
    fingerprint: text('fingerprint'),
    /** The learner's address. */
    ip: text('ip'),
    /** A wrong answer that was this other learner's lab secret (the shared answers of the Integrity page). */
    sharedOwnerId: uuid('shared_owner_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('answer_submissions_at_idx').on(t.at.desc(), t.id),
    index('answer_submissions_user_at_idx').on(t.userId, t.at.desc()),
    // The item filter, and how many learners sent the same wrong answer to an item.
    index('answer_submissions_item_fingerprint_idx').on(t.itemId, t.fingerprint),
  ],
);

/** When the server began keeping a record that did not exist before (`answer_submissions`: migration 0023). */
export const recordStarts = pgTable('record_starts', {
  record: text('record').primaryKey(),
  startedAt: timestamp('started_at', timestamps).notNull().defaultNow(),
});
