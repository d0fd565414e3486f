import { csvLine, type LearnerFilterQuery } from '@bastion/contract';
import type { Db } from '@bastion/db';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './learners.admin.repository.ts';
import { toRow } from './learners.admin.service.ts';

const BATCH_ROWS = 1000;

/** The export's columns: the list's, each state in its own column. */
export const LEARNERS_CSV_COLUMNS = [
  'id',
  'username',
  'email',
  'first_name',
  'last_name',
  'date_joined',
  'last_login',
  'points',
  'verified',
  'active',
  'staff',
  'premium',
  'premium_until',
  'two_factor',
];

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function rowLine({ user, twoFactor }: Awaited<ReturnType<typeof repo.learnersBatch>>[number], now: Date): string {
  const row = toRow(user);
  const premium = row.is_premium && (user.premiumUntil === null || user.premiumUntil.getTime() > now.getTime());
  return csvLine([
    row.id,
    row.username,
    row.email,
    row.first_name,
    row.last_name,
    row.date_joined,
    row.last_login,
    row.points,
    yesNo(row.is_verified),
    yesNo(row.is_active),
    yesNo(row.is_staff),
    yesNo(premium),
    row.premium_until,
    yesNo(Boolean(twoFactor)),
  ]);
}

async function* csvOf(db: Db, filter: repo.LearnerFilter): AsyncGenerator<string> {
  yield csvLine(LEARNERS_CSV_COLUMNS);
  let after: { dateJoined: Date; id: string } | null = null;
  for (;;) {
    const batch = await repo.learnersBatch(db, filter, after, BATCH_ROWS);
    if (batch.length > 0) yield batch.map((row) => rowLine(row, filter.now)).join('');
    if (batch.length < BATCH_ROWS) return;
    const last = batch.at(-1)!.user;
    after = { dateJoined: last.dateJoined, id: last.id };
  }
}

/**
 * The accounts the list's search, role and state match as CSV, newest first, read in batches as they are sent.
 * It is personal data (names, addresses), so the export is audited (`learners.export`, with the filters and the
 * rows it holds) before its first line.
 */
export async function exportLearners(
  db: Db,
  actor: Actor,
  query: LearnerFilterQuery,
  now: Date,
): Promise<AsyncGenerator<string>> {
  const filter: repo.LearnerFilter = { search: query.search, role: query.role, state: query.state, now };
  const rows = await repo.countLearners(db, filter);
  const { sort: _sort, ...chosen } = query;
  const filters = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined));
  await recordAudit(
    db,
    actor,
    { action: 'learners.export', target: { type: 'users', label: 'learners list' }, after: { filters, rows } },
    now,
  );
  return csvOf(db, filter);
}
