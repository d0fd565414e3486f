import { sql } from 'drizzle-orm';
import { CONTENT_ADMIN_MESSAGES } from '@bastion/contract';
import { rowsOf, type Database, type Db } from '@bastion/db';
import { AppError } from '../../lib/errors.ts';

/** An arbitrary constant, beside the imports' own transaction lock (import-repository.ts). */
export const CONSOLE_LOCK_ID = 724_311_907;

/** How the console's dry run and import run: one at a time. */
export type ContentGate = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * One console dry run or import at a time (decision 0191): another asked for meanwhile answers 409 at once. In
 * this process a flag says so; on PostgreSQL, a session advisory lock taken without waiting says so for every
 * instance (the embedded database has one server). A dry run of a large folder takes seconds of a worker's CPU
 * and memory: several at once were what held the server.
 */
export function contentGate(database: Database): ContentGate {
  let running = false;
  return async (work) => {
    if (running) throw busy();
    running = true;
    try {
      if (database.kind !== 'postgres') return await work();
      return await database.withConnection(async (connection) => {
        if (!(await tryLock(connection))) throw busy();
        try {
          return await work();
        } finally {
          await connection.execute(sql`select pg_advisory_unlock(${CONSOLE_LOCK_ID})`);
        }
      });
    } finally {
      running = false;
    }
  };
}

async function tryLock(connection: Db): Promise<boolean> {
  const [row] = await rowsOf<{ locked: boolean }>(
    connection,
    sql`select pg_try_advisory_lock(${CONSOLE_LOCK_ID}) as locked`,
  );
  return row?.locked === true;
}

const busy = () => new AppError(409, { detail: CONTENT_ADMIN_MESSAGES.busy, code: 'content_busy' });
