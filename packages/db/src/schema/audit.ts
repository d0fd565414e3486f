import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';

/**
 * What staff did in the console and what operators did with the CLI: one row per action that changed data.
 * Append-only: a trigger (migration 0012) refuses UPDATE, DELETE and TRUNCATE. `actorId` is the staff
 * account (null for the CLI) and has no foreign key, so a row outlives its account; `actorName` says who
 * in words (the username, or the operating-system user and host of a CLI command).
 *
 * A hash chain (migration 0020, docs/console.md): a BEFORE INSERT trigger numbers each row (`seq`) and stores the
 * previous row's hash (`prevHash`) and its own (`rowHash`, sha256 of the row's canonical text and `prevHash`), one
 * insert at a time. The server never sets them: their defaults are placeholders the trigger always replaces.
 * `npm run cli -- audit verify` walks the chain.
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
    /** The row's place in the chain: 1, 2, 3… in the order the rows were inserted. */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    /** The previous row's `rowHash` (64 zeros for the first row), hex. */
    prevHash: text('prev_hash').notNull().default(''),
    /** sha256 of the row's canonical text, which includes `prevHash`, hex. */
    rowHash: text('row_hash').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id),
    index('audit_log_action_at_idx').on(t.action, t.at.desc()),
    index('audit_log_actor_at_idx').on(t.actorId, t.at.desc()),
    index('audit_log_target_at_idx').on(t.targetId, t.at.desc()),
    uniqueIndex('audit_log_seq_key').on(t.seq),
  ],
);
