/**
 * What `npm run bench:scale` runs on loopback: Redis, production instances on one PostgreSQL database, and nginx
 * in front of them with the committed configuration (deploy/nginx/bastion.conf).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort } from '@bastion/test-kit';
import { startProductionServer } from './production-server.ts';
import { benchDir } from './support.ts';

/** A program from Debian's packages: on PATH, or in the sbin folders a user's PATH leaves out. */
export function findProgram(name: string, apt: string): string {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/sbin'];
  const found = dirs.map((dir) => path.join(dir, name)).find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${name} was not found: install it with \`apt-get install -y ${apt}\``);
  return found;
}

/** Resolves once 127.0.0.1:port accepts a connection. */
async function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not listen on port ${port}`);
}

/** Sends `signal` and resolves once the process has exited. */
function stopChild(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export interface Service {
  port: number;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** redis-server on a free port, nothing saved to disk: a restart starts with no keys. */
export async function startRedis(dir: string): Promise<Service & { url: string }> {
  const binary = findProgram('redis-server', 'redis-server');
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  let child: ChildProcess | null = null;
  const service = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(binary, [...args, '--logfile', path.join(dir, 'redis.log')], { stdio: 'ignore' });
      await waitForPort(port, child, 'redis-server');
    },
    stop: (signal: NodeJS.Signals = 'SIGTERM') => stopChild(child, signal),
  };
  await service.start();
  return service;
}

/** A production instance (`apps/api/src/server.ts` as `npm start` runs it) that keeps its port across restarts. */
export async function startInstance(workDir: string, env: NodeJS.ProcessEnv): Promise<Service & { url: string }> {
  const dataDir = await mkdtemp(path.join(workDir, 'instance-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const service = {
    port,
    url: `http://127.0.0.1:${port}`,
    async start() {
      child = (await startProductionServer(dataDir, env, port)).process;
    },
    stop: (signal: NodeJS.Signals = 'SIGTERM') => stopChild(child, signal),
  };
  await service.start();
  return service;
}

/** A certificate for `localhost` and 127.0.0.1, valid for a day; `pem` is what clients trust. */
export async function selfSignedCertificate(dir: string): Promise<{ certificate: string; key: string; pem: string }> {
  const certificate = path.join(dir, 'localhost.crt');
  const key = path.join(dir, 'localhost.key');
  const openssl = findProgram('openssl', 'openssl');
  execFileSync(
    openssl,
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
      ...['-keyout', key, '-out', certificate],
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key, pem: await readFile(certificate, 'utf8') };
}

export const committedNginxConfig = path.join(benchDir, '../deploy/nginx/bastion.conf');

/** Replaces every match of `pattern` (global) with `replacement`; throws unless it matched `count` times. */
function replaceCounted(text: string, pattern: RegExp, count: number, replacement: (match: string) => string) {
  const found = text.match(pattern)?.length ?? 0;
  if (found !== count) {
    throw new Error(`${committedNginxConfig}: expected ${count} line(s) matching ${pattern}, found ${found}`);
  }
  return text.replace(pattern, replacement);
}

/**
 * The committed configuration with the bench's addresses: its instances' ports in the upstream (with the
 * committed parameters), loopback ports for both servers, and the bench's certificate. Fails when a line it
 * replaces has changed shape, so the bench never runs a configuration other than the committed one.
 */
export function benchSite(
  committed: string,
  at: { instances: number[]; https: number; http: number; certificate: string; key: string; down?: number },
): string {
  let site = committed;
  const upstream = /^( *)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm;
  const [first] = [...site.matchAll(upstream)];
  if (!first) throw new Error(`${committedNginxConfig}: no upstream server line`);
  const lines = at.instances
    .map((port) => `${first[1]}server 127.0.0.1:${port}${first[2] ?? ''}${port === at.down ? ' down' : ''};\n`)
    .join('');
  site = site.replace(upstream, (match) => (match === first[0] ? lines : ''));
  site = replaceCounted(site, /^ *listen \[::\]:\d+[^;\n]*;\n/gm, 2, () => '');
  site = replaceCounted(site, /listen 80;/g, 1, () => `listen 127.0.0.1:${at.http};`);
  site = replaceCounted(site, /listen 443 /g, 1, () => `listen 127.0.0.1:${at.https} `);
  site = replaceCounted(site, /ssl_certificate \S+;/g, 1, () => `ssl_certificate ${at.certificate};`);
  return replaceCounted(site, /ssl_certificate_key \S+;/g, 1, () => `ssl_certificate_key ${at.key};`);
}

/** nginx as an unprivileged user can run it: everything in `prefix`, in the foreground, one worker. */
export async function startNginx(
  prefix: string,
  site: string,
): Promise<Service & { reload(site: string): Promise<void> }> {
  const binary = findProgram('nginx', 'nginx');
  // A root master runs its worker as nobody, which must reach the temporary folders.
  await chmod(prefix, 0o755);
  await mkdir(path.join(prefix, 'logs'), { recursive: true });
  await writeFile(path.join(prefix, 'bastion.conf'), site);
  const main = path.join(prefix, 'nginx.conf');
  await writeFile(
    main,
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/logs/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '    access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${prefix}/${kind};`),
      `    include ${prefix}/bastion.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', `${prefix}/`, '-c', main, '-e', `${prefix}/logs/error.log`];
  execFileSync(binary, [...args, '-t', '-q'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const port = Number(/listen 127\.0\.0\.1:(\d+) ssl/.exec(site)?.[1]);
  let child: ChildProcess | null = null;
  const service = {
    port,
    async start() {
      child = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
      await waitForPort(port, child, 'nginx');
    },
    stop: (signal: NodeJS.Signals = 'SIGQUIT') => stopChild(child, signal),
    /** `nginx -s reload`: new workers with `site`; the old ones finish their requests, then exit. */
    async reload(next: string) {
      await writeFile(path.join(prefix, 'bastion.conf'), next);
      child?.kill('SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    },
  };
  await service.start();
  return service;
}
