import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.ts';
import { post, signupBody } from './accounts.ts';

/**
 * A query that fails inside a request answers 500 and is logged, but the log keeps only which rule
 * failed: never the values the query was given (Drizzle puts every parameter in its error's message,
 * PostgreSQL puts the failing row in `detail` and some values in its message).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Rules only these tests break: the database refuses a row the API accepts.
  await ctx.db.execute(
    sql.raw(`alter table users add constraint test_refuses_name check (first_name <> 'Refused') not valid`),
  );
  await ctx.db.execute(
    sql.raw(`alter table contact_messages add constraint test_number_subject
      check (case when subject like 'Refused%' then subject::int > 0 else true end) not valid`),
  );
});
afterAll(() => ctx.close());

function errorLogs(): Array<{ msg: string; err: Record<string, unknown> }> {
  return ctx.logs
    .map((line) => JSON.parse(line) as { level: number; msg: string; err: Record<string, unknown> })
    .filter((line) => line.level >= 50 && line.err);
}

describe('a database error inside a request', () => {
  it('is logged with its SQLSTATE, table and constraint, without the sign-up’s email, name or password hash', async () => {
    const body = signupBody({ first_name: 'Refused' });
    const response = await post(ctx.app, '/api/users/signup/', body);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.' });

    const [logged] = errorLogs();
    expect(logged?.err).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23514',
      table: 'users',
      constraint: 'test_refuses_name',
      message: 'new row for relation "users" violates check constraint "test_refuses_name"',
    });
    expect(String(logged?.err.stack)).toContain('users.repository.ts');
    const logs = ctx.logs.join('\n');
    for (const secret of [body.email, body.username, 'Refused', body.password1, '$argon2id$', 'Failing row']) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(/params|detail/);
  });

  it('keeps a data error’s message but not the value quoted in it, nor the rest of the row', async () => {
    ctx.logs.length = 0;
    const message = {
      name: 'Private Person',
      email: 'private.person@example.test',
      subject: 'Refused-subject-42',
      message: 'A confidential message.',
    };
    const response = await post(ctx.app, '/api/contactus/', message);
    expect(response.statusCode).toBe(500);

    const [logged] = errorLogs();
    expect(logged?.err).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: [redacted]' });
    const logs = ctx.logs.join('\n');
    for (const value of Object.values(message)) expect(logs).not.toContain(value);
  });
});
