/**
 * Scale-out benchmark: nginx with the committed configuration (deploy/nginx/bastion.conf) in front of
 * BENCH_INSTANCES production instances on one PostgreSQL database and one Redis, all on loopback. Simulated
 * learners (bench/scale-learners.ts) sign in, poll, read lessons and answer quizzes and challenge steps through
 * nginx, each from its own loopback address. Meanwhile one instance is killed with SIGKILL and started again,
 * another stopped with SIGTERM and started again, and Redis restarted. Then: failed requests (target: no read
 * failed), latencies, throughput; sessions ended on one instance refused by the others; wrong passwords counted
 * across instances; no award lost or doubled (SQL against what the learners were told).
 * Run: `npm run bench:scale` (nginx and redis-server from Debian: `apt-get install -y nginx redis-server`).
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { hashPassword } from '@bastion/api';
import { rowsOf, type Db } from '@bastion/db';
import { freePort } from '@bastion/test-kit';
import {
  awardsKept,
  navbarsExact,
  REFUSED_WITHIN_MS,
  sessionsEndEverywhere,
  wrongPasswordsCountEverywhere,
  type LearnerOutcome,
} from './scale-checks.ts';
import { Client, Stats, type Kind } from './scale-client.ts';
import {
  benchSite,
  committedNginxConfig,
  findProgram,
  selfSignedCertificate,
  startInstance,
  startNginx,
  startRedis,
  type Service,
} from './scale-cluster.ts';
import { Learner, type Curriculum } from './scale-learners.ts';
import { formatMeasure, log, measure, runBench, startBare, type BenchDatabase } from './support.ts';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 3);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 60);
const SECONDS = Number(process.env.BENCH_DURATION ?? 60);
const PASSWORD = 'Quiet-Harbour-Lantern-51';
const LEARNER_CONTEXT = { pollMs: 1_000, thinkMs: 100 };

/** Learner i's own loopback address (the API sees it through X-Forwarded-For); the checks use 127.0.2.x. */
const learnerAddress = (i: number) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function seedAccounts(db: Db): Promise<Map<string, string>> {
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`
    insert into users (username, email, password_hash, public_profile, is_verified, country)
    select name, name || '@bench.test', ${hash}, '{}'::jsonb, true, 'GB'
    from (select 'learner' || i as name from generate_series(1, ${LEARNERS}::int) as i
          union all values ('sessions'), ('guarded')) as names`);
  const rows = await rowsOf<{ id: string; username: string }>(db, sql`select id, username from users`);
  return new Map(rows.map((row) => [row.username, row.id]));
}

async function loadCurriculum(db: Db): Promise<Curriculum> {
  const quizzes = await rowsOf<{ id: string; answer: string }>(
    db,
    sql`select id, answers->>0 as answer from module_items where kind = 'quiz' and jsonb_array_length(answers) > 0`,
  );
  const steps = await rowsOf<{ challenge_id: string; id: string; n: number; answer: string | null }>(
    db,
    sql`select challenge_id, id, position as n, answers->>0 as answer from challenge_steps
        order by challenge_id, position`,
  );
  const challengeSteps: Curriculum['challengeSteps'] = new Map();
  for (const step of steps) {
    const list = challengeSteps.get(step.challenge_id) ?? [];
    challengeSteps.set(step.challenge_id, [...list, { id: step.id, n: step.n, answer: step.answer ?? '' }]);
  }
  // A challenge with a step answered only by a pattern is left out.
  for (const [id, list] of challengeSteps) if (list.some((step) => !step.answer)) challengeSteps.delete(id);
  return { quizAnswers: new Map(quizzes.map((quiz) => [quiz.id, quiz.answer])), challengeSteps };
}

interface Cluster {
  instances: Service[];
  redis: Service;
  nginx: Awaited<ReturnType<typeof startNginx>>;
  /** The nginx site, with the instance on `down` (a port) taken out of the upstream. */
  site(down?: number): string;
}

/**
 * During the run: an instance killed and started again; another restarted as docs/operations.md says (taken out
 * of nginx's upstream, stopped with SIGTERM, started, put back); Redis stopped for a second. Returns when the
 * SIGKILL was sent (seconds into the run).
 */
