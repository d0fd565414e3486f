import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirPrivacyWarnings, makeDataDirPrivate } from './private-data-dir.ts';

/** Every folder and file under `root` (links left out) with its permission bits. */
async function modesUnder(root: string): Promise<Record<string, number>> {
  const modes: Record<string, number> = { '.': (await stat(root)).mode & 0o777 };
  for (const name of await readdir(root, { recursive: true })) {
    const entry = await lstat(path.join(root, name));
    if (!entry.isSymbolicLink()) modes[name] = entry.mode & 0o777;
  }
  return modes;
}

describe('makeDataDirPrivate', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'bastion-private-'));
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('takes group and other permissions off DATA_DIR and everything in it, and says how much was open', async () => {
    // As an operator's `mkdir` and a database written under umask 0 leave them.
    const dataDir = path.join(parent, 'open');
    await mkdir(path.join(dataDir, 'db', 'global'), { recursive: true });
    await writeFile(path.join(dataDir, 'db', 'global', 'pg_control'), 'x');
    await writeFile(path.join(dataDir, 'db', 'PG_VERSION'), '17');
    await writeFile(path.join(dataDir, 'secrets.txt'), 's');
    await chmod(path.join(dataDir, 'db', 'global', 'pg_control'), 0o666);
    await chmod(path.join(dataDir, 'db', 'PG_VERSION'), 0o644);
    await chmod(path.join(dataDir, 'secrets.txt'), 0o600);
    for (const folder of ['', 'db', 'db/global']) await chmod(path.join(dataDir, folder), 0o755);

    const found = await makeDataDirPrivate(dataDir);

    expect(await modesUnder(dataDir)).toEqual({
      '.': 0o700,
      db: 0o700,
      'db/global': 0o700,
      'db/global/pg_control': 0o600,
      'db/PG_VERSION': 0o600,
      'secrets.txt': 0o600,
    });
    expect(found).toEqual({ dataDir, tightened: 5, refused: [] });
    expect(dataDirPrivacyWarnings(found)).toEqual([
      `DATA_DIR ${dataDir} was open to other users of this machine: 5 folder(s) and file(s) in it are now private to the server's user (no group or other permissions).`,
    ]);
  });

  it('creates a missing DATA_DIR private, and has nothing to say about one that is', async () => {
    const dataDir = path.join(parent, 'new', 'data');
    const found = await makeDataDirPrivate(dataDir);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(dataDirPrivacyWarnings(found)).toEqual([]);
    expect(dataDirPrivacyWarnings(await makeDataDirPrivate(dataDir))).toEqual([]);
  });

  it('neither follows nor changes a symbolic link out of DATA_DIR', async () => {
    const outside = path.join(parent, 'shared.txt');
    await writeFile(outside, 'not ours to change');
    await chmod(outside, 0o644);
    const outsideFolder = path.join(parent, 'public');
    await mkdir(outsideFolder);
    await chmod(outsideFolder, 0o755);
    const dataDir = path.join(parent, 'linked');
    await mkdir(dataDir, { mode: 0o700 });
    await symlink(outside, path.join(dataDir, 'link'));
    await symlink(outsideFolder, path.join(dataDir, 'folder-link'));
    expect((await makeDataDirPrivate(dataDir)).tightened).toBe(0);
    expect((await stat(outside)).mode & 0o777).toBe(0o644);
    expect((await stat(outsideFolder)).mode & 0o777).toBe(0o755);
  });
});
