import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startSmtpCapture } from '@bastion/test-kit';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { ensureWebBuild, root } from '../../scripts/web-build.mjs';
import { assertTestBrowser } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    /** The server's DATA_DIR, so specs can run operator commands against its database. */
    dataDir: string;
    /** The server's LAB_SECRET_KEY, so specs can work out a learner's own flags as the server derives them. */
    labSecretKey: string;
  }
}

const STARTUP_TIMEOUT_MS = 60_000;

/**
 * Builds the web app if needed, starts an SMTP capture and the real server (fresh PGlite data
 * directory, mail sent to the capture) on a free port, and hands the specs its URL.
 */
export default async function setup(project: TestProject) {
  assertTestBrowser();
  (ensureWebBuild as (options: { stdio: string }) => boolean)({ stdio: 'pipe' });

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const smtp = await startSmtpCapture({ dir: mailDir });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: path.join(workDir, 'data'),
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    LAB_SECRET_KEY: randomBytes(32).toString('base64url'),
    // Every spec signs its learners up from 127.0.0.1: more than the 20 an hour one address may (the API's tests
    // cover that limit).
    RATE_LIMIT_SIGNUP_IP: '200/1h',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root as string,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const teardown = async () => {
    await stop(server);
    await smtp.close();
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await teardown();
    throw new Error(`${(error as Error).message}\nServer output:\n${output.join('').slice(-4000)}`);
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('dataDir', env.DATA_DIR!);
  project.provide('labSecretKey', env.LAB_SECRET_KEY!);
  return teardown;
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before answering.`);
    try {
      const response = await fetch(`${baseUrl}/api/health/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${baseUrl}/api/health/ within ${STARTUP_TIMEOUT_MS / 1000} s.`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
