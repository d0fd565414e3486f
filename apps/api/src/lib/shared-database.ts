// Decision 0004: a running server shares its PGlite over a Unix socket; decision 0005: one process per DATA_DIR.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { LEARNER_CHANGES_CHANNEL } from '@bastion/db';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { tryLockDataDir, type DataDirLock } from './data-dir-lock.ts';

/**
 * PGlite is one process. While the server runs on the embedded database it shares that database
 * over a Unix socket (PostgreSQL wire protocol), and records the address in DATA_DIR/server.json,
 * so the operator CLI can reach it instead of opening DATA_DIR a second time.
 */
export interface ServerInfo {
  pid: number;
  /** node-postgres URL of the shared database. */
  url: string;
  startedAt: string;
}

export const serverInfoPath = (dataDir: string) => path.join(dataDir, 'server.json');

/** node-postgres looks for `<dir>/.s.PGSQL.<port>`; 5432 is its default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export interface SharedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function shareDatabase(pglite: PGlite, dataDir: string): Promise<SharedDatabase> {
  const socketDir = privateSocketDir(dataDir);
  const socketPath = path.join(socketDir, SOCKET_NAME);
  rmSync(socketPath, { force: true }); // left behind by a server that did not stop cleanly
  const guarded = guardedPglite(pglite);
  const server = new PGLiteSocketServer({
    db: guarded.facade as unknown as PGlite,
    path: socketPath,
    maxConnections: 8,
  });
  await server.start();
  const url = `postgresql://postgres@/postgres?host=${encodeURIComponent(socketDir)}`;
  const info: ServerInfo = { pid: process.pid, url, startedAt: new Date().toISOString() };
  writeFileSync(serverInfoPath(dataDir), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  return {
    url,
    async stop() {
      rmSync(serverInfoPath(dataDir), { force: true });
      await server.stop();
      guarded.release();
      rmSync(socketPath, { force: true });
    },
  };
}

/** The URL of the running server's shared database, or null when no live server answers on it. */
export async function findSharedDatabase(dataDir: string): Promise<string | null> {
  let info: ServerInfo;
  try {
    info = JSON.parse(readFileSync(serverInfoPath(dataDir), 'utf8')) as ServerInfo;
  } catch {
    return null;
  }
  return isAlive(info.pid) && (await answers(info.url)) ? info.url : null;
}

export class DataDirBusyError extends Error {}

export type EmbeddedDatabaseClaim = { kind: 'shared'; url: string } | { kind: 'locked'; lock: DataDirLock };

const CLAIM_POLL_MS = 250;

/**
 * The lock on DATA_DIR's embedded database for this process or, when a running server holds it, that
 * server's shared database. While another process holds the lock without sharing (an operator command, a
 * server still starting) this waits up to `waitSeconds`, then throws DataDirBusyError. A server.json found
 * while the lock is free is stale: every server holds the lock while it runs.
 */
export async function claimEmbeddedDatabase(dataDir: string, waitSeconds: number): Promise<EmbeddedDatabaseClaim> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const lock = await tryLockDataDir(dataDir);
    if (lock) return { kind: 'locked', lock };
    const url = await findSharedDatabase(dataDir);
    if (url) return { kind: 'shared', url };
    if (Date.now() >= deadline) {
      throw new DataDirBusyError(
        `${dataDir} is in use by another process (an operator command, or a server starting) that did not ` +
          `release it within ${waitSeconds} s (DATA_DIR_LOCK_TIMEOUT); try again once it has finished.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

/** The lock on DATA_DIR for a server; DataDirBusyError when another server already runs on it. */
export async function lockDataDirForServer(dataDir: string, waitSeconds: number): Promise<DataDirLock> {
  const claim = await claimEmbeddedDatabase(dataDir, waitSeconds);
  if (claim.kind === 'locked') return claim.lock;
  throw new DataDirBusyError(`Another server is already running on ${dataDir} (see ${serverInfoPath(dataDir)}).`);
}

function privateSocketDir(dataDir: string): string {
  const dir = path.join(dataDir, 'run');
  if (path.join(dir, SOCKET_NAME).length <= MAX_SOCKET_PATH) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }
  return mkdtempSync(path.join(os.tmpdir(), 'bastion-db-'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Wire-protocol message types after which a client holds no unfinished statement. */
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const STARTUP = 0x00; // startup packets begin with their length
const ends = (type: number | undefined) => type === SYNC || type === QUERY || type === TERMINATE || type === STARTUP;

/** How long a client may hold the database between two messages outside a transaction (it left mid-statement). */
const ABANDONED_MS = 5_000;

/**
 * The socket server serialises its clients' messages, but not against the server's own direct use of
 * PGlite. This facade holds PGlite's transaction lock from a client's first message until it has neither
 * an open transaction nor an unfinished extended-protocol exchange (Parse…Sync), so the server's own
 * queries never land inside a CLI transaction and the CLI's never land inside the server's.
 */
export function guardedPglite(pglite: PGlite) {
  let unlock: (() => void) | null = null;
  let lastType: number | undefined;
  let abandoned: NodeJS.Timeout | undefined;

  const lock = () =>
    new Promise<void>((held) => {
      void pglite._runExclusiveTransaction(
        () =>
          new Promise<void>((done) => {
            unlock = done;
            held();
          }),
      );
    });
  const release = () => {
    clearTimeout(abandoned);
    const done = unlock;
    unlock = null;
    done?.();
    // A client's writes announce their learner changes to that client's connection, not to this process's
    // listeners: after anything a client did, this process forgets every learner it cached.
    if (done) void pglite.query(`select pg_notify($1, '*')`, [LEARNER_CHANGES_CHANNEL]).catch(() => undefined);
  };

  const facade = {
    get waitReady() {
      return pglite.waitReady;
    },
    /**
     * The socket server's queue takes only the current client's messages while this is true: it must also
     * cover an unfinished Parse…Sync exchange, or two clients' statements would interleave.
     */
    isInTransaction: () => unlock !== null || pglite.isInTransaction(),
    execProtocolRawStream(message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) {
      lastType = message[0];
      return pglite.execProtocolRawStream(message, options);
    },
    async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
      clearTimeout(abandoned);
      if (!unlock) await lock();
      try {
        return await pglite.runExclusive(fn);
      } finally {
        if (!pglite.isInTransaction()) {
          if (ends(lastType)) release();
          else abandoned = setTimeout(() => !pglite.isInTransaction() && release(), ABANDONED_MS);
        }
      }
    },
    /** Called by the socket server only to roll back after a client disconnected while holding the lock. */
    async exec(query: string) {
      if (!unlock) await lock();
      try {
        await pglite.runExclusive(() =>
          pglite.execProtocolRawStream(simpleQuery(query), { onRawData: () => undefined }),
        );
      } finally {
        release();
      }
    },
  };
  return { facade, release };
}

function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.writeUInt8(QUERY, 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}
