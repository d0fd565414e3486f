import { and, count, desc, eq, gte, ilike, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, rowsOf, type Executor } from '@bastion/db';
import type { PageWindow } from '../../lib/pagination.ts';
import { containing } from '../../lib/contains.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(db: Executor, values: NewAuditRow): Promise<AuditRow> {
  const [row] = await db.insert(auditLog).values(values).returning();
  return row!;
}

export interface AuditFilter {
  action?: string;
  /** Part of the actor's name. */
  actor?: string;
  /** Part of the target's label, or its exact id. */
  target?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Rows written up to this place in the chain (an export's snapshot). */
  throughSeq?: number;
}

function where(filter: AuditFilter): SQL | undefined {
  const target = filter.target?.trim();
  return and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actor ? ilike(auditLog.actorName, containing(filter.actor.trim())) : undefined,
    target ? or(eq(auditLog.targetId, target), ilike(auditLog.targetLabel, containing(target))) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
    filter.throughSeq === undefined ? undefined : lte(auditLog.seq, filter.throughSeq),
  );
}

/** Newest first (the `audit_log_at_idx` index, or the action's). */
export function listAudit(db: Executor, filter: AuditFilter, window: PageWindow): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(where(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countAudit(db: Executor, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(where(filter));
  return row?.n ?? 0;
}

/** The newest row's place in the chain (0 while the log is empty). */
export async function headSeq(db: Executor): Promise<number> {
  const [row] = await db.select({ seq: max(auditLog.seq) }).from(auditLog);
  return Number(row?.seq ?? 0);
}

/** Up to `limit` rows before `beforeSeq` in the chain, newest first (the unique index on seq serves it). */
export function auditBatch(db: Executor, filter: AuditFilter, beforeSeq: number, limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(where(filter), lt(auditLog.seq, beforeSeq)))
    .orderBy(desc(auditLog.seq))
    .limit(limit);
}

/** A row as the chain's check reads it: its links, and the hash its content gives now. */
export interface ChainRow {
  seq: number;
  id: string;
  at: Date;
  action: string;
  prevHash: string;
  rowHash: string;
  /** What `bastion_audit_log_row_hash` (migration 0020) computes from the row as it is. */
  expectedHash: string;
}

/** Up to `limit` rows after `afterSeq` (from the first when null), in chain order. */
export async function chainRows(db: Executor, afterSeq: number | null, limit: number): Promise<ChainRow[]> {
  const rows = await rowsOf<Omit<ChainRow, 'seq' | 'at'> & { seq: string | number; at: string | Date }>(
    db,
    sql`select seq, id, at, action, prev_hash as "prevHash", row_hash as "rowHash",
          bastion_audit_log_row_hash(a) as "expectedHash"
        from audit_log a
        where ${afterSeq}::bigint is null or seq > ${afterSeq}::bigint
        order by seq
        limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq), at: new Date(row.at) }));
}

/** The row at `seq` (its stored hash), if there is one. */
export async function chainRowAt(db: Executor, seq: number): Promise<{ rowHash: string } | null> {
  const [row] = await db.select({ rowHash: auditLog.rowHash }).from(auditLog).where(eq(auditLog.seq, seq));
  return row ?? null;
}
