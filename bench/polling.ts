/**
 * Polling benchmark: 10,000 learners and 200,000 notifications on PostgreSQL; GET /api/notifications/list/
 * and GET /api/navbar/ at 50 connections, each request as a different learner (round-robin over every
 * learner), against a bare Fastify route in the same run. Target: each ≥ 40% of the bare route's
 * requests per second while learners poll (after each learner's first poll, which is reported too).
 * Run: `npm run bench:polling`.
 */
import { sql } from 'drizzle-orm';
import {
  formatMeasure,
  log,
  measure,
  measureInRounds,
  percentOf,
  profiled,
  report,
  runBench,
  verdict,
  withServers,
} from './support.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 200_000);
const CONNECTIONS = 50;

async function main() {
  log(`Polling benchmark: ${LEARNERS} learners, ${NOTIFICATIONS} notifications, ${CONNECTIONS} connections`);
  await runBench('polling', async (bench) => {
    const db = bench.database.db;
    const started = Date.now();
    await db.execute(sql`
      insert into users (username, email, password_hash, public_profile, is_verified, points, streak,
        last_active_day, country)
      select 'learner' || i, 'learner' || i || '@bench.test', 'not-a-hash', '{}'::jsonb, true,
        floor(random() * 2000)::int, floor(random() * 20)::int, current_date - floor(random() * 3)::int, 'GB'
      from generate_series(1, ${LEARNERS}::int) as i`);
    // Spread over the learners, a quarter unread, over the last 90 days.
    await db.execute(sql`
      with learners as (select id, row_number() over (order by id) as n from users)
      insert into notifications (user_id, title, message, type, link, is_read, created_at)
      select l.id, 'Badge earned: Explorer', 'You earned the "Explorer" badge and 10 points.', 'success', '/profile',
        random() < 0.75, now() - random() * interval '90 days'
      from generate_series(1, ${NOTIFICATIONS}::int) as i
      join learners l on l.n = 1 + (i % ${LEARNERS}::int)`);
    const expires = new Date(Date.now() + 86_400_000);
    await db.execute(
      sql`insert into sessions (user_id, expires_at) select id, ${expires.toISOString()}::timestamptz from users`,
    );
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze notifications`);
    await db.execute(sql`vacuum analyze sessions`);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    return withServers(bench.database, async ({ app, url }, bare) => {
      const now = new Date();
      const result = await db.execute(sql`select id, user_id from sessions`);
      const rows = (result as unknown as { rows: { id: string; user_id: string }[] }).rows;
      const tokens = await Promise.all(
        rows.map(
          async (row) => (await app.tokens.sign({ userId: row.user_id, sessionId: row.id, type: 'access', now })).token,
        ),
      );
      for (const path of ['/api/notifications/list/', '/api/navbar/']) {
        const check = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${tokens[0]}` } });
        if (check.statusCode !== 200) throw new Error(`${path} answered ${check.statusCode}: ${check.body}`);
      }

      const everyone = { connections: CONNECTIONS, tokens };
      const list = `${url}/api/notifications/list/`;
      const navbar = `${url}/api/navbar/`;
      // First contact: every learner once, with nothing of them cached yet (the list also loads the session).
      const coldList = await measure(`notifications/list/ first poll`, list, { ...everyone, amount: tokens.length });
      const coldNavbar = await measure(`navbar/ first poll`, navbar, { ...everyone, amount: tokens.length });

      await measure('warm-up', `${bare.url}/bare`, { connections: CONNECTIONS, seconds: 2 });
      // Steady polling: each request as the next of all learners, whose entries the first polls loaded.
      const [baseline, listSteady, navbarSteady, floor] = await measureInRounds([
        { label: 'bare route', url: `${bare.url}/bare`, options: { connections: CONNECTIONS } },
        { label: `notifications/list/ (${tokens.length} learners)`, url: list, options: everyone },
        { label: `navbar/ (${tokens.length} learners)`, url: navbar, options: everyone },
        { label: 'GET /api/health/ (reference)', url: `${url}/api/health/`, options: { connections: CONNECTIONS } },
      ]);
      report([baseline, listSteady, navbarSteady, coldList, coldNavbar, floor], floor, baseline);
      const listOk = verdict(listSteady, baseline, 0.4);
      const navbarOk = verdict(navbarSteady, baseline, 0.4);
      log(
        `  first polls (not a target): list ${percentOf(coldList, baseline)}, navbar ${percentOf(coldNavbar, baseline)} of bare`,
      );
      if (process.env.BENCH_PROFILE) {
        // The server's thread under the profiler while it serves each route alone (see profiled).
        const health = `${url}/api/health/`;
        const alone = { connections: CONNECTIONS };
        log(formatMeasure(await profiled('bare', () => measure('profile: bare route', `${bare.url}/bare`, alone))));
        log(formatMeasure(await profiled('health', () => measure('profile: health', health, alone))));
        log(formatMeasure(await profiled('list', () => measure('profile: list', list, everyone))));
        log(formatMeasure(await profiled('navbar', () => measure('profile: navbar', navbar, everyone))));
      }
      return listOk && navbarOk;
    });
  });
}

await main();
