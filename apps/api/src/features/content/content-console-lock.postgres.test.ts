import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTENT_ADMIN_MESSAGES } from '@bastion/contract';
import { consoleTest } from '../../../test/staff.ts';
import { CONSOLE_LOCK_ID } from './content-console-gate.ts';

/** Only a PostgreSQL server has other instances: the console's one-at-a-time rule holds across them too. */
const test = consoleTest();

describe('the content console across instances', () => {
  it('answers 409 while another instance holds the console’s lock', async () => {
    await test.ctx.database.withConnection(async (other) => {
      await other.execute(sql`select pg_advisory_lock(${CONSOLE_LOCK_ID})`);
      try {
        const answer = await test.call('POST', '/api/admin/content/dry-run/');
        expect(answer.statusCode).toBe(409);
        expect(answer.json().detail).toBe(CONTENT_ADMIN_MESSAGES.busy);
      } finally {
        await other.execute(sql`select pg_advisory_unlock(${CONSOLE_LOCK_ID})`);
      }
    });
    expect((await test.call('POST', '/api/admin/content/dry-run/')).statusCode).toBe(200);
  });
});
