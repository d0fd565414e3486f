import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './timestamps.ts';

/** What an operator can override: a course, module, lesson, quiz or challenge's visibility, a step's points. */
export type OverrideKind = 'course' | 'module' | 'lesson' | 'quiz' | 'challenge' | 'step';

/**
 * An operator's override of an imported item, beside the content's own values (which a re-import rewrites):
 * the effective value is the override's where it is not null, the content's otherwise. One row per item;
 * clearing deletes it. Content ids are random UUIDs, unique across the content tables.
 */
export const contentOverrides = pgTable('content_overrides', {
  itemId: uuid('item_id').primaryKey(),
  kind: text('kind').$type<OverrideKind>().notNull(),
  hidden: boolean('hidden'),
  points: integer('points'),
  reason: text('reason'),
  setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: timestamp('set_at', timestamps).notNull(),
});
