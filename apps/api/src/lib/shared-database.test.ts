import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { LEARNER_CHANGES_CHANNEL } from '@bastion/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claimEmbeddedDatabase,
  DataDirBusyError,
  findSharedDatabase,
  lockDataDirForServer,
  serverInfoPath,
  shareDatabase,
  type SharedDatabase,
} from './shared-database.ts';
import { dataDirLockPath, tryLockDataDir } from './data-dir-lock.ts';

const pending = Symbol('pending');
const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<typeof pending>((resolve) => setTimeout(() => resolve(pending), ms))]);

describe('sharing the embedded database over a socket', () => {
  let dataDir: string;
  let pglite: PGlite;
  let shared: SharedDatabase;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-share-'));
    pglite = await PGlite.create();
    await pglite.exec('create table items (n int primary key)');
    shared = await shareDatabase(pglite, dataDir);
  });
  afterEach(async () => {
    await shared.stop();
    await pglite.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records its address in server.json and removes it when stopped', async () => {
    const info = JSON.parse(await readFile(serverInfoPath(dataDir), 'utf8'));
    expect(info).toMatchObject({ pid: process.pid, url: shared.url });
    await expect(findSharedDatabase(dataDir)).resolves.toBe(shared.url);
    await shared.stop();
    expect(existsSync(serverInfoPath(dataDir))).toBe(false);
    await expect(findSharedDatabase(dataDir)).resolves.toBeNull();
  });

  it("keeps the server's own queries out of a client's open transaction", async () => {
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    await client.query('begin');
    await client.query('insert into items values (1)');
    const direct = pglite.query<{ n: number }>('select count(*)::int as n from items');
    expect(await settledWithin(direct, 300)).toBe(pending);
    await client.query('rollback');
    expect((await direct).rows).toEqual([{ n: 0 }]);
    await client.end();
  });

  it("keeps a client's statements out of the server's own transaction", async () => {
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query('insert into items values (2)');
      inserted();
      await held;
      await tx.rollback();
    });
    await insertDone;
    const read = client.query('select count(*)::int as n from items');
    expect(await settledWithin(read, 300)).toBe(pending);
    release();
    await transaction.catch(() => undefined);
    expect((await read).rows).toEqual([{ n: 0 }]);
    await client.end();
  });

  it("tells the server's listeners that a client may have changed any learner", async () => {
    const heard: string[] = [];
    await pglite.listen(LEARNER_CHANGES_CHANNEL, (payload) => heard.push(payload));
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    await pglite.query('select 1'); // queued behind any announcement
    heard.length = 0;
    await client.query('insert into items values (3)');
    await pglite.query('select 1');
    expect(heard).toEqual(['*']);
    await client.end();
  });

  it('rolls back and frees the database when a client disconnects mid-transaction', async () => {
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    await client.query('begin');
    await client.query('insert into items values (3)');
    await client.end();
    const after = await pglite.query<{ n: number }>('select count(*)::int as n from items');
    expect(after.rows).toEqual([{ n: 0 }]);
  });

  it('serves several clients and the server at once without mixing their statements', async () => {
    const pool = new pg.Pool({ connectionString: shared.url, max: 3 });
    const remote = Array.from({ length: 3 }, (_, k) =>
      (async () => {
        for (let i = 0; i < 10; i += 1) {
          const n = 100 + k * 10 + i;
          const c = await pool.connect();
          try {
            await c.query('begin');
            await c.query('insert into items values ($1)', [n]);
            const { rows } = await c.query('select n from items where n = $1', [n]);
            expect(rows).toEqual([{ n }]);
            await c.query('commit');
          } finally {
            c.release();
          }
        }
      })(),
    );
    const local = (async () => {
      for (let i = 0; i < 20; i += 1) {
        await pglite.transaction(async (tx) => {
          await tx.query('insert into items values ($1)', [1000 + i]);
        });
      }
    })();
    await Promise.all([...remote, local]);
    await pool.end();
    const { rows } = await pglite.query<{ n: number }>('select count(*)::int as n from items');
    expect(rows).toEqual([{ n: 50 }]);
  });
});

describe('finding the running server from DATA_DIR/server.json', () => {
  const write = async (info: object) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-info-'));
    await writeFile(serverInfoPath(dataDir), JSON.stringify(info));
    return dataDir;
  };

  it('ignores a missing file, one left by a process that has exited, and a socket that does not answer', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'bastion-info-'));
    await expect(findSharedDatabase(empty)).resolves.toBeNull();
    const stale = await write({ pid: 2 ** 22 + 12_345, url: 'postgresql://postgres@/postgres?host=%2Fnowhere' });
    await expect(findSharedDatabase(stale)).resolves.toBeNull();
    const deaf = await write({ pid: process.pid, url: 'postgresql://postgres@/postgres?host=%2Fnowhere' });
    await expect(findSharedDatabase(deaf)).resolves.toBeNull();
  });

  it('opens DATA_DIR past a server.json left behind: a running server would hold the lock', async () => {
    const dataDir = await write({ pid: process.pid, url: 'postgresql://postgres@/postgres?host=%2Fnowhere' });
    const claim = await claimEmbeddedDatabase(dataDir, 0);
    expect(claim.kind).toBe('locked');
    if (claim.kind === 'locked') await claim.lock.release();
  });
});

describe('one process at a time on DATA_DIR', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('lets a second claimant wait for the holder, and gives up with a clear error after the timeout', async () => {
    const first = await tryLockDataDir(dataDir);
    expect(first).not.toBeNull();
    expect(await tryLockDataDir(dataDir)).toBeNull();
    await expect(claimEmbeddedDatabase(dataDir, 0)).rejects.toThrow(DataDirBusyError);
    await expect(claimEmbeddedDatabase(dataDir, 1)).rejects.toThrow(/in use by another process.*within 1 s/);

    const waiting = claimEmbeddedDatabase(dataDir, 10);
    expect(await settledWithin(waiting, 400)).toBe(pending);
    await first!.release();
    const second = await waiting;
    expect(second.kind).toBe('locked');
    if (second.kind === 'locked') await second.lock.release();
    expect(existsSync(dataDirLockPath(dataDir))).toBe(false);
  });

  it('takes over a lock that its holder stopped refreshing (a killed process)', async () => {
    await mkdir(dataDirLockPath(dataDir));
    const longAgo = new Date(Date.now() - 120_000);
    await utimes(dataDirLockPath(dataDir), longAgo, longAgo);
    const lock = await tryLockDataDir(dataDir);
    expect(lock).not.toBeNull();
    await lock!.release();
  });

  it('sends a claimant to the running server, and refuses a second server', async () => {
    const lock = await lockDataDirForServer(dataDir, 0);
    const pglite = await PGlite.create();
    const shared = await shareDatabase(pglite, dataDir);
    try {
      await expect(claimEmbeddedDatabase(dataDir, 0)).resolves.toEqual({ kind: 'shared', url: shared.url });
      await expect(lockDataDirForServer(dataDir, 0)).rejects.toThrow(/Another server is already running/);
    } finally {
      await shared.stop();
      await pglite.close();
      await lock.release();
    }
  });
});
