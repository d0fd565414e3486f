// Decision 0007: the operator CLI parses with util.parseArgs and calls the same services as the routes.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Database, Db } from '@bastion/db';
import type { Config } from '../config.ts';
import { databaseErrorLine } from '../lib/database-errors.ts';
import { AppError } from '../lib/errors.ts';
import type { Actor } from '../features/audit/audit.service.ts';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Command<O extends Options = Options> {
  /** The words that select it, e.g. `user create`. */
  name: string;
  usage: string;
  summary: string;
  options: O;
  /** How many positional arguments follow the name (or a range, for optional ones). */
  positionals: number | { min: number; max: number };
  /** Runs without a database (the context's database may not be used). */
  offline?: boolean;
  /** Checks the arguments before any database is opened; throws UsageError. */
  check?(input: CommandInput): void;
  run(input: CommandInput, context: CommandContext): Promise<unknown>;
}

export interface CommandInput {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

export interface CommandContext {
  db: Db;
  database: Database;
  /** The server's configuration: what a command needs of it, such as APP_URL for the links in mail. */
  config: Config;
  /** Who runs the command, for the audit log of what it changes. */
  actor: Actor;
}

export function defineCommand<O extends Options>(command: Command<O>): Command {
  return command as unknown as Command;
}

/** A mistake in how the command was called: the message is shown with the command's usage. */
export class UsageError extends Error {}

/** A failure whose whole report (several lines, e.g. one per content problem) goes to stderr; exit code 1. */
export class ReportedFailure extends Error {
  constructor(readonly lines: string[]) {
    super(lines[0] ?? 'failed');
  }
}

/**
 * A command that did part of its work: its result is printed as on success, its report goes to stderr, and the
 * exit code is 1 (a CTFd import that left some challenges out).
 */
export class PartialFailure extends ReportedFailure {
  constructor(
    lines: string[],
    readonly result: unknown,
  ) {
    super(lines);
  }
}

export function parseCommandArgs(command: Command, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { min, max } =
    typeof command.positionals === 'number'
      ? { min: command.positionals, max: command.positionals }
      : command.positionals;
  const count = parsed.positionals.length;
  if (count < min || count > max) {
    const expected = min === max ? String(min) : `${min} to ${max}`;
    throw new UsageError(`expected ${expected} argument${min === 1 && max === 1 ? '' : 's'}, got ${count}`);
  }
  return { positionals: parsed.positionals, values: parsed.values as CommandInput['values'] };
}

/** The largest whole number an option takes: what PostgreSQL's integer holds (a count, a limit, days). */
const MAX_OPTION = 2_147_483_647;

export function positiveInt(value: string | boolean | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  // Digits only: Number() would also read 1e20, 0x10 or " 12 ".
  if (typeof value !== 'string' || !/^\d+$/.test(value) || n < 1 || n > MAX_OPTION) {
    throw new UsageError(`--${name} must be a positive whole number, at most ${MAX_OPTION}`);
  }
  return n;
}

/** One line for the operator: a service's field errors become `field: message; …`. */
export function describeError(error: unknown): string {
  if (error instanceof AppError) {
    const body = error.body;
    if (typeof body.detail === 'string') return body.detail;
    const parts = Object.entries(body).map(([field, value]) => `${field}: ${[value].flat().join(' ')}`);
    if (parts.length > 0) return parts.join('; ');
  }
  // A failed query's message holds its statement and every value it was given.
  const database = databaseErrorLine(error);
  if (database) return database;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? 'unknown error';
}
