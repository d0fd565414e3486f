import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NotReady } from '@bastion/contract';
import type { Database } from '@bastion/db';
import { isDatabaseUnavailable } from '../../lib/database-errors.ts';

/** A readiness probe that waits longer than this for the database reports it as timing out. */
export const READY_TIMEOUT_MS = 2_000;

export type DatabaseProblem = NotReady['database'];

/** Asks the database for `select 1`; resolves with what is wrong, or 'ok'. Never rejects. */
export async function checkDatabase(database: Database, log: FastifyBaseLogger): Promise<'ok' | DatabaseProblem> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
  });
  const probe = database.db.execute(sql`select 1`).then(
    () => 'ok' as const,
    (error: unknown): DatabaseProblem => {
      log.warn({ err: error }, 'readiness check failed');
      return isDatabaseUnavailable(error, { pgliteClosed: database.pglite?.closed }) ? 'unreachable' : 'error';
    },
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
