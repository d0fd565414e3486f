import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, loadConfig, systemClock, type App } from '@bastion/api';
import { migrateDatabase, openDatabase, type Database } from '@bastion/db';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** The server to create the bench database on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one. */
export const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://bastion:bastion@127.0.0.1:5432/postgres';
/** Seconds of load per target and round (after a short warm-up). */
export const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
/** How many times each target is measured, interleaved with the others (see measureInRounds). */
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A dedicated, migrated database, dropped by `drop()` (also on failure: callers use try/finally). */
export async function benchDatabase(
  label: string,
): Promise<{ url: string; database: Database; drop(): Promise<void>; keep(): Promise<void> }> {
  const name = `bastion_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ url, poolSize: 10 });
  await migrateDatabase(database);
  return {
    url,
    database,
    async drop() {
      await database.close().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    /** Leaves the database in place (BENCH_KEEP=1, to look at plans) and closes the connections. */
    async keep() {
      await database.close().catch(() => undefined);
      await admin.end();
    },
  };
}

/** The real app as production builds it (request logging off: the bare route logs nothing either). */
export async function startApp(database: Database): Promise<{ app: App; url: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // No mail is sent during a benchmark.
    MAIL_TRANSPORT: 'outbox',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const app = await buildApp({ config, database, clock: systemClock, mailPollMs: 0, logStream: silent });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a bare Fastify route answering a constant, in the same process. */
export async function startBare(): Promise<{ server: FastifyInstance; url: string }> {
  const server = Fastify({ logger: false });
  server.get('/bare', async () => ({ ok: true }));
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, url };
}

export interface Measure {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in all (in a combined measure, in its last round). */
  requests: number;
  /** CPU time of the server's thread (the main one: autocannon runs in a worker) per request, in µs. */
  cpuPerRequest?: number;
}

/**
 * CPU time (user and system, in ms) the main thread has used, from Linux's /proc; undefined elsewhere. The
 * machine's other work slows every figure in req/s, much less this one.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Runs autocannon in a worker thread (so the load generator does not share the server's event loop).
 * `tokens`: bearer tokens handed out round-robin, one per request. `amount`: that many requests, instead of
 * `seconds` of load.
 */
export async function measure(
  label: string,
  url: string,
  options: { connections: number; tokens?: string[]; seconds?: number; amount?: number },
): Promise<Measure> {
  if (options.tokens) process.env.BENCH_TOKENS = JSON.stringify(options.tokens);
  try {
    const cpuBefore = mainThreadCpuMs();
    const result = await autocannon({
      url,
      connections: options.connections,
      ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? durationSeconds }),
      workers: 1,
      ...(options.tokens ? { setupClient: path.join(benchDir, 'set-token.cjs') } : {}),
    } as autocannon.Options);
    const cpuAfter = mainThreadCpuMs();
    const errors = result.errors + result.timeouts + result.non2xx;
    return {
      label,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
      requests: result.requests.total,
      ...(cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? {}
        : { cpuPerRequest: ((cpuAfter - cpuBefore) * 1000) / result.requests.total }),
    };
  } finally {
    delete process.env.BENCH_TOKENS;
  }
}

export interface Target {
  label: string;
  url: string;
  options: { connections: number; tokens?: string[] };
}

/**
 * Measures the targets one after another, `rounds` times over. The machine's speed drifts during a run
 * (other work on the shared cores); interleaved, every target, the bare route included, gets the same
 * share of fast and slow moments. Each result: the mean requests per second of its rounds, the worst p50
 * and p99, the errors of all rounds.
 */
export async function measureInRounds<const T extends readonly Target[]>(
  targets: T,
): Promise<{ [K in keyof T]: Measure }> {
  const results = targets.map((): Measure[] => []);
  for (let round = 1; round <= rounds; round += 1) {
    log(`  round ${round} of ${rounds}`);
    for (const [i, target] of targets.entries()) {
      const result = await measure(target.label, target.url, target.options);
      log(`    ${formatMeasure(result)}`);
      results[i]!.push(result);
    }
  }
  const combined = results.map((measures, i) => ({
    label: targets[i]!.label,
    requestsPerSecond: measures.reduce((sum, m) => sum + m.requestsPerSecond, 0) / measures.length,
    p50: Math.max(...measures.map((m) => m.p50)),
    p99: Math.max(...measures.map((m) => m.p99)),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
    requests: measures.at(-1)!.requests,
    ...(measures.every((m) => m.cpuPerRequest !== undefined)
      ? { cpuPerRequest: measures.reduce((sum, m) => sum + m.cpuPerRequest!, 0) / measures.length }
      : {}),
  }));
  return combined as { [K in keyof T]: Measure };
}

export function formatMeasure(m: Measure): string {
  return `${m.label.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}${m.cpuPerRequest === undefined ? '' : `   server ${m.cpuPerRequest.toFixed(1).padStart(5)} µs/req`}`;
}

/** `m`'s requests per second as a percentage of `bare`'s, e.g. "45.2%". */
export const percentOf = (m: Measure, bare: Measure) =>
  `${((100 * m.requestsPerSecond) / bare.requestsPerSecond).toFixed(1)}%`;

/**
 * Prints the ratio against the baseline (with the baseline's own figure beside it) and whether it meets
 * the targets; returns whether it passed. `latency`: the highest median and p99 allowed, in ms.
 */
export function verdict(
  target: Measure,
  bare: Measure,
  minRatio: number,
  latency: { p50?: number; p99?: number } = {},
): boolean {
  const ratio = target.requestsPerSecond / bare.requestsPerSecond;
  const ratioOk = ratio >= minRatio;
  const p50Ok = latency.p50 === undefined || target.p50 < latency.p50;
  const p99Ok = latency.p99 === undefined || target.p99 < latency.p99;
  const errorsOk = target.errors === 0;
  log(
    `  ${target.label}: ${target.requestsPerSecond.toFixed(0)} req/s, ${percentOf(target, bare)} of the bare route's ` +
      `${bare.requestsPerSecond.toFixed(0)} req/s (target ≥ ${minRatio * 100}%) ${ratioOk ? 'PASS' : 'FAIL'}` +
      (latency.p50 === undefined
        ? ''
        : `; median ${target.p50} ms (target < ${latency.p50} ms) ${p50Ok ? 'PASS' : 'FAIL'}`) +
      (latency.p99 === undefined
        ? ''
        : `; p99 ${target.p99} ms (target < ${latency.p99} ms) ${p99Ok ? 'PASS' : 'FAIL'}`) +
      (errorsOk ? '' : `; ${target.errors} failed requests FAIL`),
  );
  return ratioOk && p50Ok && p99Ok && errorsOk;
}

