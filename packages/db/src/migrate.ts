import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database, type Db } from './client.ts';
import { rowsOf } from './raw-rows.ts';
import { grantEmbeddedServerRole, grantServerRole } from './roles.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** An arbitrary constant: every instance takes the same advisory lock so only one migrates at a time. */
const MIGRATION_LOCK_ID = 724_311_905;

/** Migrations are pending and the role connected cannot apply them. */
export class MigrationsPending extends Error {}

/**
 * Brings the database up to date (decision 0187):
 * - with an owner's connection (`ownerUrl`, DATABASE_OWNER_URL), migrates through it, then grants the role of
 *   `database` (the server's, DATABASE_URL) what the server needs, with only INSERT and SELECT on the audit log;
 * - otherwise, when nothing is pending, does nothing: the connection may be the server's role, which cannot create
 *   anything (the embedded database shared with the CLI, or DATABASE_URL alone as that role);
 * - otherwise migrates as the connection's role (DATABASE_URL alone, the one role of before; the embedded
 *   database's superuser), and on the embedded database grants its server role.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.ownerUrl) return migrateAsOwner(database, database.ownerUrl);
  await database.withConnection(async (db) => {
    const superuser = await isSuperuser(db);
    if (!(await pendingMigrations(db))) {
      if (database.kind === 'pglite' && superuser) await grantEmbeddedServerRole(db);
      return;
    }
    await withMigrationLock(db, async () => {
      await runMigrations(database.kind, db).catch((error: unknown) => {
        if (!superuser && isPermissionDenied(error)) {
          throw new MigrationsPending(
            'Database migrations are pending and the role of DATABASE_URL may not apply them: set DATABASE_OWNER_URL ' +
              'to the owner of the tables (docs/operations.md, "Database roles"), or restart the server that shares ' +
              'the embedded database so that it migrates.',
            { cause: error },
          );
        }
        throw error;
      });
      if (database.kind === 'pglite') await grantEmbeddedServerRole(db);
    });
  });
}

async function migrateAsOwner(database: Database, ownerUrl: string): Promise<void> {
  const [server] = await rowsOf<{ role: string }>(database.db, sql`select current_user as role`);
  const owner = await openDatabase({ url: ownerUrl, poolSize: 1 });
  try {
    await owner.withConnection((db) =>
      withMigrationLock(db, async () => {
        await runMigrations(owner.kind, db);
        // A superuser or the owner as the server's role gets nothing; the server warns at start (auditLogExposure).
        await grantServerRole(db, server!.role);
      }),
    );
  } finally {
    await owner.close();
  }
}

async function withMigrationLock(db: Db, work: () => Promise<void>): Promise<void> {
  await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
  try {
    await work();
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
}

function runMigrations(kind: Database['kind'], db: Db): Promise<void> {
  // Both migrators run the same SQL files; each takes its own driver's database type.
  return kind === 'pglite'
    ? migratePglite(db as never, { migrationsFolder })
    : migrateNodePg(db as never, { migrationsFolder });
}

/** Whether a migration file is newer than the last one applied (the same comparison as drizzle's migrator). */
async function pendingMigrations(db: Db): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  try {
    const [last] = await rowsOf<{ at: string | number | null }>(
      db,
      sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
    );
    return last?.at === null || last?.at === undefined || Number(last.at) < newest;
  } catch {
    // No record yet (a new database), or one this role may not read: the migrator decides.
    return true;
  }
}

async function isSuperuser(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ superuser: boolean }>(
    db,
    sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
  );
  return row?.superuser === true;
}

function isPermissionDenied(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '42501' || /permission denied/.test(e.message)) return true;
  }
  return false;
}
