import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@bastion/test-kit';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { root } from '../scripts/web-build.mjs';

/**
 * The built product as `npm start` serves it (`NODE_ENV=production`, PGlite in `dataDir` unless `env` names a
 * DATABASE_URL, mail to the outbox) on `port` (default: a free one), with `env` on top; resolves once
 * /api/health/ answers.
 */
export async function startProductionServer(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  port?: number,
): Promise<{ url: string; process: ChildProcess; output(): string }> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const serverEnv: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MAIL_TRANSPORT: 'outbox',
    ...env,
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root as string,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) break;
    const up = await fetch(`${url}/api/health/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, process: server, output: () => output.join('') };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error(`The server did not start:\n${output.join('')}`);
}

/** Stops the server and waits for it to exit: its data directory may be removed only then. */
export async function stopProductionServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
