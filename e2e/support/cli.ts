import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { root } from '../../scripts/web-build.mjs';

const execFileAsync = promisify(execFile);

/** Runs an operator command (`npm run cli -- …`) against the running server's database; returns its JSON. */
export async function runCli(...args: string[]): Promise<unknown> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/index.ts', ...args], {
    cwd: root as string,
    env,
  });
  return JSON.parse(stdout) as unknown;
}
