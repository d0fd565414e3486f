import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './timestamps.ts';

const learner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Each learner's lab secrets the server has handed out, by a digest of the value (as answers are compared): a
 * wrong answer that is another learner's value of the same item names its owner.
 */
export const issuedLabSecrets = pgTable(
  'issued_lab_secrets',
  {
    /** The quiz or challenge. */
    itemId: uuid('item_id').notNull(),
    /** SHA-256 (hex) of the value trimmed and lower-cased. */
    digest: text('digest').notNull(),
    userId: learner(),
    name: text('name').notNull(),
    issuedAt: timestamp('issued_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.digest] })],
);

/** An answer that was another learner's secret: refused as wrong, and kept for the operator. */
export const sharedAnswers = pgTable(
  'shared_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', timestamps).notNull().defaultNow(),
    /** Who sent the answer. */
    userId: learner(),
    /** Whose secret it was. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `quiz` or `challenge`. */
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    itemTitle: text('item_title').notNull(),
    secretName: text('secret_name').notNull(),
  },
  (table) => [index('shared_answers_at_idx').on(table.at.desc(), table.id)],
);

/** When a learner first and last opened an item's lab (the API sent its content): what a solve is weighed against. */
export const labOpens = pgTable(
  'lab_opens',
  {
    userId: learner(),
    /** The quiz or challenge. */
    itemId: uuid('item_id').notNull(),
    firstAt: timestamp('first_at', timestamps).notNull().defaultNow(),
    lastAt: timestamp('last_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);

/**
 * A lab item solved faster than its lab could have been worked: with no lab ever opened, or within seconds of the
 * first opening. Recorded for the operator to judge (several in a row are a bulk solve); nothing changes for the
 * learner.
 */
export const quickSolves = pgTable(
  'quick_solves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: learner(),
    /** `quiz` or `challenge` (a step of it). */
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    itemTitle: text('item_title').notNull(),
    solvedAt: timestamp('solved_at', timestamps).notNull(),
    /** When the learner first opened the lab; null: never. */
    labOpenedAt: timestamp('lab_opened_at', timestamps),
  },
  (table) => [index('quick_solves_user_idx').on(table.userId, table.solvedAt)],
);
