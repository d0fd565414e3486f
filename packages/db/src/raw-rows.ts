import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * The rows of a raw SQL statement, typed by the caller. Both drivers (PGlite and node-postgres) answer
 * `execute` with `{rows}`, which Drizzle's shared type does not say; this is the one place that knows it.
 */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
