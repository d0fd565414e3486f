import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { auditLog, type Db } from '@bastion/db';

/** Checks that `response` is a console CSV download named `<name>-YYYY-MM-DD.csv`. */
export function expectCsvDownload(response: LightMyRequestResponse, name: string): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
}

/** The newest audit record of `action`: an export's own record, for instance. */
export async function latestAudit(db: Db, action: string) {
  const [record] = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return record;
}
