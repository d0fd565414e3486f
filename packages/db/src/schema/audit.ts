import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = { mode: 'date' as const, withTimezone: true };

/**
 * What staff did in the console and what operators did with the CLI: one row per action that changed data.
 * Append-only: a trigger (migration 0012) refuses UPDATE, DELETE and TRUNCATE. `actorId` is the staff
 * account (null for the CLI) and has no foreign key, so a row outlives its account; `actorName` says who
 * in words (the username, or the operating-system user and host of a CLI command).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', timestamps).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** `console` or `cli`. */
    via: text('via').notNull(),
    /** The client address of a console action; null for the CLI. */
    ip: text('ip'),
    /** What was done, e.g. `learner.grant_premium`, `coupon.create`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The target in words (a username, a code), kept as it was at the time. */
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id),
    index('audit_log_action_at_idx').on(t.action, t.at.desc()),
    index('audit_log_actor_at_idx').on(t.actorId, t.at.desc()),
    index('audit_log_target_at_idx').on(t.targetId, t.at.desc()),
  ],
);
