import { migrateDatabase } from '@bastion/db';
import { defineCommand } from './command.ts';

export const migrateCommands = [
  defineCommand({
    name: 'migrate',
    usage: 'migrate',
    summary: 'apply pending database migrations',
    options: {},
    positionals: 0,
    // The database is opened (and, for DATA_DIR, migrated) before any command runs; this makes it explicit.
    async run(_input, { database }) {
      await migrateDatabase(database);
      return { migrated: true };
    },
  }),
];