async function disturb(cluster: Cluster, stats: Stats): Promise<number> {
  const at = async (fraction: number) => {
    while (stats.seconds() < fraction * SECONDS) await sleep(100);
  };
  const restart = async (service: Service, what: string, signal: NodeJS.Signals, pause = 0) => {
    const stopped = stats.seconds();
    await service.stop(signal);
    await sleep(pause);
    await service.start();
    log(
      `  ${stopped.toFixed(1)} s: ${what} (${signal}), answering again after ${(stats.seconds() - stopped).toFixed(1)} s`,
    );
  };
  const { instances, nginx } = cluster;
  await at(0.2);
  const killedAt = stats.seconds();
  await restart(instances[0]!, 'instance 1 killed and started again', 'SIGKILL');
  await at(0.45);
  const second = instances[1 % instances.length]!;
  await nginx.reload(cluster.site(second.port));
  await restart(second, `instance ${(1 % instances.length) + 1} taken out of nginx and restarted`, 'SIGTERM');
  await nginx.reload(cluster.site());
  await at(0.7);
  await restart(cluster.redis, 'Redis stopped for 1 s and started again', 'SIGTERM', 1_000);
  return killedAt;
}

/** How long after the SIGKILL a failed write counts as one the killed instance had in hand. */
const IN_FLIGHT_SECONDS = 1;

/**
 * Prints the load's figures and failures; true when no read failed and every failed write was in flight at the
 * killed instance (nginx answers 502 for a POST it sent there: it never sends one twice).
 */
function reportLoad(stats: Stats, seconds: number, killedAt: number): boolean {
  const line = (kind: Kind) => {
    const s = stats.summary(kind);
    return `  ${`${kind}s`.padEnd(6)} ${String(s.count).padStart(7)} requests, ${String(s.failed).padStart(4)} failed, p50 ${s.p50.toFixed(0).padStart(4)} ms, p99 ${s.p99.toFixed(0).padStart(5)} ms`;
  };
  const total = stats.latencies.read.length + stats.latencies.write.length;
  log('');
  log(`Load: ${total} requests in ${seconds.toFixed(1)} s, ${(total / seconds).toFixed(0)} per second`);
  log(line('read'));
  log(line('write'));
  log(`  sent again on a new connection, as a browser does, after nginx closed a kept-alive one: ${stats.resent}`);
  const groups = new Map<string, number[]>();
  for (const failure of stats.failures) {
    const key = `${failure.kind} ${failure.route} → ${failure.what}`;
    groups.set(key, [...(groups.get(key) ?? []), failure.at]);
  }
  for (const [key, times] of groups) {
    log(`    ${key}: ${times.length} (at ${times.map((t) => t.toFixed(1)).join(', ')} s)`.slice(0, 300));
  }
  const writes = stats.failures.filter((failure) => failure.kind === 'write');
  const inFlight = writes.filter(
    (failure) => failure.what === '502' && failure.at >= killedAt && failure.at <= killedAt + IN_FLIGHT_SECONDS,
  ).length;
  const readsFailed = stats.summary('read').failed;
  log(`  no read failed: ${readsFailed === 0 ? 'PASS' : 'FAIL'}`);
  log(
    `  failed writes: ${writes.length}, of which ${inFlight} in flight at the killed instance (502 within ` +
      `${IN_FLIGHT_SECONDS} s of the SIGKILL; others: target 0) ${writes.length === inFlight ? 'PASS' : 'FAIL'}`,
  );
  return readsFailed === 0 && writes.length === inFlight;
}

