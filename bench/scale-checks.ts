/**
 * `npm run bench:scale`'s checks after the load: sessions ended on one instance are refused by the others,
 * wrong passwords count across instances under the address nginx saw, and no award was lost or doubled.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { TokenPair } from '@bastion/contract';
import { rowsOf, type Db } from '@bastion/db';
import { solveAltcha, type AltchaChallenge } from '@bastion/test-kit';
import type { Client } from './scale-client.ts';
import { signIn, type Told } from './scale-learners.ts';
import { log } from './support.ts';

/** The longest a session ended on one instance may still be accepted by another. */
export const REFUSED_WITHIN_MS = 500;

type Account = { username: string; password: string };

const direct = (url: string, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Milliseconds until `url` refuses `access` (401), or Infinity after 5 s. */
async function refusedAfter(url: string, access: string, since: number): Promise<number> {
  while (performance.now() - since < 5_000) {
    if ((await direct(url, 'GET', '/api/navbar/', access)).status === 401) return performance.now() - since;
    await sleep(2);
  }
  return Infinity;
}

/** Signs in and has every instance accept (and so cache) the session. */
async function liveEverywhere(client: Client, account: Account, instances: string[]): Promise<TokenPair> {
  const tokens = await signIn(client, account);
  if (!tokens) throw new Error(`${account.username} could not sign in`);
  for (const url of instances) {
    const status = (await direct(url, 'GET', '/api/navbar/', tokens.access)).status;
    if (status !== 200) throw new Error(`${url} answered ${status} to a live session`);
  }
  return tokens;
}

/**
 * For each instance: a session signed out there, then one ended by a password change there; every other instance
 * must refuse it within REFUSED_WITHIN_MS. Returns the slowest refusal in ms.
 */
export async function sessionsEndEverywhere(client: Client, account: Account, instances: string[]) {
  let slowest = 0;
  let password = account.password;
  for (const [i, url] of instances.entries()) {
    const others = instances.filter((other) => other !== url);
    const signedOut = await liveEverywhere(client, { ...account, password }, instances);
    const logout = await direct(url, 'POST', '/api/users/logout/', signedOut.access, { refresh: signedOut.refresh });
    if (logout.status !== 200) throw new Error(`logout answered ${logout.status}`);
    const since = performance.now();
    for (const other of others) slowest = Math.max(slowest, await refusedAfter(other, signedOut.access, since));

    const changing = await liveEverywhere(client, { ...account, password }, instances);
    const other = await liveEverywhere(client, { ...account, password }, instances);
    const next = `${account.password}-${i}`;
    const change = await direct(url, 'POST', '/api/users/change_password/', changing.access, {
      old_password: password,
      new_password1: next,
      new_password2: next,
    });
    if (change.status !== 200) throw new Error(`change_password answered ${change.status}`);
    password = next;
    const changed = performance.now();
    for (const instance of others) slowest = Math.max(slowest, await refusedAfter(instance, other.access, changed));
  }
  return slowest;
}

/**
 * Ten wrong passwords through nginx, each with a made-up X-Forwarded-For (which nginx replaces), then the next
 * attempt at every instance directly, from the address nginx saw: each must be refused with 429.
 */
export async function wrongPasswordsCountEverywhere(client: Client, account: Account, instances: string[]) {
  const attempt = async (send: (body: unknown) => Promise<number>) => {
    const challenge = await client.send<AltchaChallenge>('read', 'GET', '/api/captcha/challenge/');
    if (!challenge) return 0;
    const recaptchaToken = await solveAltcha(challenge.body);
    return send({ username: account.username, password: `${account.password}-wrong`, recaptchaToken });
  };
  const statuses: number[] = [];
  for (let k = 1; k <= 10; k++) {
    const headers = { 'x-forwarded-for': `192.0.2.${k}` };
    statuses.push(
      await attempt(
        async (body) =>
          (await client.send('write', 'POST', '/api/users/login/', { body, headers, expect: [401, 429] }))?.status ?? 0,
      ),
    );
  }
  for (const url of instances) {
    statuses.push(
      await attempt(
        async (body) =>
          (
            await fetch(`${url}/api/users/login/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': client.address },
              body: JSON.stringify(body),
            })
          ).status,
      ),
    );
  }
  log(`  wrong passwords: ${statuses.join(' ')} (10 × 401 through nginx, then 429 at each instance)`);
  return statuses.every((status, i) => status === (i < 10 ? 401 : 429));
}

export interface LearnerOutcome {
  userId: string;
  told: Told;
  tokens: TokenPair | null;
}

/** The learners' ids as one PostgreSQL array literal (a single parameter). */
const uuidArray = (learners: LearnerOutcome[]) => `{${learners.map((learner) => learner.userId).join(',')}}`;

interface LedgerRow {
  user_id: string;
  source: string;
  points: number;
}

/**
 * The database against what the learners were told: each award they were told of is in the ledger once with the
 * same points (else lost), none was told twice (doubled), the ledger holds no award of a lesson, quiz or step
 * they were not told of unless a request for it got no answer, each completion paid its bonus once, and each
 * learner's total is the sum of their ledger, on the row and in the daily activity.
 */
export async function awardsKept(db: Db, learners: LearnerOutcome[]) {
  const ids = uuidArray(learners);
  const rows = await rowsOf<LedgerRow>(
    db,
    sql`select user_id, source_type || ':' || source_id as source, points from points_ledger
        where user_id = any(${ids}::uuid[]) and source_type in ('lesson', 'quiz', 'challenge_step')`,
  );
  const ledger = new Map(rows.map((row) => [`${row.user_id} ${row.source}`, row.points]));
  let told = 0;
  let lost = 0;
  let doubled = 0;
  let unexplained = 0;
  let unanswered = 0;
  for (const { userId, told: learner } of learners) {
    for (const [source, awards] of learner.awards) {
      told += awards.length;
      if (awards.length > 1) doubled += awards.length - 1;
      if (ledger.get(`${userId} ${source}`) !== awards[0]) lost += 1;
    }
  }
  const byUser = new Map(learners.map((learner) => [learner.userId, learner.told]));
  for (const row of rows) {
    const learner = byUser.get(row.user_id)!;
    const source = row.source;
    if (learner.awards.has(source)) continue;
    if (learner.unknown.has(source)) unanswered += 1;
    else unexplained += 1;
  }
  const [totals] = await rowsOf<{ totals_off: number; activity_off: number; bonuses_off: number; ledger: number }>(
    db,
    sql`with learner as (select id, points from users where id = any(${ids}::uuid[])),
      ledger as (select user_id, sum(points)::int as points, count(*)::int as rows from points_ledger
        where user_id = any(${ids}::uuid[]) group by user_id),
      activity as (select user_id, sum(points)::int as points from daily_activity
        where user_id = any(${ids}::uuid[]) group by user_id),
      completions as (
        select user_id, 'module:' || module_id as source from module_completions where user_id = any(${ids}::uuid[])
        union all
        select user_id, 'course:' || course_id from course_completions where user_id = any(${ids}::uuid[])),
      bonuses as (select user_id, source_type || ':' || source_id as source from points_ledger
        where user_id = any(${ids}::uuid[]) and source_type in ('module', 'course'))
    select
      (select count(*)::int from learner l left join ledger g on g.user_id = l.id
        where l.points <> coalesce(g.points, 0)) as totals_off,
      (select count(*)::int from learner l left join activity a on a.user_id = l.id
        where l.points <> coalesce(a.points, 0)) as activity_off,
      (select count(*)::int from ((select * from completions except all select * from bonuses)
        union all (select * from bonuses except all select * from completions)) as d) as bonuses_off,
      (select coalesce(sum(rows), 0)::int from ledger) as ledger`,
  );
  log(
    `  awards told to the learners: ${told}; in the ledger: ${rows.length} lesson, quiz and step rows ` +
      `(${totals!.ledger} rows with bonuses and badges)`,
  );
  log(`  lost: ${lost}, doubled: ${doubled}, in the ledger but never told: ${unexplained}`);
  log(`  in the ledger, told nothing because the request got no answer (then told "already done"): ${unanswered}`);
  log(
    `  learners whose points differ from their ledger: ${totals!.totals_off}, from their daily activity: ` +
      `${totals!.activity_off}; completions without exactly one bonus: ${totals!.bonuses_off}`,
  );
  return (
    lost === 0 &&
    doubled === 0 &&
    unexplained === 0 &&
    totals!.totals_off === 0 &&
    totals!.activity_off === 0 &&
    totals!.bonuses_off === 0
  );
}

/** Each learner's navbar on every instance shows the points the database holds (the caches followed). */
export async function navbarsExact(db: Db, learners: LearnerOutcome[], instances: string[]) {
  const points = new Map(
    (
      await rowsOf<{ id: string; points: number }>(
        db,
        sql`select id, points from users where id = any(${uuidArray(learners)}::uuid[])`,
      )
    ).map((row) => [row.id, row.points]),
  );
  let off = 0;
  for (const learner of learners) {
    for (const url of instances) {
      const reply = await direct(url, 'GET', '/api/navbar/', learner.tokens?.access);
      const shown = reply.status === 200 ? ((await reply.json()) as { user_points: number }).user_points : null;
      if (shown !== points.get(learner.userId)) off += 1;
    }
  }
  log(`  navbars (each learner at each instance) showing other points than the database: ${off}`);
  return off === 0;
}
