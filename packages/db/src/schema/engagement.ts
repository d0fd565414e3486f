import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const timestamps = { mode: 'date' as const, withTimezone: true };

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
