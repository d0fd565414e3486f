import { inspect } from 'node:util';
import { DrizzleQueryError } from 'drizzle-orm';

/** Socket failures on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATEs of a server that is going away or not taking work: admin, crash and start-up shutdowns, no slots. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and its pool report a lost or refused connection with a bare Error: the text is all there is. */
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;
/** PGlite says the same once closed (its `closed` flag is checked first, where the instance is at hand). */
const PGLITE_CLOSED = /^PGlite is clos(ed|ing)$/;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The error and everything under it: its `cause` chain and an AggregateError's `errors`. */
function* chainOf(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (!error || typeof error !== 'object' || depth > 8) return;
  const link = error as Record<string, unknown>;
  yield link;
  if (Array.isArray(link.errors)) for (const inner of link.errors) yield* chainOf(inner, depth + 1);
  yield* chainOf(link.cause, depth + 1);
}

// Decision 0025: a database outage answers 503 with Retry-After; /api/health/ never touches the database.
/**
 * Whether the error means the database cannot be reached (refused or lost connection, a server shutting
 * down, PGlite closed), as opposed to a query the database refused: the former answers 503, the latter 500.
 */
export function isDatabaseUnavailable(error: unknown, options: { pgliteClosed?: boolean } = {}): boolean {
  if (options.pgliteClosed) return true;
  for (const link of chainOf(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || (SQLSTATE.test(code) && code.startsWith('08'))) {
      return true;
    }
    if (!code && (CONNECTION_LOST.test(message) || PGLITE_CLOSED.test(message))) return true;
  }
  return false;
}

/** What a database error may show in a log: which rule it broke, never the values that broke it. */
const SAFE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'routine'] as const;

/** The database error in the chain (one with a SQLSTATE or under a DrizzleQueryError), if any. */
function databaseErrorIn(error: unknown): Record<string, unknown> | undefined {
  let underQuery = false;
  for (const link of chainOf(error)) {
    if (link instanceof DrizzleQueryError) {
      underQuery = true;
      continue;
    }
    if ((typeof link.code === 'string' && SQLSTATE.test(link.code)) || underQuery) return link;
  }
  return undefined;
}

/**
 * A database error as the log keeps it. Drizzle's DrizzleQueryError carries the SQL and every bound
 * parameter (in `params`, and in its message and so its stack); PostgreSQL's `detail`, `where` and `hint`
 * may echo row values (`Key (email)=(…) already exists`), and a data error's message may end with the value
 * it could not read (`invalid input syntax for type uuid: "…"`). Kept: the SQLSTATE, the names of the rule
 * and the column, the message (a data error's without its value) and the stack frames below the message.
 */
export function describeDatabaseError(error: unknown): Record<string, unknown> | undefined {
  const cause = databaseErrorIn(error);
  if (!cause) return undefined;
  const code = typeof cause.code === 'string' ? cause.code : '';
  const message = typeof cause.message === 'string' ? cause.message : 'database error';
  const described: Record<string, unknown> = {
    type: error instanceof DrizzleQueryError ? 'DrizzleQueryError' : nameOf(error),
    message: code.startsWith('22') ? message.replace(/: ".*"$/s, ': [redacted]') : message,
  };
  for (const field of SAFE_FIELDS) {
    if (typeof cause[field] === 'string' && cause[field]) described[field] = cause[field];
  }
  const frames = stackFrames(error);
  if (frames) described.stack = frames;
  return described;
}

function nameOf(error: unknown): string {
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' ? name : 'Error';
}

/** The frames only: the stack starts with the message, which may hold the parameters (even lines like frames). */
function stackFrames(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  const header = `${error.name}: ${error.message}`;
  if (!error.stack.startsWith(header)) return undefined;
  return error.stack.slice(header.length).replace(/^\n/, '') || undefined;
}

/**
 * An error as a program prints it on stderr (the server when it cannot start): a database error as
 * describeDatabaseError keeps it, never the statement or the values it was given (a quiz's answer, an email).
 */
export function printableError(error: unknown): string {
  const database = describeDatabaseError(error);
  if (database) {
    const { message, stack, ...rest } = database;
    const fields = Object.entries(rest).map(([key, value]) => `${key}: ${String(value)}`);
    return [`${String(message)} (${fields.join(', ')})`, ...(typeof stack === 'string' ? [stack] : [])].join('\n');
  }
  if (hasQueryError(error)) return 'A database query failed (its statement and values are not shown).';
  return inspect(error);
}

/** One line for an operator (the CLI): a database error's rule, never its statement or values. */
export function databaseErrorLine(error: unknown): string | undefined {
  const database = describeDatabaseError(error);
  if (database)
    return `the database refused it: ${String(database.message)}${database.code ? ` (${String(database.code)})` : ''}`;
  return hasQueryError(error) ? 'a database query failed' : undefined;
}

function hasQueryError(error: unknown): boolean {
  for (const link of chainOf(error)) if (link instanceof DrizzleQueryError) return true;
  return false;
}
