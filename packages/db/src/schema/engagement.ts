import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './timestamps.ts';

/** Whether staff dealt with an inbox item in the console: when, and who (their username at the time). */
const handling = {
  handledAt: timestamp('handled_at', timestamps),
  handledBy: text('handled_by'),
};

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
    ...handling,
  },
  (t) => [
    index('feedback_user_created_idx').on(t.userId, t.createdAt),
    index('feedback_created_idx').on(t.createdAt.desc(), t.id),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
    ...handling,
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc(), t.id)],
);

/**
 * Staff's replies to an inbox item (mailed to its sender) and internal notes on it (never mailed), oldest first
 * beside the item. Each belongs to one feedback item or one contact message and goes with it.
 */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id').references(() => feedback.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's username at the time. */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    /** A reply's recipient; null for a note. */
    mailedTo: text('mailed_to'),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_entries_feedback_idx').on(t.feedbackId, t.createdAt),
    index('inbox_entries_contact_idx').on(t.contactMessageId, t.createdAt),
    check('inbox_entries_kind_check', sql`${t.kind} IN ('reply', 'note')`),
    check('inbox_entries_one_item_check', sql`num_nonnulls(${t.feedbackId}, ${t.contactMessageId}) = 1`),
  ],
);
