import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** An arbitrary constant: every instance takes the same advisory lock so only one migrates at a time. */
const MIGRATION_LOCK_ID = 724_311_905;

export async function migrateDatabase(database: Database): Promise<void> {
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      // Both migrators run the same SQL files; each takes its own driver's database type.
      if (database.kind === 'pglite') await migratePglite(db as never, { migrationsFolder });
      else await migrateNodePg(db as never, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  });
}
