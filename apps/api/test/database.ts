import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '@bastion/db';
import { withDatabase } from './global-setup.ts';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** A fresh database for one test file, copied from the migrated template. */
export async function openTestDatabase(options: Pick<DatabaseOptions, 'onQuery'> = {}): Promise<Database> {
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `bastion_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const database = await openDatabase({ ...options, url: withDatabase(url, name), poolSize: 10 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const engine = spareEngines.pop() ?? (await PGlite.create({ loadDataDir: await templateDump() }));
  const database = await openDatabase({ ...options, url: 'pglite://memory', pglite: engine });
  return {
    ...database,
    async close() {
      if (engine.closed) return;
      // Emptied, the engine is the template again; one whose emptying fails (a test broke it) is closed.
      const emptied = await emptyEngine(engine).then(
        () => true,
        () => false,
      );
      if (emptied) spareEngines.push(engine);
      else await engine.close();
    },
  };
}

/**
 * Engines of files that have ended, emptied for the next file of the worker (the worker's files share this module):
 * starting one from the template's dump took 0.7 s of CPU, emptying one takes 0.1–0.3 s.
 */
const spareEngines: PGlite[] = [];

let dump: Promise<Blob> | undefined;
function templateDump(): Promise<Blob> {
  dump ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return dump;
}

/**
 * Back to the migrated template: the session as new (no transaction, setting, listener, lock or prepared statement
 * left), every table empty and every identity restarted. The migrations' own record stays; the audit log's
 * append-only trigger is a user trigger, which a replica session does not fire.
 */
async function emptyEngine(engine: PGlite): Promise<void> {
  if (engine.isInTransaction()) await engine.exec('rollback');
  await engine.exec('discard all');
  const { rows } = await engine.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  await engine.exec(
    `set session_replication_role = replica; truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade; reset session_replication_role`,
  );
}

/**
 * A PostgreSQL database of the calling suite's own, copied from the migrated template before its tests and
 * dropped after them: for the processes a test starts (the CLI, a server), which connect by URL.
 */
export function suiteDatabaseUrl(prefix: string): string {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return withDatabase(url, name);
}
