import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * PGlite allows one process on a data directory; two of them silently lose each other's writes. Every
 * process that opens DATA_DIR's embedded database, or serves it to others (the server, a CLI command),
 * first holds this lock, from before PGlite opens until after it closes.
 */
export interface DataDirLock {
  release(): Promise<void>;
}

export const dataDirLockPath = (dataDir: string) => path.join(dataDir, 'db.lock');

/**
 * A holder refreshes the lock every UPDATE_MS; one not refreshed for STALE_MS was left by a process that
 * died without releasing it (SIGKILL, power loss) and may be taken over. PGlite runs on the event loop,
 * so STALE_MS leaves room for long statements: creating a new database held the loop for over 20 s on a
 * busy machine whose system calls are slow, and its holder, finding its own lock past the threshold, stopped.
 */
const STALE_MS = 60_000;
const UPDATE_MS = 4_000;

/** Takes the lock at once, or returns null while another process holds it. */
export async function tryLockDataDir(dataDir: string): Promise<DataDirLock | null> {
  mkdirSync(dataDir, { recursive: true });
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: dataDirLockPath(dataDir),
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: (error) => {
        // Another process may be writing to the database now: stop before this one writes too.
        process.stderr.write(`error: lost the lock on ${dataDir} (${error.message}); stopping.\n`);
        process.exit(1);
      },
    });
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        await release();
      },
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return null;
    throw error;
  }
}
