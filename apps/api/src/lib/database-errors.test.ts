import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeError } from '../cli/command.ts';
import { databaseErrorLine, describeDatabaseError, isDatabaseUnavailable, printableError } from './database-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const inQuery = (cause: unknown) => new DrizzleQueryError('select $1', ['secret@example.test'], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a refused connection on every address', new AggregateError([withCode('ECONNREFUSED')])],
    ['a reset connection inside a failed query', inQuery(withCode('ECONNRESET'))],
    ['a server shutting down (57P01)', inQuery(withCode('57P01'))],
    ['a server starting up (57P03)', withCode('57P03')],
    ['a lost connection (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['PGlite closed', inQuery(new Error('PGlite is closed'))],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', inQuery(withCode('23505'))],
    ['NUL in text', inQuery(withCode('22021'))],
    ['an integer out of range', inQuery(withCode('22003'))],
    ['a syntax error', withCode('42601')],
    ['an application error that merely says "Connection terminated"', withCode('E_APP', 'Connection terminated')],
    ['no error at all', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is true for anything once PGlite is closed', () => {
    expect(isDatabaseUnavailable(new Error('whatever'), { pgliteClosed: true })).toBe(true);
  });
});

describe('describeDatabaseError', () => {
  it('keeps the rule and drops the values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      detail: 'Key (email)=(secret@example.test) already exists.',
      where: 'secret@example.test',
      hint: 'secret@example.test',
    });
    const described = describeDatabaseError(inQuery(cause));
    expect(described).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      message: 'duplicate key value violates unique constraint "users_email_key"',
    });
    expect(JSON.stringify(described)).not.toContain('secret@example.test');
    expect(String(described?.stack)).toMatch(/^\s+at /);
  });

  it('redacts the value a data error quotes at the end of its message', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret"'), { code: '22P02' });
    expect(describeDatabaseError(inQuery(cause))?.message).toBe('invalid input syntax for type uuid: [redacted]');
  });

  it('leaves other errors to the standard serialiser', () => {
    expect(describeDatabaseError(new Error('plain'))).toBeUndefined();
  });
});

describe('printableError and databaseErrorLine: what the server and the CLI print on stderr', () => {
  // As a content import with a NUL met it: Drizzle's message holds the statement and every parameter.
  const failedInsert = () =>
    new DrizzleQueryError(
      'insert into "module_items" ("title", "answers") values ($1, $2)',
      ['Nul\u0000Quiz', '["abcdefghijklmnop"]'],
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' }),
    );

  it('keep the database rule and the stack frames, never the statement or its parameters', () => {
    const error = failedInsert();
    expect(error.message).toContain('abcdefghijklmnop');
    const printed = printableError(error);
    expect(printed.split('\n')[0]).toBe(
      'invalid byte sequence for encoding "UTF8": 0x00 (type: DrizzleQueryError, code: 22021, severity: ERROR)',
    );
    expect(printed).toMatch(/\n\s+at /);
    expect(databaseErrorLine(error)).toBe(
      'the database refused it: invalid byte sequence for encoding "UTF8": 0x00 (22021)',
    );
    expect(describeError(error)).toBe(databaseErrorLine(error));
    for (const shown of [printed, describeError(error)]) {
      for (const secret of ['abcdefghijklmnop', 'Nul', 'insert into', 'params']) expect(shown).not.toContain(secret);
    }
  });

  it('say only that a query failed when it has no database error under it', () => {
    const bare = new DrizzleQueryError('select $1', ['secret@example.test']);
    expect(printableError(bare)).toBe('A database query failed (its statement and values are not shown).');
    expect(describeError(bare)).toBe('a database query failed');
  });

  it('print other errors as before, with their message and stack', () => {
    expect(printableError(new Error('the port is taken'))).toMatch(/^Error: the port is taken\n\s+at /);
    expect(databaseErrorLine(new Error('plain'))).toBeUndefined();
  });
});
