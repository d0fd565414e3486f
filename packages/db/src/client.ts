// Decision 0004: PGlite by default; the same schema and migrations serve PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { listenPglite, listenPostgres, type ListenHandlers, type StopListening } from './listen.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction on it: repositories accept both. */
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** The embedded engine, when there is one (shared with the CLI over a socket). */
  pglite?: PGlite;
  /** The tables' owner (DATABASE_OWNER_URL): migrateDatabase migrates through it and grants this connection's role. */
  ownerUrl?: string;
  /** Runs fn on one dedicated connection (advisory locks are per connection). */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** The connection pool's figures (node-postgres); absent for the embedded database, which has one connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Receives what is sent on a notification channel, from any connection, once its transaction commits. */
  listen(channel: string, handlers: ListenHandlers): Promise<StopListening>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`, `postgresql://…`, `pglite://memory`, or unset for PGlite in `dataDir/db`. */
  url?: string;
  dataDir?: string;
  /** An embedded engine already running, to use instead of starting one (tests reuse theirs). */
  pglite?: PGlite;
  /** Pool size for node-postgres. */
  poolSize?: number;
  /** `postgres://…` of the tables' owner, when `url` is the server's role that owns nothing (decision 0187). */
  ownerUrl?: string;
  /** Called with each statement's SQL text as Drizzle sends it (debugging, statement counts). */
  onQuery?: (sql: string) => void;
}

interface DrizzleOptions {
  schema: Schema;
  logger?: { logQuery(sql: string): void };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const url = options.url;
  const drizzleOptions = {
    schema,
    logger: options.onQuery ? { logQuery: (sql: string) => options.onQuery!(sql) } : undefined,
  };
  if (options.ownerUrl !== undefined && !(isPostgresUrl(url) && isPostgresUrl(options.ownerUrl))) {
    throw new Error('An owner URL goes with a PostgreSQL DATABASE_URL, and is postgres://… itself');
  }
  if (isPostgresUrl(url))
    return { ...openPostgres(url, options.poolSize ?? 10, drizzleOptions), ownerUrl: options.ownerUrl };
  if (url && url !== 'pglite://memory') throw new Error(`Unsupported DATABASE_URL scheme: ${redactUrl(url)}`);

  const client = options.pglite ?? (await startPglite(url ? undefined : (options.dataDir ?? './data')));
  const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    withConnection: (fn) => fn(db),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    close: () => client.close(),
  };
}

const isPostgresUrl = (url: string | undefined): url is string => url !== undefined && /^postgres(ql)?:\/\//.test(url);

/** PGlite in `dataDir/db`, or in memory without a dataDir. */
function startPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir === undefined) return PGlite.create();
  const dataPath = path.resolve(dataDir, 'db');
  mkdirSync(dataPath, { recursive: true });
  return PGlite.create(dataPath);
}

function openPostgres(url: string, max: number, drizzleOptions: DrizzleOptions): Database {
  // A database host that stops answering fails a request after 5 s (the API answers 503) instead of hanging it.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, drizzleOptions) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async withConnection(fn) {
      const connection = await pool.connect();
      try {
        return await fn(drizzleNodePg(connection, drizzleOptions) as unknown as Db);
      } finally {
        connection.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
