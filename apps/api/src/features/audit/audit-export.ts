import { csvLine, type AuditFilterQuery } from '@bastion/contract';
import type { Db } from '@bastion/db';
import { auditFilterOf, recordAudit, type Actor } from './audit.service.ts';
import * as repo from './audit.repository.ts';

const BATCH_ROWS = 1000;

/** The export's columns: the page's, every field whole, and each row's place and hash in the chain. */
export const AUDIT_CSV_COLUMNS = [
  'seq',
  'at',
  'actor',
  'actor_id',
  'via',
  'ip',
  'action',
  'target_type',
  'target_id',
  'target',
  'before',
  'after',
  'row_hash',
];

const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value));

function rowLine(row: repo.AuditRow): string {
  return csvLine([
    row.seq,
    row.at.toISOString(),
    row.actorName,
    row.actorId,
    row.via,
    row.ip,
    row.action,
    row.targetType,
    row.targetId,
    row.targetLabel,
    json(row.before),
    json(row.after),
    row.rowHash,
  ]);
}

async function* csvOf(db: Db, filter: repo.AuditFilter, throughSeq: number): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_COLUMNS);
  let beforeSeq = throughSeq + 1;
  for (;;) {
    const batch = await repo.auditBatch(db, filter, beforeSeq, BATCH_ROWS);
    if (batch.length > 0) yield batch.map(rowLine).join('');
    if (batch.length < BATCH_ROWS) return;
    beforeSeq = batch.at(-1)!.seq;
  }
}

/**
 * The rows the filters match as CSV, newest first, read in batches as they are sent. The export is itself
 * audited (`audit.export`, with the filters and the rows it holds) before its first line: the log holds who
 * downloaded it. It holds the rows written before that record, not the record.
 */
export async function exportAuditLog(
  db: Db,
  actor: Actor,
  query: AuditFilterQuery,
  now: Date,
): Promise<AsyncGenerator<string>> {
  const throughSeq = await repo.headSeq(db);
  const filter = { ...auditFilterOf(query), throughSeq };
  const rows = await repo.countAudit(db, filter);
  const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  await recordAudit(
    db,
    actor,
    { action: 'audit.export', target: { type: 'audit_log', label: 'audit log' }, after: { filters, rows } },
    now,
  );
  return csvOf(db, filter, throughSeq);
}
