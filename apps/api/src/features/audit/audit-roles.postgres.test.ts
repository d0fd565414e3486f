import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixturesDir } from '@bastion/content/testing';
import {
  auditLog,
  auditLogExposure,
  migrateDatabase,
  MigrationsPending,
  openDatabase,
  type Database,
} from '@bastion/db';
import { suiteDatabaseUrl } from '../../../test/database.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { startServer } from '../../../test/processes.ts';
import { asTestServerRole, ensureTestServerRole, TEST_SERVER_ROLE } from '../../../test/server-role.ts';
import { signedInStaff, type SignedIn } from '../../../test/staff.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { audited, type Actor } from './audit.service.ts';

/**
 * The two roles of decision 0187 on PostgreSQL: the owner (here the suite's superuser) migrates through
 * DATABASE_OWNER_URL and grants the server's role, which owns nothing, its rights; the app runs as that role.
 */
const ownerUrl = suiteDatabaseUrl('bastion_roles');
const ACTOR: Actor = { id: null, name: 'tester@host', via: 'cli', ip: null };

let ctx: TestContext;
let server: Database;
let staff: SignedIn;
beforeAll(async () => {
  await ensureTestServerRole(process.env.TEST_DATABASE_URL!);
  server = await openDatabase({ url: asTestServerRole(ownerUrl), ownerUrl, poolSize: 10 });
  await migrateDatabase(server);
  ctx = await createTestApp({ database: server });
  staff = await signedInStaff(ctx);
});
afterAll(() => ctx?.close());

/** Drizzle wraps the database's error: its message is the cause's. */
const outcome = (statement: SQL, db = server.db) =>
  db.execute(statement).then(
    () => 'allowed',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );

describe("the server's database role", () => {
  it('may neither disable the audit log\u2019s triggers nor change, delete or truncate a row; it inserts and reads', async () => {
    await audited(server.db, ACTOR, async () => ({
      result: undefined,
      audit: { action: 'learner.verify', target: { type: 'user', label: 'kept' } },
    }));
    expect(await outcome(sql`alter table audit_log disable trigger audit_log_no_update`)).toMatch(/must be owner/);
    expect(await outcome(sql`alter table audit_log disable trigger all`)).toMatch(/must be owner/);
    expect(await outcome(sql`drop trigger audit_log_chain on audit_log`)).toMatch(/must be owner/);
    expect(
      await outcome(sql`create or replace function bastion_audit_log_row_hash(r audit_log) returns text
                        language sql as $$ select ''::text $$`),
    ).toMatch(/must be owner|permission denied for schema public/);
    expect(await outcome(sql`update audit_log set action = 'forged'`)).toMatch(/permission denied for table audit_log/);
    expect(await outcome(sql`delete from audit_log`)).toMatch(/permission denied for table audit_log/);
    expect(await outcome(sql`truncate audit_log`)).toMatch(/permission denied for table audit_log/);
    expect(await outcome(sql`set session_replication_role = replica`)).toMatch(/permission denied/);
    expect(
      await outcome(sql`insert into audit_log (actor_name, via, action, target_type) values ('a', 'cli', 'b', 'c')`),
    ).toBe('allowed');
    const rows = await server.db.select().from(auditLog);
    expect(rows.map((row) => row.targetLabel)).toContain('kept');
    expect(await auditLogExposure(server.db)).toBeNull();
    expect(await verifyAuditChain(server.db)).toMatchObject({ intact: true });
  });

  it('runs the app: a console action writes its audit row, chained', async () => {
    const learner = await createUser(ctx.db);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/learners/${learner.id}/active/`,
      payload: { is_active: false },
      headers: { authorization: staff.authorization },
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, learner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ via: 'console', actorId: staff.id, targetLabel: learner.username });
    expect(rows[0]!.seq).toBeGreaterThan(0);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ intact: true });
  });

  it('chains the rows of two instances inserting at once one after the other', async () => {
    const peer = await openDatabase({ url: asTestServerRole(ownerUrl), poolSize: 5 });
    try {
      const before = await verifyAuditChain(server.db);
      // Each action holds its transaction open a moment before its row, so the two instances' inserts overlap.
      await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          audited(i % 2 === 0 ? server.db : peer.db, ACTOR, async (tx) => {
            await tx.execute(sql`select pg_sleep(0.02)`);
            return { result: i, audit: { action: 'learner.verify', target: { type: 'user', label: `race-${i}` } } };
          }),
        ),
      );
      const report = await verifyAuditChain(server.db);
      expect(report).toMatchObject({ intact: true, rows: (before.intact ? before.rows : 0) + 16 });
    } finally {
      await peer.close();
    }
  });

  it('says whether a role could rewrite the audit log', async () => {
    const owner = await openDatabase({ url: ownerUrl, poolSize: 1 });
    try {
      expect(await auditLogExposure(owner.db)).toMatch(
        /not protected from the server's own database role: .* is a superuser/,
      );
    } finally {
      await owner.close();
    }
  });

  it('cannot migrate a new database: it is told to set DATABASE_OWNER_URL', async () => {
    const name = `bastion_empty_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const lone = await openDatabase({ url: asTestServerRole(withDatabase(ownerUrl, name)), poolSize: 1 });
    try {
      const refused = await migrateDatabase(lone).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MigrationsPending);
      expect((refused as Error).message).toMatch(/set DATABASE_OWNER_URL/);
    } finally {
      await lone.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('the server on PostgreSQL in production', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-roles-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const production = (database: Record<string, string>) => ({
    ...database,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    MAIL_TRANSPORT: 'outbox',
    CONTENT_DIR: path.join(contentFixturesDir, 'valid'),
    DATA_DIR: dataDir,
  });
  const warning = /The audit log is not protected from the server's own database role/;

  it('migrates as DATABASE_OWNER_URL and serves as DATABASE_URL without warning; with one role it warns', async () => {
    const twoRoles = await startServer(
      production({ DATABASE_URL: asTestServerRole(ownerUrl), DATABASE_OWNER_URL: ownerUrl }),
    );
    try {
      expect((await fetch(`${twoRoles.url}/api/ready/`)).status).toBe(200);
    } finally {
      expect(await twoRoles.stop()).toBe(0);
    }
    expect(twoRoles.output()).not.toMatch(warning);
    expect(twoRoles.output()).not.toMatch(new RegExp(`${TEST_SERVER_ROLE}.*is a superuser`));

    const oneRole = await startServer(production({ DATABASE_URL: ownerUrl }));
    await oneRole.stop();
    expect(oneRole.output()).toMatch(warning);
  }, 120_000);
});
