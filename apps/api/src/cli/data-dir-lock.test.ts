import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, users } from '@bastion/db';
import { runCli } from '../../test/processes.ts';
import { tryLockDataDir } from '../lib/data-dir-lock.ts';

const PASSWORD = 'a-long-operator-password';
const SLOW = 180_000;

const createUser = (name: string, env: Record<string, string>) =>
  runCli(['user', 'create', name, '--email', `${name}@example.com`, '--password', PASSWORD], env);

async function usernamesIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.select({ username: users.username }).from(users);
    return rows.map((r) => r.username).sort();
  } finally {
    await database.close();
  }
}

// One process at a time may open DATA_DIR/db: an embedded-database matter, run with the PGlite suite only.
describe('the operator CLI on a DATA_DIR with no server', () => {
  const dirs: string[] = [];
  const freshDataDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bastion-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it(
    'runs parallel commands one after another: every success it reports is in the database',
    async () => {
      const dataDir = await freshDataDir();
      const names = ['para1', 'para2', 'para3', 'para4'];
      // A generous wait: on a busy machine four PGlite boots in a row may take longer than the default 30 s.
      const env = { DATA_DIR: dataDir, DATA_DIR_LOCK_TIMEOUT: '150s' };
      const results = await Promise.all(names.map((name) => createUser(name, env)));
      const reported = names.filter((_, i) => results[i]!.code === 0);
      expect(await usernamesIn(dataDir)).toEqual(reported);
      // Each waited for the one before it.
      expect(results.map((r) => ({ code: r.code, stderr: r.stderr }))).toEqual(
        names.map(() => ({ code: 0, stderr: '' })),
      );
    },
    SLOW,
  );

  it(
    'gives up with a clear error, changing nothing, when the data directory stays held',
    async () => {
      const dataDir = await freshDataDir();
      const held = await tryLockDataDir(dataDir);
      expect(held).not.toBeNull();
      try {
        const started = Date.now();
        const result = await createUser('blocked', { DATA_DIR: dataDir, DATA_DIR_LOCK_TIMEOUT: '1s' });
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(/^error: .*in use by another process/);
        expect(Date.now() - started).toBeLessThan(30_000);
      } finally {
        await held!.release();
      }
      // It never opened the database: nothing was created there.
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    },
    SLOW,
  );
});
