import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Database, Db } from '@bastion/db';
import { AppError } from '../lib/errors.ts';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Command<O extends Options = Options> {
  /** The words that select it, e.g. `user create`. */
  name: string;
  usage: string;
  summary: string;
  options: O;
  /** How many positional arguments follow the name. */
  positionals: number;
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
}

export function defineCommand<O extends Options>(command: Command<O>): Command {
  return command as unknown as Command;
}

/** A mistake in how the command was called: the message is shown with the command's usage. */
export class UsageError extends Error {}

export function parseCommandArgs(command: Command, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== command.positionals) {
    throw new UsageError(
      `expected ${command.positionals} argument${command.positionals === 1 ? '' : 's'}, got ${parsed.positionals.length}`,
    );
  }
  return { positionals: parsed.positionals, values: parsed.values as CommandInput['values'] };
}

export function positiveInt(value: string | boolean | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive whole number`);
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
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? 'unknown error';
}
