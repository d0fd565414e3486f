import os from 'node:os';
import path from 'node:path';
import type { Database } from '@bastion/db';
import type { CommandContext } from '../src/cli/command.ts';
import type { Actor } from '../src/features/audit/audit.service.ts';
import { testConfig } from './config.ts';

/** What the CLI hands a command, for running one in-process on a test database. */
/** The actor of commands run in tests: an operator at the server's shell. */
export const TEST_CLI_ACTOR: Actor = { id: null, name: 'operator@test-host', via: 'cli', ip: null };

export function commandContext(database: Database): CommandContext {
  // Never created: with JWT_SECRET set, the configuration only names DATA_DIR.
  return {
    db: database.db,
    database,
    config: testConfig(path.join(os.tmpdir(), 'bastion-command-context')),
    actor: TEST_CLI_ACTOR,
  };
}
