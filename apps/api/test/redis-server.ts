import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@bastion/test-kit';

/** Debian's redis-server (`apt-get install redis-server`; .ci/run installs it), or null when it is missing. */
export function redisServerPath(): string | null {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  return dirs.map((dir) => path.join(dir, 'redis-server')).find((candidate) => existsSync(candidate)) ?? null;
}

export interface TestRedis {
  url: string;
  /** Stops the server (its keys are lost: nothing is saved) and starts it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A redis-server of the test's own on a free loopback port, keeping nothing on disk. */
export async function startTestRedis(binary: string): Promise<TestRedis> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bastion-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    child = spawn(binary, args, { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
