import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';

/** The mail queue: rows are claimed with FOR UPDATE SKIP LOCKED and retried with back-off. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', timestamps).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', timestamps),
    lastError: text('last_error'),
    meta: jsonb('meta').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
    sentAt: timestamp('sent_at', timestamps),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