async function run(bench: BenchDatabase, work: string, stops: (() => Promise<void>)[]): Promise<boolean> {
  const bare = await startBare();
  const bareFigure = await measure('bare Fastify route', `${bare.url}/bare`, { connections: 50, seconds: 5 });
  await bare.server.close();
  log(`  reference: ${formatMeasure(bareFigure)}`);

  const db = bench.database.db;
  const ids = await seedAccounts(db);
  const redisDir = path.join(work, 'redis');
  await mkdir(redisDir);
  const redis = await startRedis(redisDir);
  stops.push(() => redis.stop());
  const certificate = await selfSignedCertificate(work);
  const [https, http] = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: bench.url,
    REDIS_URL: redis.url,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    TRUST_PROXY: 'on',
    APP_URL: `https://localhost:${https}`,
    WEB_DIST: path.join(work, 'no-web'),
  };
  // The first start imports the curriculum; the others find it imported.
  const first = await startInstance(work, env);
  const instances = [
    first,
    ...(await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startInstance(work, env)))),
  ];
  for (const instance of instances) stops.push(() => instance.stop());
  const committed = await readFile(committedNginxConfig, 'utf8');
  const ports = instances.map((instance) => instance.port);
  const site = (down?: number) => benchSite(committed, { instances: ports, https, http, ...certificate, down });
  const nginx = await startNginx(await mkdtemp(path.join(work, 'nginx-')), site());
  stops.push(() => nginx.stop());
  log(`  ${INSTANCES} instances, Redis and nginx (https on ${nginx.port}) started`);

  // The learners stop once the run has lasted SECONDS and the last disturbance is 5 s past, whichever is later.
  const context = { ...LEARNER_CONTEXT, curriculum: await loadCurriculum(db), deadline: Infinity };
  const endpoint = { port: nginx.port, ca: certificate.pem };
  const stats = new Stats();
  const learners = Array.from(
    { length: LEARNERS },
    (_, i) =>
      new Learner(
        new Client(endpoint, learnerAddress(i), stats),
        { username: `learner${i + 1}`, password: PASSWORD },
        context,
      ),
  );
  const gaveUp: string[] = [];
  const running = learners.map(async (learner, i) => {
    await sleep((i * 2_000) / LEARNERS); // arrivals spread over 2 s
    await learner.run().catch((error: Error) => gaveUp.push(error.message));
  });
  const disturbed = (async () => {
    try {
      const killedAt = await disturb({ instances, redis, nginx, site }, stats);
      const end = Math.max(SECONDS, stats.seconds() + 5);
      while (stats.seconds() < end) await sleep(100);
      return killedAt;
    } finally {
      context.deadline = Date.now();
    }
  })();
  const [killedAt] = await Promise.all([disturbed, ...running]);
  const seconds = stats.seconds();
  const loadOk = reportLoad(stats, seconds, killedAt) && gaveUp.length === 0;
  log(`  sign-ins: ${learners.reduce((sum, learner) => sum + learner.signIns, 0)}`);
  for (const reason of gaveUp) log(`  ${reason}`);
  await sleep(500);

  log('');
  log('After the load:');
  const urls = instances.map((instance) => instance.url);
  const checks = new Stats();
  const [sessionsClient, guardedClient] = [
    new Client(endpoint, '127.0.2.1', checks),
    new Client(endpoint, '127.0.2.2', checks),
  ];
  const slowest = await sessionsEndEverywhere(sessionsClient, { username: 'sessions', password: PASSWORD }, urls);
  const sessionsOk = slowest < REFUSED_WITHIN_MS;
  log(
    `  sessions ended on one instance (logout, password change): refused by every other within ${slowest.toFixed(0)} ms` +
      ` (target < ${REFUSED_WITHIN_MS} ms) ${sessionsOk ? 'PASS' : 'FAIL'}`,
  );
  const throttlesOk = await wrongPasswordsCountEverywhere(
    guardedClient,
    { username: 'guarded', password: PASSWORD },
    urls,
  );
  sessionsClient.close();
  guardedClient.close();
  log(`  wrong passwords counted across instances, under the address nginx saw: ${throttlesOk ? 'PASS' : 'FAIL'}`);
  const outcomes: LearnerOutcome[] = learners.map((learner) => ({
    userId: ids.get(learner.account.username)!,
    told: learner.told,
    tokens: learner.tokens,
  }));
  const awardsOk = await awardsKept(db, outcomes);
  log(`  no award lost or doubled: ${awardsOk ? 'PASS' : 'FAIL'}`);
  const navbarsOk = await navbarsExact(db, outcomes, urls);
  log(`  every instance shows each learner's points: ${navbarsOk ? 'PASS' : 'FAIL'}`);
  return loadOk && sessionsOk && throttlesOk && awardsOk && navbarsOk;
}

async function main() {
  for (const [program, apt] of [
    ['nginx', 'nginx'],
    ['redis-server', 'redis-server'],
    ['openssl', 'openssl'],
  ] as const) {
    findProgram(program, apt);
  }
  log(`Scale-out benchmark: ${INSTANCES} instances behind nginx, ${LEARNERS} learners, ${SECONDS} s`);
  await runBench('scale', async (bench) => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'bastion-bench-scale-'));
    const stops: (() => Promise<void>)[] = [];
    try {
      return await run(bench, work, stops);
    } finally {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  });
}

await main();
