import { migrateDatabase, openDatabase, useServerRole, type Database } from '@bastion/db';
import type { Config } from '../config.ts';
import type { DataDirLock } from '../lib/data-dir-lock.ts';
import { dataDirPrivacyWarnings, makeDataDirPrivate } from '../lib/private-data-dir.ts';
import { claimEmbeddedDatabase } from '../lib/shared-database.ts';

export type Connection = 'postgres' | 'server' | 'data-dir';

/**
 * The database the CLI works on: DATABASE_URL when it names a PostgreSQL server; otherwise the
 * running server's embedded database through its socket; otherwise DATA_DIR opened directly under
 * its lock (and migrated, so commands work on a fresh directory, then in the server's role), made private to this user first
 * (`warnings` then says what was open to others). While another command holds that lock, this waits
 * for it (DATA_DIR_LOCK_TIMEOUT).
 */
export async function openCliDatabase(
  config: Config,
): Promise<{ database: Database; connection: Connection; warnings: string[] }> {
  if (config.databaseUrl && config.databaseUrl !== 'pglite://memory') {
    // DATABASE_OWNER_URL, when set, is what `migrate` and `content import` migrate through.
    const database = await openDatabase({ url: config.databaseUrl, ownerUrl: config.databaseOwnerUrl, poolSize: 2 });
    return { database, connection: 'postgres', warnings: [] };
  }
  const claim = await claimEmbeddedDatabase(config.dataDir, config.dataDirLockTimeoutSeconds);
  // One connection: the shared embedded database runs one statement at a time anyway.
  if (claim.kind === 'shared') {
    return { database: await openDatabase({ url: claim.url, poolSize: 1 }), connection: 'server', warnings: [] };
  }
  try {
    if (config.databaseUrl === 'pglite://memory') {
      throw new Error(`DATABASE_URL=pglite://memory: no running server found in ${config.dataDir} to connect to`);
    }
    const privacy = await makeDataDirPrivate(config.dataDir);
    const database = await openDatabase({ dataDir: config.dataDir });
    await migrateDatabase(database);
    // Then the command works as the server would: in the server's role (decision 0187).
    await useServerRole(database);
    // PGlite leaves some of the files it creates or rewrites while opening open to everyone.
    await makeDataDirPrivate(config.dataDir);
    const warnings = dataDirPrivacyWarnings(privacy);
    return { database: releasedOnClose(database, claim.lock), connection: 'data-dir', warnings };
  } catch (error) {
    await claim.lock.release();
    throw error;
  }
}

function releasedOnClose(database: Database, lock: DataDirLock): Database {
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        await lock.release();
      }
    },
  };
}
