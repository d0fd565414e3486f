import { ConfigError, loadConfig } from '../config.ts';
import { loadEnvFile } from '../lib/env-file.ts';
import { createFilesPrivately } from '../lib/private-data-dir.ts';
import {
  describeError,
  parseCommandArgs,
  PartialFailure,
  ReportedFailure,
  UsageError,
  type Command,
} from './command.ts';
import { openCliDatabase } from './database.ts';
import { cliActor } from '../features/audit/audit.service.ts';
import { auditCommands } from './audit.ts';
import { contentCommands } from './content.ts';
import { couponCommands } from './coupons.ts';
import { engagementCommands } from './engagement.ts';
import { migrateCommands } from './migrate.ts';
import { notificationCommands } from './notifications.ts';
import { userCommands } from './users.ts';

/** Operator commands: `npm run cli -- <command>`. Each prints JSON on success. */
const commands: Command[] = [
  ...migrateCommands,
  ...userCommands,
  ...engagementCommands,
  ...notificationCommands,
  ...couponCommands,
  ...contentCommands,
  ...auditCommands,
];

/** The context of a command that needs no database: touching it is a programming error. */
const OFFLINE = {
  get db(): never {
    throw new Error('this command runs without a database');
  },
  get database(): never {
    throw new Error('this command runs without a database');
  },
  get config(): never {
    throw new Error('this command runs without the configuration');
  },
  get actor(): never {
    throw new Error('this command runs without a database');
  },
};

function help(): string {
  return [
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.usage}\n      ${c.summary}`),
    '',
    'Configuration comes from the environment (and .env): DATABASE_URL, or DATA_DIR for the embedded database;',
    'DATABASE_OWNER_URL, when set, is the owner that `migrate` and `content import` migrate as.',
    'While the server runs on the embedded database, commands reach it through the socket it shares.',
  ].join('\n');
}

/** The command whose name matches the longest prefix of the arguments. */
function findCommand(args: string[]): { command: Command; rest: string[] } | null {
  for (const words of [2, 1]) {
    const name = args.slice(0, words).join(' ');
    const command = commands.find((c) => c.name === name);
    if (command) return { command, rest: args.slice(words) };
  }
  return null;
}

async function main(args: string[]): Promise<number> {
  createFilesPrivately();
  loadEnvFile();
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
    process.stdout.write(`${help()}\n`);
    return args.length === 0 ? 2 : 0;
  }
  const found = findCommand(args);
  if (!found) {
    process.stderr.write(`error: unknown command "${args.join(' ')}" (npm run cli -- --help lists them)\n`);
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`Usage: npm run cli -- ${command.usage}\n  ${command.summary}\n`);
    return 0;
  }
  let input;
  try {
    input = parseCommandArgs(command, rest);
    command.check?.(input);
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}; usage: npm run cli -- ${command.usage}\n`);
    return 2;
  }
  if (command.offline) {
    const result = await command.run(input, OFFLINE);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  }
  const config = loadConfig();
  const { database, warnings } = await openCliDatabase(config);
  for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
  try {
    const result = await command.run(input, { db: database.db, database, config, actor: cliActor() });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof PartialFailure) process.stdout.write(`${JSON.stringify(error.result, null, 2)}\n`);
    if (error instanceof ReportedFailure) {
      process.stderr.write(`${error.lines.join('\n')}\n`);
      process.exit(1);
    }
    const message = error instanceof ConfigError ? error.message.replace(/\n\s*/g, ' ') : describeError(error);
    process.stderr.write(`error: ${message}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
