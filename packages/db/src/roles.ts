import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * The database roles (decision 0187). The owner of the tables migrates; the server works as a role that owns
 * nothing, with the rights on every table its requests need, and on `audit_log` only INSERT and SELECT: it cannot
 * disable the log's triggers (only an owner can alter a table), nor update, delete or truncate a row.
 */

/** The role the server takes on the embedded database after migrating (NOLOGIN: it is only ever SET). */
export const EMBEDDED_SERVER_ROLE = 'bastion_server';

interface RoleFacts {
  superuser: boolean;
  /** The role is the current role (the owner granting), or can act as it. */
  actsAsGranter: boolean;
}

/**
 * Grants `role` what the server needs, run by the tables' owner after migrating: DML on every table and the use of
 * every sequence in `public` (and by default on those the owner creates later), only SELECT and INSERT on
 * `audit_log`, and reading the migrations' record (to see that nothing is pending). Returns null, or why it
 * granted nothing: a superuser or the owner itself would keep every right whatever is granted or revoked.
 */
export async function grantServerRole(db: Executor, role: string): Promise<string | null> {
  const [facts] = await rowsOf<RoleFacts>(
    db,
    sql`select r.rolsuper as superuser, pg_has_role(r.oid, current_user, 'MEMBER') as "actsAsGranter"
        from pg_roles r where r.rolname = ${role}`,
  );
  if (!facts) throw new Error(`no database role named ${role}`);
  if (facts.superuser || facts.actsAsGranter) {
    return `the server's database role ${role} is ${facts.superuser ? 'a superuser' : 'the owner of the tables (or a member of it)'}: nothing was granted to it`;
  }
  const r = sql.identifier(role);
  const [server] = await rowsOf<{ version: number }>(
    db,
    sql`select current_setting('server_version_num')::int as version`,
  );
  const version = server?.version ?? 0;
  const statements = [
    sql`grant usage on schema public to ${r}`,
    sql`grant select, insert, update, delete on all tables in schema public to ${r}`,
    sql`grant usage, select, update on all sequences in schema public to ${r}`,
    sql`alter default privileges in schema public grant select, insert, update, delete on tables to ${r}`,
    sql`alter default privileges in schema public grant usage, select, update on sequences to ${r}`,
    // PostgreSQL 17 has MAINTAIN: the leaderboard's upkeep vacuums its deltas (older servers skip it with a
    // warning for a non-owner, and autovacuum does it).
    ...(version >= 170_000 ? [sql`grant maintain on leaderboard_count_deltas to ${r}`] : []),
    sql`revoke all on audit_log from ${r}`,
    sql`grant select, insert on audit_log to ${r}`,
    sql`grant usage on schema drizzle to ${r}`,
    sql`grant select on drizzle.__drizzle_migrations to ${r}`,
  ];
  for (const statement of statements) await db.execute(statement);
  return null;
}

/** Creates the embedded database's server role when missing and grants it its rights (run as the owner). */
export async function grantEmbeddedServerRole(db: Executor): Promise<void> {
  const [exists] = await rowsOf(db, sql`select 1 from pg_roles where rolname = ${EMBEDDED_SERVER_ROLE}`);
  if (!exists) await db.execute(sql`create role ${sql.identifier(EMBEDDED_SERVER_ROLE)} nologin`);
  const refused = await grantServerRole(db, EMBEDDED_SERVER_ROLE);
  if (refused) throw new Error(refused);
}

/**
 * On the embedded database, the session (the server's, which the CLI shares over the socket) becomes the server's
 * role once migrated: from then on its SQL runs with that role's rights. PostgreSQL needs nothing: DATABASE_URL is
 * already the role the server connects as.
 */
export async function useServerRole(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  await database.db.execute(sql`set role ${sql.identifier(EMBEDDED_SERVER_ROLE)}`);
}

/**
 * Null when the current role cannot rewrite the audit log; otherwise why it can (a superuser, or the owner of
 * `audit_log` or a member of it, which may disable the log's triggers and then change or delete rows).
 */
export async function auditLogExposure(db: Executor): Promise<string | null> {
  const [facts] = await rowsOf<{ role: string; superuser: boolean; owner: boolean }>(
    db,
    sql`select current_user as role, r.rolsuper as superuser, pg_has_role(current_user, c.relowner, 'MEMBER') as owner
        from pg_roles r, pg_class c where r.rolname = current_user and c.oid = 'public.audit_log'::regclass`,
  );
  if (!facts || (!facts.superuser && !facts.owner)) return null;
  const what = facts.superuser ? 'is a superuser' : 'owns the audit_log table';
  return (
    `The audit log is not protected from the server's own database role: ${facts.role} ${what}, so it could ` +
    "disable the log's triggers and rewrite or delete rows. Connect the server (DATABASE_URL) as a role that owns " +
    'nothing and set DATABASE_OWNER_URL to the owner that migrates (docs/operations.md, "Database roles").'
  );
}
