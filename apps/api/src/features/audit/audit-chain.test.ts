import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, migrateDatabase, migrationsFolder, openDatabase, rowsOf, type Database } from '@bastion/db';
import { commandContext } from '../../../test/command-context.ts';
import { testDbKind } from '../../../test/database.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { auditCommands } from '../../cli/audit.ts';
import { parseCommandArgs, ReportedFailure, UsageError } from '../../cli/command.ts';
import { GENESIS_HASH, verifyAuditChain } from './audit-chain.ts';
import { audited, type Actor } from './audit.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ACTOR: Actor = { id: null, name: 'tester@host', via: 'cli', ip: null };

const record = (label: string, after: Record<string, unknown> = { n: 1 }) =>
  audited(ctx.db, ACTOR, async () => ({
    result: undefined,
    audit: { action: 'learner.verify', target: { type: 'user', id: null, label }, after },
  }));

const chain = () => ctx.db.select().from(auditLog).orderBy(asc(auditLog.seq));

/** As the owner (the test's superuser) with every user trigger off: what the server's role cannot do. */
const bypassingTriggers = (statement: SQL) =>
  ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

/** `npm run cli -- audit verify [args]`, in process: its JSON, or the lines it reports on stderr. */
async function verifyCommand(args: string[] = []): Promise<{ printed?: unknown; reported?: string[] }> {
  const command = auditCommands.find((c) => c.name === 'audit verify')!;
  const input = parseCommandArgs(command, args);
  command.check?.(input);
  return command.run(input, commandContext(ctx.database)).then(
    (printed) => ({ printed }),
    (error: unknown) => {
      if (error instanceof ReportedFailure) return { reported: error.lines };
      throw error;
    },
  );
}

describe("the audit log's hash chain", () => {
  it('chains every row to the one before it, and verifies when intact', async () => {
    expect(await verifyAuditChain(ctx.db)).toEqual({ intact: true, rows: 0, head: null });
    await record('first', { nested: { b: [1.5, 'x'], a: null } });
    await record('second');
    // Rows of one statement chain in turn too; whatever an insert sets for the chain's columns is replaced.
    await ctx.db.insert(auditLog).values([
      { actorName: 'x', via: 'cli', action: 'a', targetType: 't', seq: 99, prevHash: 'forged', rowHash: 'forged' },
      { actorName: 'y', via: 'cli', action: 'b', targetType: 't' },
    ]);
    const rows = await chain();
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.rowHash);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.rowHash))).toBe(true);
    expect(new Set(rows.map((row) => row.rowHash)).size).toBe(4);

    const head = { seq: 4, id: rows[3]!.id, at: rows[3]!.at.toISOString(), row_hash: rows[3]!.rowHash };
    expect(await verifyAuditChain(ctx.db)).toEqual({ intact: true, rows: 4, head });
    expect(await verifyCommand()).toEqual({ printed: { intact: true, rows: 4, head } });
    expect(await verifyCommand(['--expect', `4:${rows[3]!.rowHash}`])).toEqual({
      printed: { intact: true, rows: 4, head },
    });
  });

  it('names the first row rewritten with the triggers bypassed, and verifies again once it is put back', async () => {
    const [, second] = await chain();
    await bypassingTriggers(sql`update audit_log set target_label = 'forged' where seq = 2`);
    const report = await verifyAuditChain(ctx.db);
    expect(report).toMatchObject({
      intact: false,
      rows_verified: 1,
      mismatch: { seq: 2, id: second!.id, problem: expect.stringMatching(/changed after it was written/) },
    });
    const { reported } = await verifyCommand();
    expect(reported![0]).toBe(
      `The audit log does not verify: row 2 (id ${second!.id}, ${second!.at.toISOString()}, learner.verify) does not ` +
        'match: its content no longer gives its hash: it was changed after it was written.',
    );

    await bypassingTriggers(sql`update audit_log set target_label = ${second!.targetLabel} where seq = 2`);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ intact: true, rows: 4 });
  });

  it('names the row after a deleted one', async () => {
    const [saved] = await rowsOf<{ row: string }>(
      ctx.db,
      sql`select to_jsonb(a)::text as row from audit_log a where seq = 1`,
    );
    await bypassingTriggers(sql`delete from audit_log where seq = 1`);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({
      intact: false,
      rows_verified: 0,
      mismatch: { seq: 2, problem: 'row 1 before it is missing (deleted)' },
    });
    await bypassingTriggers(
      sql`insert into audit_log select * from jsonb_populate_record(null::audit_log, ${saved!.row}::jsonb)`,
    );
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ intact: true, rows: 4 });

    await bypassingTriggers(sql`delete from audit_log where seq in (2, 3)`);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({
      intact: false,
      rows_verified: 1,
      mismatch: { seq: 4, problem: 'rows 2 to 3 before it are missing (deleted)' },
    });
  });

  it('names a row inserted around the trigger, and one whose predecessor was rewritten with a new hash', async () => {
    await bypassingTriggers(sql`delete from audit_log`);
    for (const label of ['a', 'b', 'c']) await record(label);
    await bypassingTriggers(
      sql`insert into audit_log (actor_name, via, action, target_type) values ('intruder', 'cli', 'x', 't')`,
    );
    expect(await verifyAuditChain(ctx.db)).toMatchObject({
      intact: false,
      mismatch: { seq: 0, action: 'x', problem: expect.stringMatching(/trigger bypassed/) },
    });
    await bypassingTriggers(sql`delete from audit_log where seq = 0`);

    // Row 2 rewritten, its own hash recomputed as the trigger would: row 3 no longer follows it.
    await bypassingTriggers(sql`update audit_log set target_label = 'forged' where seq = 2`);
    await bypassingTriggers(sql`update audit_log a set row_hash = bastion_audit_log_row_hash(a) where seq = 2`);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({
      intact: false,
      rows_verified: 2,
      mismatch: { seq: 3, problem: expect.stringMatching(/does not follow row 2/) },
    });
  });

  it('catches, with a head kept outside, a log whose end was rewritten or cut back', async () => {
    await bypassingTriggers(sql`delete from audit_log`);
    for (const label of ['a', 'b', 'c']) await record(label);
    const rows = await chain();
    const kept = `3:${rows[2]!.rowHash}`;
    expect((await verifyCommand(['--expect', kept])).printed).toMatchObject({ intact: true });

    // The last row rewritten with a recomputed hash: the chain alone is whole again.
    await bypassingTriggers(sql`update audit_log set target_label = 'forged' where seq = 3`);
    await bypassingTriggers(sql`update audit_log a set row_hash = bastion_audit_log_row_hash(a) where seq = 3`);
    expect((await verifyCommand()).printed).toMatchObject({ intact: true, rows: 3 });
    expect((await verifyCommand(['--expect', kept])).reported![0]).toBe(
      'The audit log does not verify: row 3 does not match: its hash is not the one recorded: the chain up to it was rewritten.',
    );

    await bypassingTriggers(sql`delete from audit_log where seq = 3`);
    expect((await verifyCommand()).printed).toMatchObject({ intact: true, rows: 2 });
    expect((await verifyCommand(['--expect', kept])).reported![0]).toMatch(
      /row 3 does not match: the row whose hash was recorded is gone: the log ends at row 2/,
    );
  });

  it('refuses an --expect that is not <seq>:<hash>', async () => {
    for (const bad of ['3', '0:' + 'a'.repeat(64), '3:abc', `x:${'a'.repeat(64)}`]) {
      await expect(verifyCommand(['--expect', bad])).rejects.toThrow(UsageError);
    }
  });
});

