import { migrateDatabase, openDatabase, type Database } from '@bastion/db';
import type { Config } from '../config.ts';
import { findSharedDatabase } from '../lib/shared-database.ts';

export type Connection = 'postgres' | 'server' | 'data-dir';

/**
 * The database the CLI works on: DATABASE_URL when it names a PostgreSQL server; otherwise the
 * running server's embedded database through its socket; otherwise DATA_DIR opened directly
 * (and migrated, so commands work on a fresh directory).
 */
export async function openCliDatabase(config: Config): Promise<{ database: Database; connection: Connection }> {
  if (config.databaseUrl && config.databaseUrl !== 'pglite://memory') {
    return { database: await openDatabase({ url: config.databaseUrl, poolSize: 2 }), connection: 'postgres' };
  }
  const shared = await findSharedDatabase(config.dataDir);
  // One connection: the shared embedded database runs one statement at a time anyway.
  if (shared) return { database: await openDatabase({ url: shared, poolSize: 1 }), connection: 'server' };
  if (config.databaseUrl === 'pglite://memory') {
    throw new Error(`DATABASE_URL=pglite://memory: no running server found in ${config.dataDir} to connect to`);
  }
  const database = await openDatabase({ dataDir: config.dataDir });
  await migrateDatabase(database);
  return { database, connection: 'data-dir' };
}
