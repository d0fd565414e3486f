import { verifyAuditChain, type ChainAnchor } from '../features/audit/audit-chain.ts';
import { defineCommand, ReportedFailure, UsageError, type CommandInput } from './command.ts';

/** `--expect <seq>:<hash>`: a head printed by an earlier verify and kept outside the database. */
function anchor({ values }: CommandInput): ChainAnchor | undefined {
  const expect = values.expect;
  if (expect === undefined) return undefined;
  const match = /^([1-9]\d{0,17}):([0-9a-f]{64})$/.exec(String(expect).trim().toLowerCase());
  if (!match) throw new UsageError('--expect takes <seq>:<hash>, a row number and its 64 hex digits');
  return { seq: Number(match[1]), hash: match[2]! };
}

export const auditCommands = [
  defineCommand({
    name: 'audit verify',
    usage: 'audit verify [--expect <seq>:<hash>]',
    summary:
      "walk the audit log's hash chain: prints the rows and the head (its seq and row_hash, worth keeping outside " +
      'the database) when intact, else names the first row that does not match and exits 1; --expect checks that ' +
      'a head kept earlier is still in the log with its hash',
    options: { expect: { type: 'string' } },
    positionals: 0,
    check: (input) => void anchor(input),
    async run(input, { db }) {
      const report = await verifyAuditChain(db, anchor(input));
      if (report.intact) return report;
      const { seq, id, at, action, problem } = report.mismatch;
      const row = id ? `row ${seq} (id ${id}, ${at}, ${action})` : `row ${seq}`;
      throw new ReportedFailure([
        `The audit log does not verify: ${row} does not match: ${problem}.`,
        `${report.rows_verified} row(s) before it verify.`,
      ]);
    },
  }),
];