describe('migration 0020', () => {
  /** A database of its own, migrated up to 0019 with drizzle's migrator and a copy of the folder cut there. */
  let database: Database;
  let dropDatabase = async () => undefined as unknown;
  beforeAll(async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'bastion-migrations-'));
    await cp(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 19);
    await writeFile(journalPath, JSON.stringify(journal));
    if (testDbKind === 'postgres') {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `bastion_m20_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
      dropDatabase = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
      await migrateNodePg(database.db as never, { migrationsFolder: folder });
    } else {
      database = await openDatabase({ url: 'pglite://memory', pglite: await PGlite.create() });
      await migratePglite(database.db as never, { migrationsFolder: folder });
    }
    await rm(folder, { recursive: true, force: true });
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase();
  });

  it('chains the rows written before it, oldest first, and the next insert after them', async () => {
    const insert = (label: string, at: string) =>
      database.db.execute(
        sql`insert into audit_log (at, actor_name, via, action, target_type, target_label, after)
            values (${at}, 'op', 'cli', 'learner.verify', 'user', ${label}, '{"x": 1}')`,
      );
    await insert('middle', '2026-02-01T00:00:00Z');
    await insert('oldest', '2026-01-01T00:00:00Z');
    await insert('newest', '2026-03-01T00:00:00Z');

    await migrateDatabase(database);
    const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.seq));
    expect(rows.map((row) => [row.seq, row.targetLabel])).toEqual([
      [1, 'oldest'],
      [2, 'middle'],
      [3, 'newest'],
    ]);
    expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true, rows: 3 });

    await database.db.insert(auditLog).values({ actorName: 'op', via: 'cli', action: 'a', targetType: 't' });
    const [fourth] = await database.db.select().from(auditLog).where(eq(auditLog.seq, 4));
    expect(fourth!.prevHash).toBe(rows[2]!.rowHash);
    expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true, rows: 4 });
    // The append-only trigger is on again after the migration's own update.
    await expect(database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
  });
});
