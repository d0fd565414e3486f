import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './timestamps.ts';

/**
 * The leading columns of a record of something a learner did with a quiz or a challenge (a judged answer, a lab
 * start): when, who, and which item. The item has no foreign key: the record outlives a re-import that removes it.
 */
export function learnerItemRecord() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', timestamps).notNull().defaultNow(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `quiz` or `challenge`. */
    itemType: text('item_type').notNull(),
    /** The quiz or the challenge. */
    itemId: uuid('item_id').notNull(),
  };
}
