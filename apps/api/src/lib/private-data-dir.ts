import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Group and other permission bits: none may be set on anything in DATA_DIR. */
const OPEN_TO_OTHERS = 0o077;

/** What making DATA_DIR private found. */
export interface DataDirPrivacy {
  dataDir: string;
  /** Folders and files that other users could reach, now private to this user. */
  tightened: number;
  /** Those that could not be changed (another user owns them), with the reason. */
  refused: string[];
}

/**
 * From here on, everything this process creates is private to its user (folders 0700, files 0600),
 * whoever made the folder it goes in. Call it first thing in the server and the CLI, before anything
 * writes to DATA_DIR.
 */
export function createFilesPrivately(): void {
  process.umask(OPEN_TO_OTHERS);
}

// Decision 0028: DATA_DIR is made private (0700, group and other bits removed) at every start of the server and CLI.
/**
 * Makes DATA_DIR private to the server's user: creates it (0700) when missing, and takes the group and other
 * permissions off it and everything in it, recursively (folders become 0700, files 0600 or 0700). Symbolic
 * links are neither followed nor changed. The embedded database holds password hashes, sessions and pending
 * mail links: nobody else on the machine may read or write it. Run it before the database opens and again
 * after (PGlite writes some of its files world-readable and writable when it creates or opens a database).
 */
export async function makeDataDirPrivate(dataDir: string): Promise<DataDirPrivacy> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const result: DataDirPrivacy = { dataDir, tightened: 0, refused: [] };
  const pending = [dataDir];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const stats = await lstat(entry).catch(() => null);
    // Gone meanwhile (a temporary file), or a link, which chmod would follow out of DATA_DIR.
    if (!stats || stats.isSymbolicLink()) continue;
    if (stats.isDirectory()) {
      const names = await readdir(entry).catch(() => []);
      pending.push(...names.map((name) => path.join(entry, name)));
    }
    if ((stats.mode & OPEN_TO_OTHERS) === 0) continue;
    try {
      await chmod(entry, stats.mode & 0o7777 & ~OPEN_TO_OTHERS);
      result.tightened += 1;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') result.refused.push(`${entry} (${code ?? 'error'})`);
    }
  }
  return result;
}

/** What the operator is told at start: empty when DATA_DIR was already private. */
export function dataDirPrivacyWarnings(found: DataDirPrivacy): string[] {
  const warnings: string[] = [];
  if (found.tightened > 0) {
    warnings.push(
      `DATA_DIR ${found.dataDir} was open to other users of this machine: ${found.tightened} folder(s) and file(s) in it are now private to the server's user (no group or other permissions).`,
    );
  }
  if (found.refused.length > 0) {
    warnings.push(
      `DATA_DIR ${found.dataDir} holds ${found.refused.length} folder(s) or file(s) open to other users that could not be made private, such as ${found.refused.slice(0, 3).join(', ')}: give them to the server's user or remove their group and other permissions.`,
    );
  }
  return warnings;
}
