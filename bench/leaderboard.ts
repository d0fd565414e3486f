/**
 * Leaderboard benchmark: 1,000,000 learners on PostgreSQL; GET /api/leaderboard/ (page 1 with `me`) against a
 * bare Fastify route in the same run. Targets: for the learner ranked 500,000, ≥ 25% of the bare route's
 * requests per second and a median < 10 ms; for 10,000 distinct learners around rank 500,000 (each one's
 * standing a cache miss), ≥ 10% of the bare route and p99 < 10 ms. Run: `npm run bench:leaderboard`.
 */
import { sql } from 'drizzle-orm';
import { createLeaderboardService, periodKey, systemClock } from '@bastion/api';
import { sessions } from '@bastion/db';
import {
  log,
  measure,
  measureInRounds,
  report,
  runBench,
  verdict,
  withServers,
  type BenchDatabase,
} from './support.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1_000_000);
const TARGET_RANK = Math.round(LEARNERS / 2);
const CONNECTIONS = 10;
/** Distinct learners around the middle for the cache-miss measurement. */
const CROWD = 10_000;

async function seed(db: BenchDatabase['database']['db']) {
  const now = new Date();
  let started = Date.now();
  // Totals in steps of 5 (lessons and quizzes), skewed towards beginners as real platforms are.
  await db.execute(sql`
    insert into users (username, email, password_hash, public_profile, is_verified, points, streak,
      last_active_day, date_joined, country)
    select 'learner' || i, 'learner' || i || '@bench.test', 'not-a-hash', '{}'::jsonb, true,
      5 + 5 * floor(power(random(), 3) * 1000)::int, floor(random() * 20)::int,
      current_date - floor(random() * 3)::int, now() - random() * interval '400 days', 'GB'
    from generate_series(1, ${LEARNERS}::int) as i`);
  log(`  users: ${LEARNERS} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  // The scores go through the real trigger (count deltas), then the real compaction.
  await db.execute(sql`
    insert into leaderboard_scores (period_key, user_id, points, reached_at)
    select 'all', id, points, now() - random() * interval '365 days' from users`);
  await db.execute(sql`
    insert into leaderboard_scores (period_key, user_id, points, reached_at)
    select ${periodKey('month', now)}, id, least(points, 5 + 5 * floor(random() * 40)::int),
      now() - random() * interval '9 days'
    from users where random() < 0.3`);
  await db.execute(sql`
    insert into leaderboard_scores (period_key, user_id, points, reached_at)
    select ${periodKey('week', now)}, id, least(points, 5 + 5 * floor(random() * 10)::int),
      now() - random() * interval '2 days'
    from users where random() < 0.1`);
  log(`  leaderboard scores in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  const { folded } = await createLeaderboardService({ db, clock: systemClock }).maintain();
  log(`  compaction: ${folded} deltas folded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze leaderboard_scores`);
  await db.execute(sql`vacuum analyze leaderboard_counts`);
  await db.execute(sql`vacuum analyze leaderboard_marks`);
  log(`  vacuum analyze in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  await untilDatabaseQuiet(db);
  log(`  checkpoint, no autovacuum at work, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Writes the seed out and waits until no autovacuum worker runs: the server's upkeep after a million inserts would
 * otherwise take a core from the bare route and the app while they are measured.
 */
async function untilDatabaseQuiet(db: BenchDatabase['database']['db']) {
  await db.execute(sql`checkpoint`);
  for (let waited = 0; waited < 300; waited += 1) {
    const busy = await db.execute(sql`
      select count(*)::int as workers from pg_stat_activity where backend_type = 'autovacuum worker'`);
    if ((busy as unknown as { rows: { workers: number }[] }).rows[0]!.workers === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function main() {
  log(`Leaderboard benchmark: ${LEARNERS} learners, ${CONNECTIONS} connections`);
  await runBench('leaderboard', async (bench) => {
    await seed(bench.database.db);
    const db = bench.database.db;
    const result = await db.execute(sql`
      select user_id from leaderboard_scores where period_key = 'all' and eligible
      order by points desc nulls last, reached_at, user_id offset ${TARGET_RANK - 1}::int limit 1`);
    const userId = (result as unknown as { rows: { user_id: string }[] }).rows[0]!.user_id;

    return withServers(bench.database, async ({ app, url }, bare) => {
      const now = new Date();
      const [session] = await db
        .insert(sessions)
        .values({ userId, expiresAt: new Date(now.getTime() + 86_400_000) })
        .returning({ id: sessions.id });
      const { token } = await app.tokens.sign({ userId, sessionId: session!.id, type: 'access', now });

      const check = await app.inject({
        method: 'GET',
        url: '/api/leaderboard/',
        headers: { authorization: `Bearer ${token}` },
      });
      const body = check.json();
      log(`  learner's standing: ${JSON.stringify(body.me)} of ${body.count}; page 1 has ${body.results.length} rows`);
      if (check.statusCode !== 200 || body.me.rank !== TARGET_RANK) throw new Error(`unexpected answer: ${check.body}`);
      // The database's part, without the instance cache: one statement per call.
      const uncached = createLeaderboardService({ db, clock: systemClock, cacheMs: 0 });
      const query = { period: 'all' as const, page: 1, page_size: 25 };
      for (let i = 0; i < 10; i += 1) await uncached.board(userId, query, '/api/leaderboard/');
      let started = performance.now();
      for (let i = 0; i < 100; i += 1) await uncached.board(userId, query, '/api/leaderboard/');
      log(`  page 1 with me, uncached, one at a time: ${((performance.now() - started) / 100).toFixed(2)} ms`);
      started = performance.now();
      const middlePage = Math.ceil(TARGET_RANK / 25);
      for (let i = 0; i < 100; i += 1) {
        await uncached.board(userId, { ...query, page: middlePage }, `/api/leaderboard/?page=${middlePage}`);
      }
      log(
        `  page ${middlePage} (the learner's own) with me, uncached: ${((performance.now() - started) / 100).toFixed(2)} ms`,
      );

      // Other learners around the middle, each with a session: the per-learner standing misses the cache.
      const crowdResult = await db.execute(sql`
        select user_id from leaderboard_scores where period_key = 'all' and eligible
        order by points desc nulls last, reached_at, user_id offset ${TARGET_RANK - CROWD / 2}::int limit ${CROWD}::int`);
      const crowd = (crowdResult as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id);
      // Exact ranks: every 97th of them, in each period, against a full ordering of the period.
      for (const period of ['all', 'month', 'week'] as const) {
        const key = periodKey(period, now);
        const sample = crowd.filter((_, index) => index % 97 === 0);
        const expected = await db.execute(sql`
          select user_id, rank::int from (
            select user_id, row_number() over (order by points desc, reached_at, user_id) as rank
            from leaderboard_scores where period_key = ${key} and eligible) ordered
          where user_id = any(${sql.param(sample)}::uuid[])`);
        const ranks = new Map(
          (expected as unknown as { rows: { user_id: string; rank: number }[] }).rows.map((row) => [
            row.user_id,
            Number(row.rank),
          ]),
        );
        for (const id of sample) {
          const answer = await uncached.board(id, { ...query, period }, '/api/leaderboard/');
          const alone = await uncached.standing(id, period);
          if (answer.me.rank !== (ranks.get(id) ?? null) || (alone?.rank ?? null) !== answer.me.rank) {
            throw new Error(`${period}: ${id} ranked ${answer.me.rank} (${alone?.rank}), expected ${ranks.get(id)}`);
          }
        }
      }
      log(`  ranks of ${Math.ceil(CROWD / 97)} of the crowd in all three periods match a full ordering`);
      // The database's part of a standing alone, one learner after another (each a different learner).
      started = performance.now();
      for (const id of crowd.slice(0, 1_000)) await uncached.standing(id, 'all');
      log(
        `  a standing alone (1,000 different learners), uncached: ${((performance.now() - started) / 1_000).toFixed(3)} ms`,
      );
      const crowdSessions = await db
        .insert(sessions)
        .values(crowd.map((id) => ({ userId: id, expiresAt: new Date(now.getTime() + 86_400_000) })))
        .returning({ id: sessions.id, userId: sessions.userId });
      const crowdTokens = await Promise.all(
        crowdSessions.map(
          async (row) => (await app.tokens.sign({ userId: row.userId, sessionId: row.id, type: 'access', now })).token,
        ),
      );
      const leaderboardUrl = `${url}/api/leaderboard/`;
      await measure('warm-up', `${bare.url}/bare`, { connections: CONNECTIONS, seconds: 2 });
      await measure('warm-up', leaderboardUrl, { connections: CONNECTIONS, seconds: 2, tokens: [token] });
      // Each of the crowd signs in once (token verified, session read): what is measured is learners who
      // have, each reading their own standing, which the 1 s cache does not hold by their next request.
      await measure('warm-up', leaderboardUrl, { connections: CONNECTIONS, amount: CROWD, tokens: crowdTokens });
      const [baseline, board, many, floor] = await measureInRounds([
        { label: 'bare route', url: `${bare.url}/bare`, options: { connections: CONNECTIONS } },
        {
          label: `GET /api/leaderboard/ (rank ${TARGET_RANK})`,
          url: leaderboardUrl,
          options: { connections: CONNECTIONS, tokens: [token] },
        },
        {
          label: `GET /api/leaderboard/ (${CROWD} learners)`,
          url: leaderboardUrl,
          options: { connections: CONNECTIONS, tokens: crowdTokens },
        },
        // Reference: the app's floor (no auth, no database) on the same plugin stack.
        { label: 'GET /api/health/ (reference)', url: `${url}/api/health/`, options: { connections: CONNECTIONS } },
      ]);
      report([baseline, board, many, floor], floor, baseline);
      // The upkeep's cost: one fold after 1,000 awards (5 points each, all three periods), to learners picked
      // at random (their old times anywhere in the year: marks rebuilt from there on) and to learners who
      // last scored within the day (the usual case: they move from near the end of their group).
      const upkeep = createLeaderboardService({ db, clock: systemClock });
      for (const [who, recent] of [
        ['random learners', sql`true`],
        ['learners active within the day', sql`reached_at > now() - interval '1 day'`],
      ] as const) {
        await db.execute(sql`
          update leaderboard_scores set points = points + 5, reached_at = now()
          where user_id in (select user_id from leaderboard_scores where period_key = 'all' and ${recent}
                            order by random() limit 1000)`);
        started = performance.now();
        const { folded } = await upkeep.maintain();
        log(
          `  upkeep: 1,000 awards to ${who}, ${folded} deltas folded in ${(performance.now() - started).toFixed(0)} ms`,
        );
      }

      const boardOk = verdict(board, baseline, 0.25, { p50: 10 });
      const crowdOk = verdict(many, baseline, 0.1, { p99: 10 });
      return boardOk && crowdOk;
    });
  });
}

await main();
