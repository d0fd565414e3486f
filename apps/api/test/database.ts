import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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
  const dump = new Blob([await readFile(inject('pgliteTemplate'))]);
  return openDatabase({ ...options, url: 'pglite://memory', pgliteDump: dump });
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
