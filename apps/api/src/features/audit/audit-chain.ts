import type { Executor } from '@bastion/db';
import * as repo from './audit.repository.ts';

/**
 * The audit log's hash chain (migration 0020, docs/console.md): each row holds the previous row's hash and its own,
 * computed by the database as the row is inserted. Walking it finds the first row that was rewritten, that follows
 * a deleted row, or that was inserted around the chain's trigger. Rewriting every hash from a row onwards keeps the
 * chain whole: a head recorded elsewhere (`anchor`) is what catches that, and a log cut back at its end.
 */

/** The previous hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** A row whose hash the operator recorded outside the database (an earlier verify's head). */
export interface ChainAnchor {
  seq: number;
  hash: string;
}

export interface ChainHead {
  seq: number;
  id: string;
  at: string;
  row_hash: string;
}

export interface ChainMismatch {
  seq: number;
  id: string | null;
  at: string | null;
  action: string | null;
  problem: string;
}

export type ChainReport =
  | { intact: true; rows: number; head: ChainHead | null }
  | { intact: false; rows_verified: number; mismatch: ChainMismatch };

const PAGE = 1_000;

export async function verifyAuditChain(db: Executor, anchor?: ChainAnchor): Promise<ChainReport> {
  let previous: repo.ChainRow | null = null;
  let verified = 0;
  for (;;) {
    const rows = await repo.chainRows(db, previous?.seq ?? null, PAGE);
    for (const row of rows) {
      const problem = rowProblem(row, previous);
      if (problem) return broken(verified, row, problem);
      previous = row;
      verified += 1;
    }
    if (rows.length < PAGE) break;
  }
  if (anchor) {
    const problem = await anchorProblem(db, anchor, previous?.seq ?? 0);
    if (problem) {
      const mismatch = { seq: anchor.seq, id: null, at: null, action: null, problem };
      return { intact: false, rows_verified: verified, mismatch };
    }
  }
  const head = previous && {
    seq: previous.seq,
    id: previous.id,
    at: previous.at.toISOString(),
    row_hash: previous.rowHash,
  };
  return { intact: true, rows: verified, head };
}

function rowProblem(row: repo.ChainRow, previous: repo.ChainRow | null): string | null {
  const due = (previous?.seq ?? 0) + 1;
  if (row.seq > due) {
    const gone = row.seq === due + 1 ? `row ${due}` : `rows ${due} to ${row.seq - 1}`;
    return `${gone} before it ${row.seq === due + 1 ? 'is' : 'are'} missing (deleted)`;
  }
  if (row.seq < due) {
    return `it is not in the chain (numbered ${row.seq} where ${due} was due): it was written with the chain's trigger bypassed`;
  }
  if (row.prevHash !== (previous?.rowHash ?? GENESIS_HASH)) {
    return previous
      ? `it does not follow row ${previous.seq} (its link is not that row's hash): a row was replaced or inserted out of chain`
      : 'it does not start the chain (its link is not the first row\u2019s): rows before it were replaced';
  }
  if (row.rowHash !== row.expectedHash)
    return 'its content no longer gives its hash: it was changed after it was written';
  return null;
}

async function anchorProblem(db: Executor, anchor: ChainAnchor, lastSeq: number): Promise<string | null> {
  const row = await repo.chainRowAt(db, anchor.seq);
  if (!row) return `the row whose hash was recorded is gone: the log ends at row ${lastSeq}, it was cut back`;
  if (row.rowHash !== anchor.hash) return 'its hash is not the one recorded: the chain up to it was rewritten';
  return null;
}

function broken(verified: number, row: repo.ChainRow, problem: string): ChainReport {
  return {
    intact: false,
    rows_verified: verified,
    mismatch: { seq: row.seq, id: row.id, at: row.at.toISOString(), action: row.action, problem },
  };
}
