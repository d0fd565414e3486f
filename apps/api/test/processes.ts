import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@bastion/test-kit';
import { inject } from 'vitest';

/**
 * Helpers that run the real CLI and server as child processes, from the bundle of their source that the suite's
 * global setup builds (process-bundle.ts). The end-to-end suite runs them as `npm start` and `npm run cli` do.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  json<T = Record<string, unknown>>(): T;
}

/** The environment of a child: only what it is given, plus PATH and HOME. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env };
}

export function runCli(args: string[], env: Record<string, string>, stdin?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [inject('apiProcesses').cli, ...args], {
      cwd: repoRoot,
      env: childEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin ?? '');
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }));
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts the real server and waits until it answers /api/health/ and shares its database: up to two and a half
 * minutes, as a start (tsx, the migrations, the seed) took over 45 s on a host whose system calls are slow.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 150_000): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [inject('apiProcesses').server], {
    cwd: repoRoot,
    env: childEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    process: child,
    output: () => output,
    stop() {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      });
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    // The embedded database is shared once server.json is written (PostgreSQL needs no sharing).
    const embedded = !env.DATABASE_URL?.startsWith('postgres');
    const shared = !env.DATA_DIR || !embedded || existsSync(path.join(env.DATA_DIR, 'server.json'));
    const healthy = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy && shared) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`server did not start within ${timeoutMs} ms:\n${output}`);
}