export type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>;

/**
 * Runs a benchmark on a database of its own, dropped afterwards (kept with BENCH_KEEP=1, to look at
 * plans); the exit code says whether `body` found its targets met.
 */
export async function runBench(label: string, body: (bench: BenchDatabase) => Promise<boolean>): Promise<void> {
  const bench = await benchDatabase(label);
  let passed = false;
  try {
    passed = await body(bench);
  } finally {
    if (process.env.BENCH_KEEP) {
      log(`  kept database: ${bench.url}`);
      await bench.keep();
    } else await bench.drop();
  }
  process.exitCode = passed ? 0 : 1;
}

/** The real app and a bare route, both closed once `body` is done. */
export async function withServers<T>(
  database: Database,
  body: (app: { app: App; url: string }, bare: { url: string }) => Promise<T>,
): Promise<T> {
  const started = await startApp(database);
  const bare = await startBare();
  try {
    return await body(started, bare);
  } finally {
    await started.close();
    await bare.server.close();
  }
}

/** One line a measure, then the app's floor (`/api/health/`) against the bare route. */
export function report(measures: Measure[], floor: Measure, bare: Measure): void {
  log('');
  for (const m of measures)
    log(`${formatMeasure(m)}${m === bare ? '' : `   ${percentOf(m, bare).padStart(6)} of bare`}`);
  log(`  reference: /api/health/ is ${percentOf(floor, bare)} of bare`);
}

/**
 * With `BENCH_PROFILE=<folder>`: a measure taken under the V8 CPU profiler of the server's thread
 * (autocannon's worker is not in it), the profile written to `<folder>/<name>.cpuprofile` (open it in
 * Chrome's DevTools, or summarise it with `node --import tsx bench/profile-summary.ts <file>`) and the
 * requests it answered to `<name>.json`. Without it, the measure alone.
 */
export async function profiled(name: string, body: () => Promise<Measure>): Promise<Measure> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return body();
  const { Session } = await import('node:inspector/promises');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  let measured: Measure | undefined;
  try {
    measured = await body();
    return measured;
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${name}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    if (measured) await writeFile(path.join(folder, `${name}.json`), JSON.stringify(measured));
    log(`  profile: ${file}`);
  }
}
