import { csvLine, type SubmissionFilterQuery } from '@bastion/contract';
import type { Db } from '@bastion/db';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './submissions.repository.ts';
import { submissionFilterOf, toSubmission } from './submissions.service.ts';

const BATCH_ROWS = 1000;

/** The export's columns: the page's, each mark in its own column. */
export const SUBMISSIONS_CSV_COLUMNS = [
  'at',
  'learner',
  'learner_id',
  'item_type',
  'item',
  'item_id',
  'step',
  'result',
  'fingerprint',
  'same_answer_learners',
  'ip',
  'shared_from',
  'quick_solve',
  'lab_opened_at',
  'learner_quick_solves',
];

function rowLine(row: repo.SubmissionRow): string {
  const entry = toSubmission(row);
  return csvLine([
    entry.at,
    entry.learner.username,
    entry.learner.id,
    entry.item.type,
    entry.item.title,
    entry.item.id,
    entry.item.step,
    entry.correct ? 'right' : 'wrong',
    entry.fingerprint,
    entry.same_answer_learners,
    entry.ip,
    entry.shared_from?.username ?? null,
    entry.quick_solve ? 'yes' : 'no',
    entry.quick_solve?.lab_opened_at ?? null,
    entry.quick_solve?.learner_quick_solves ?? null,
  ]);
}

async function* csvOf(db: Db, filter: repo.SubmissionFilter): AsyncGenerator<string> {
  yield csvLine(SUBMISSIONS_CSV_COLUMNS);
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const batch = await repo.submissionsBatch(db, filter, after, BATCH_ROWS);
    if (batch.length > 0) yield batch.map(rowLine).join('');
    if (batch.length < BATCH_ROWS) return;
    const last = batch.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}

/**
 * The answers the filters match as CSV, newest first, read in batches as they are sent. The log holds personal
 * data (who, from which address), so the export is audited (`submissions.export`, with the filters and the rows it
 * holds) before its first line. It holds the answers recorded up to that moment.
 */
export async function exportSubmissions(
  db: Db,
  actor: Actor,
  query: SubmissionFilterQuery,
  now: Date,
): Promise<AsyncGenerator<string>> {
  const filter = { ...(await submissionFilterOf(db, query)), through: now };
  const rows = await repo.countSubmissions(db, filter);
  const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  await recordAudit(
    db,
    actor,
    {
      action: 'submissions.export',
      target: { type: 'submissions', label: 'submissions log' },
      after: { filters, rows },
    },
    now,
  );
  return csvOf(db, filter);
}
