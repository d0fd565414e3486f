import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  leaderboardCountDeltas,
  leaderboardCounts,
  leaderboardScores,
  migrationsFolder,
  pointsLedger,
  users,
} from '@bastion/db';
import { DEFAULT_PUBLIC_PROFILE_SETTINGS } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { awardPoints } from '../gamification/points.service.ts';
import { compactCounts, MARK_EVERY } from './leaderboard.repository.ts';
import { createLeaderboardService } from './leaderboard.service.ts';
import { periodKey } from '../../lib/leaderboard-periods.ts';

let ctx: TestContext;
const T0 = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  ctx.clock.set(T0);
  await ctx.db.execute(
    sql`truncate leaderboard_scores, leaderboard_counts, leaderboard_count_deltas, leaderboard_marks`,
  );
});

const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function learner(name: string, overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(ctx.db, { username: `${name}_${randomUUID().slice(0, 6)}`, ...overrides });
}

/** One award through the real award path, at `at`. */
async function award(userId: string, points: number, at: Date) {
  await ctx.db.transaction((tx) =>
    awardPoints(tx, { userId, points, reason: 'Test award', sourceType: 'coupon', sourceId: randomUUID() }, at),
  );
}

async function board(userId: string, query = '') {
  // A fresh token per call: tests move the clock past an access token's lifetime.
  const { authorization } = await authHeader(ctx.app, userId);
  return ctx.app.inject({ method: 'GET', url: `/api/leaderboard/${query}`, headers: { authorization } });
}

const names = (body: { results: { username: string | null }[] }) => body.results.map((row) => row.username);
const maintain = () => createLeaderboardService({ db: ctx.db, clock: ctx.clock }).maintain();

describe('GET /api/leaderboard/ access and input', () => {
  it('answers 401 without a token and with a bad one', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/leaderboard/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/leaderboard/',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it.each(['year', 'ALL', 'day', '1'])('answers 400 for period=%s', async (period) => {
    const me = await learner('picky');
    const response = await board(me.id, `?period=${period}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ period: ['Choose one of: all, month, week.'] });
  });

  it.each(['?page=0', '?page=x', '?page_size=101', '?page_size=0'])('answers 400 for %s', async (query) => {
    const me = await learner('pager');
    const response = await board(me.id, query);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([query.slice(1).split('=')[0]]);
  });

  it('reads an empty period as all and shows an empty board with me unranked', async () => {
    const me = await learner('nobody');
    const response = await board(me.id, '?period=&page=');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      period: 'all',
      count: 0,
      next: null,
      previous: null,
      results: [],
      me: { rank: null, points: 0 },
      status: { mode: 'live', since: null, until: null },
    });
  });
});

describe('order and ties', () => {
  it('orders by points, ties going to whoever reached the total first', async () => {
    const first = await learner('first');
    const second = await learner('second');
    const third = await learner('third');
    const top = await learner('top');
    await award(second.id, 10, minutes(1));
    await award(first.id, 10, minutes(0));
    // third reaches 10 last, in two steps; an award of 0 later does not move when they reached it.
    await award(third.id, 5, minutes(-30));
    await award(third.id, 5, minutes(2));
    await award(third.id, 0, minutes(3));
    await award(top.id, 20, minutes(5));

    const response = await board(first.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ period: 'all', count: 4, next: null, previous: null, me: { rank: 2, points: 10 } });
    expect(body.results).toEqual([
      { rank: 1, username: top.username, photo: null, country: 'GB', points: 20, streak: 1, profile_public: true },
      { rank: 2, username: first.username, photo: null, country: 'GB', points: 10, streak: 1, profile_public: true },
      { rank: 3, username: second.username, photo: null, country: 'GB', points: 10, streak: 1, profile_public: true },
      { rank: 4, username: third.username, photo: null, country: 'GB', points: 10, streak: 1, profile_public: true },
    ]);
    expect((await board(third.id)).json().me).toEqual({ rank: 4, points: 10 });
    expect((await board(top.id)).json().me).toEqual({ rank: 1, points: 20 });

    // Overtaking: second gets ahead of first by one point.
    await award(second.id, 1, minutes(6));
    const after = (await board(first.id)).json();
    expect(names(after)).toEqual([top.username, second.username, first.username, third.username]);
    expect(after.me).toEqual({ rank: 3, points: 10 });
  });

  it('agrees with users.points and the ledger', async () => {
    const a = await learner('ledger');
    await award(a.id, 7, minutes(0));
    await award(a.id, 8, minutes(1));
    const [row] = await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, a.id));
    expect((await board(a.id)).json().me).toEqual({ rank: 1, points: row!.points });
    expect(row!.points).toBe(15);
  });

  it('lists staff like any learner, and neither inactive nor unverified accounts', async () => {
    const staff = await learner('staff', { isStaff: true });
    const quitter = await learner('quitter');
    const me = await learner('stayer');
    await award(staff.id, 30, minutes(0));
    await award(quitter.id, 50, minutes(0));
    await award(me.id, 10, minutes(0));
    expect((await board(me.id)).json()).toMatchObject({ count: 3, me: { rank: 3, points: 10 } });

    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, quitter.id));
    let body = (await board(me.id)).json();
    expect(names(body)).toEqual([staff.username, me.username]);
    expect(body).toMatchObject({ count: 2, me: { rank: 2, points: 10 } });

    await ctx.db.update(users).set({ isActive: true, isVerified: false }).where(eq(users.id, quitter.id));
    expect((await board(me.id)).json()).toMatchObject({ count: 2, me: { rank: 2 } });

    // Back in good standing: back on the board, with the same total and time.
    await ctx.db.update(users).set({ isVerified: true }).where(eq(users.id, quitter.id));
    body = (await board(me.id)).json();
    expect(names(body)).toEqual([quitter.username, staff.username, me.username]);
    expect(body).toMatchObject({ count: 3, me: { rank: 3 } });

    // A deleted account leaves the counts too (its scores go with it).
    await ctx.db.delete(users).where(eq(users.id, quitter.id));
    expect((await board(me.id)).json()).toMatchObject({ count: 2, me: { rank: 2 } });
    await maintain();
    expect((await board(me.id)).json()).toMatchObject({ count: 2, me: { rank: 2 } });
  });

  it('shows the streak as the navbar does, with the photo path', async () => {
    const photoId = randomUUID();
    const a = await learner('photo', { photoId, country: 'FR' });
    await award(a.id, 5, new Date('2026-03-07T12:00:00Z'));
    const [entry] = (await board(a.id)).json().results;
    // Last active three days ago: the run is over.
    expect(entry).toEqual({
      rank: 1,
      username: a.username,
      photo: `/media/avatars/${photoId}.webp`,
      country: 'FR',
      points: 5,
      streak: 0,
      profile_public: true,
    });
  });

  it("says whether each learner's public profile can be opened, and keeps a private one ranked but unnamed", async () => {
    const open = await learner('open');
    const closed = await learner('closed', { photoId: randomUUID(), country: 'NO' });
    await ctx.db
      .update(users)
      .set({ publicProfile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, is_public: false } })
      .where(eq(users.id, closed.id));
    await award(open.id, 20, minutes(0));
    await award(closed.id, 10, minutes(0));
    const body = (await board(open.id)).json();
    expect(body.results.map((row: { profile_public: boolean }) => row.profile_public)).toEqual([true, false]);
    expect(body.results[0]).toMatchObject({ rank: 1, username: open.username });
    // Anonymous to everyone, its owner included (the page is the same for all): no username, no photo.
    expect(body.results[1]).toEqual({
      rank: 2,
      username: null,
      photo: null,
      country: 'NO',
      points: 10,
      streak: 1,
      profile_public: false,
    });
    expect(JSON.stringify(body)).not.toContain(closed.username);
    expect((await board(closed.id)).json()).toMatchObject({ results: [{}, { username: null }], me: { rank: 2 } });
  });
});

describe('periods', () => {
  it('counts the UTC calendar month and the ISO week (Monday first) separately from all time', async () => {
    const x = await learner('x');
    const y = await learner('y');
    const z = await learner('z');
    await award(x.id, 50, new Date('2026-02-27T10:00:00Z')); // February
    await award(y.id, 30, new Date('2026-03-01T00:00:00Z')); // March, ISO week 9 (a Sunday)
    await award(x.id, 10, new Date('2026-03-08T23:59:59Z')); // Sunday: still ISO week 10
    await award(z.id, 20, new Date('2026-03-09T00:00:00Z')); // Monday: ISO week 11
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));

    const all = (await board(x.id, '?period=all')).json();
    expect(all.results.map((r: { username: string; points: number }) => [r.username, r.points])).toEqual([
      [x.username, 60],
      [y.username, 30],
      [z.username, 20],
    ]);
    expect(all.me).toEqual({ rank: 1, points: 60 });

    const month = (await board(x.id, '?period=month')).json();
    expect(month.period).toBe('month');
    expect(month.results.map((r: { username: string; points: number }) => [r.username, r.points])).toEqual([
      [y.username, 30],
      [z.username, 20],
      [x.username, 10],
    ]);
    expect(month.me).toEqual({ rank: 3, points: 10 });

    const week = (await board(x.id, '?period=week')).json();
    expect(week).toMatchObject({ period: 'week', count: 1, me: { rank: null, points: 0 } });
    expect(names(week)).toEqual([z.username]);

    // A new month and week start empty; all time carries on.
    ctx.clock.set(new Date('2026-04-01T00:00:00Z'));
    expect((await board(x.id, '?period=month')).json()).toMatchObject({ count: 0, results: [] });
    expect((await board(x.id, '?period=week')).json()).toMatchObject({ count: 0 });
    expect((await board(x.id, '?period=all')).json()).toMatchObject({ count: 3, me: { rank: 1, points: 60 } });
  });

  it('breaks a period tie by the time each reached the total within the period', async () => {
    const early = await learner('early');
    const late = await learner('late');
    // late leads all time (February counts there), early reached this month's 20 first.
    await award(late.id, 20, new Date('2026-02-10T00:00:00Z'));
    await award(early.id, 20, new Date('2026-03-02T08:00:00Z'));
    await award(late.id, 20, new Date('2026-03-02T09:00:00Z'));
    const month = (await board(late.id, '?period=month')).json();
    expect(month.results.map((r: { username: string; points: number }) => [r.username, r.points])).toEqual([
      [early.username, 20],
      [late.username, 20],
    ]);
    expect(month.me).toEqual({ rank: 2, points: 20 });
    const all = (await board(late.id, '?period=all')).json();
    expect(names(all)).toEqual([late.username, early.username]);
    expect(all.me).toEqual({ rank: 1, points: 40 });
  });

  it('prunes periods that ended more than a period ago, keeping the live ones exact', async () => {
    const a = await learner('old');
    const b = await learner('new');
    await award(a.id, 10, new Date('2026-01-05T10:00:00Z'));
    await award(b.id, 5, new Date('2026-03-10T10:00:00Z'));
    const keys = async () =>
      (await ctx.db.selectDistinct({ key: leaderboardScores.periodKey }).from(leaderboardScores))
        .map((row) => row.key)
        .sort();
    expect(await keys()).toEqual(['all', 'month:2026-01', 'month:2026-03', 'week:2026-W02', 'week:2026-W11']);
    const outcome = await maintain();
    expect(outcome.pruned).toBe(2);
    expect(await keys()).toEqual(['all', 'month:2026-03', 'week:2026-W11']);
    const countKeys = await ctx.db.selectDistinct({ key: leaderboardCounts.periodKey }).from(leaderboardCounts);
    expect(countKeys.map((row) => row.key).sort()).toEqual(['all', 'month:2026-03', 'week:2026-W11']);
    expect((await board(a.id)).json()).toMatchObject({ count: 2, me: { rank: 1, points: 10 } });
    expect((await board(a.id, '?period=month')).json()).toMatchObject({ count: 1, me: { rank: null } });
  });
});

describe('paging', () => {
  async function crowd(totals: number[]) {
    const created = [];
    for (const [index, total] of totals.entries()) {
      const user = await learner(`c${String(index).padStart(2, '0')}`);
      await award(user.id, total, minutes(index));
      created.push(user);
    }
    return created;
  }

  it('pages 25 at a time with links that keep the period; past the end is 404', async () => {
    const people = await crowd(Array.from({ length: 30 }, (_, index) => 100 - index));
    const me = people[27]!;
    const first = (await board(me.id, '?period=all')).json();
    expect(first).toMatchObject({
      count: 30,
      next: '/api/leaderboard/?period=all&page=2',
      previous: null,
      me: { rank: 28, points: 73 },
    });
    expect(first.results).toHaveLength(25);
    expect(first.results[24]).toMatchObject({ rank: 25, points: 76 });
    const second = (await board(me.id, '?period=all&page=2')).json();
    expect(second).toMatchObject({ next: null, previous: '/api/leaderboard/?period=all&page=1' });
    expect(second.results.map((r: { rank: number }) => r.rank)).toEqual([26, 27, 28, 29, 30]);
    expect(second.results[2].username).toBe(me.username);
    const past = await board(me.id, '?page=3');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Not found.' });
  });

  it('gives every learner exactly once across pages, across ties, before and after compaction', async () => {
    // Many ties so that page boundaries fall inside groups of equal totals.
    const totals = [50, 40, 40, 40, 40, 30, 30, 20, 20, 20, 20, 20, 10, 10, 10, 5, 5];
    const people = await crowd(totals);
    const viewer = people[0]!;
    const full = (await board(viewer.id, '?page_size=100')).json();
    expect(full.results.map((r: { points: number }) => r.points)).toEqual(totals);
    expect(full.results.map((r: { rank: number }) => r.rank)).toEqual(totals.map((_, index) => index + 1));
    // Equal totals: the earlier award first, and each learner's own rank says the same.
    expect(names(full)).toEqual(people.map((person) => person.username));
    for (const [index, person] of people.entries()) {
      expect((await board(person.id, '?page_size=1')).json().me.rank).toBe(index + 1);
    }

    const walk = async () => {
      const seen = [];
      for (let page = 1; page <= 6; page += 1)
        seen.push(...(await board(viewer.id, `?page_size=3&page=${page}`)).json().results);
      return seen;
    };
    expect(await walk()).toEqual(full.results);
    const folded = await maintain();
    expect(folded.folded).toBeGreaterThan(0);
    expect(await ctx.db.select().from(leaderboardCountDeltas)).toEqual([]);
    expect(await walk()).toEqual(full.results);
    expect((await board(viewer.id, '?page_size=3&page=7')).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('keeps counts exact under parallel awards to many learners and to one', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, index) => learner(`p${index}`)));
    await Promise.all(people.map((person, index) => award(person.id, 10 + index, minutes(index))));
    await Promise.all(Array.from({ length: 6 }, () => award(people[0]!.id, 5, minutes(10))));
    const check = async () => {
      const body = (await board(people[0]!.id, '?page_size=100')).json();
      expect(body.count).toBe(8);
      expect(body.me).toEqual({ rank: 1, points: 40 });
      expect(body.results.map((r: { points: number }) => r.points)).toEqual([40, 17, 16, 15, 14, 13, 12, 11]);
    };
    await check();
    await Promise.all([maintain(), maintain(), award(people[1]!.id, 1, minutes(11))]);
    await maintain();
    const [sum] = await ctx.db
      .select({ n: sql<number>`coalesce(sum(${leaderboardCounts.learners}), 0)::int` })
      .from(leaderboardCounts)
      .where(eq(leaderboardCounts.periodKey, 'all'));
    expect(Number(sum!.n)).toBe(8);
    // 12 now, tied with people[2], who reached 12 earlier: behind 40, 17…13 and them.
    const body = (await board(people[1]!.id)).json();
    expect(body.me).toEqual({ rank: 8, points: 12 });
  });
});

describe('exact standings from counts, marks and pending deltas', () => {
  const periods = ['all', 'month', 'week'] as const;

  /** Every eligible learner's points and rank in the period by a full ordering: the tie rules, counted the slow way. */
  async function fullOrdering(period: (typeof periods)[number]) {
    const result = await ctx.db.execute(sql`
      select user_id, points, row_number() over (order by points desc, reached_at, user_id)::int as rank
      from leaderboard_scores where period_key = ${periodKey(period, ctx.clock.now())} and eligible`);
    const rows = (result as unknown as { rows: { user_id: string; points: number; rank: number }[] }).rows;
    return new Map(rows.map((row) => [row.user_id, { points: Number(row.points), rank: Number(row.rank) }]));
  }

  /**
   * Each learner's standing (the database function for all of them in one statement, the service's standing
   * for some, the board route for a few) is the full ordering's, in all three periods.
   */
  async function expectExact(ids: string[]) {
    const service = createLeaderboardService({ db: ctx.db, clock: ctx.clock, cacheMs: 0 });
    for (const period of periods) {
      const expected = await fullOrdering(period);
      const result = await ctx.db.execute(sql`
        select id::text as user_id, s.points, s.rank
        from unnest(${sql.param(ids)}::uuid[]) as id
        left join lateral leaderboard_standing(${periodKey(period, ctx.clock.now())}, id) s on true`);
      const rows = (result as unknown as { rows: { user_id: string; points: number | null; rank: number | null }[] })
        .rows;
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        const standing = row.rank === null ? null : { points: Number(row.points), rank: Number(row.rank) };
        expect(standing, `${period} standing of ${row.user_id}`).toEqual(expected.get(row.user_id) ?? null);
      }
      for (const id of ids.filter((_, index) => index % 11 === 0)) {
        expect(await service.standing(id, period), `${period} standing of ${id}`).toEqual(expected.get(id) ?? null);
      }
      // Through the route, for a few (the page and the standing read in one statement).
      for (const id of ids.filter((_, index) => index % 37 === 0)) {
        const body = (await board(id, `?period=${period}`)).json();
        expect(body.me, `${period} board of ${id}`).toEqual(expected.get(id) ?? { rank: null, points: 0 });
        expect(body.count).toBe(expected.size);
      }
    }
  }

  /** The learners of one total in board order (the full ordering's), as ids. */
  async function group(points: number) {
    const result = await ctx.db.execute(sql`
      select user_id from leaderboard_scores where period_key = 'all' and eligible and points = ${points}
      order by reached_at, user_id`);
    return (result as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id);
  }

  it('stays exact among ties larger than a mark apart, through arrivals, departures and folds', async () => {
    const size = 3 * MARK_EVERY + 8;
    const people = [];
    for (let index = 0; index < size; index += 1) people.push(await learner(`tie${index}`));
    // Everyone at 5 points; five learners a minute reach it at the same instant (ties on time go to the id).
    for (const [index, person] of people.entries()) await award(person.id, 5, minutes(-Math.floor(index / 5)));
    const ids = people.map((person) => person.id);
    await maintain();
    const [marks] = await ctx.db
      .execute(
        sql`
      select count(*)::int as n from leaderboard_marks where period_key = 'all' and points = 5`,
      )
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(Number(marks!.n)).toBe(4);
    await expectExact(ids);

    // Pending (not yet folded): marks leave the group, learners leave from between marks, one moves up by
    // one total, one becomes ineligible, a newcomer arrives earlier than everyone, a zero award changes nothing.
    const order = await group(5);
    await award(order[0]!, 5, minutes(1)); // the first mark leaves for 10
    await award(order[MARK_EVERY]!, 5, minutes(1)); // the second mark leaves for 10, tied on time with the first
    await award(order[MARK_EVERY + 1]!, 1, minutes(2)); // just behind a mark, to 6
    await award(order[2 * MARK_EVERY - 1]!, 0, minutes(3));
    await ctx.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, order[2 * MARK_EVERY + 3]!));
    const early = await learner('early');
    await award(early.id, 5, minutes(-500)); // reaches 5 before the whole group did: first among the ties
    ids.push(early.id);
    await expectExact(ids);

    await maintain();
    await expectExact(ids);

    // Back in good standing with the old time (mid-group), then one fold of a single group's deltas only,
    // leaving the others pending: a mixed state every reader must still count exactly once.
    await ctx.db
      .update(users)
      .set({ isActive: true })
      .where(eq(users.id, order[2 * MARK_EVERY + 3]!));
    await award(order[5]!, 5, minutes(4));
    await award(order[3 * MARK_EVERY]!, 1, minutes(4));
    await award(order[0]!, 1, minutes(4)); // 10 → 11: now alone above everyone else at 10
    expect(await compactCounts(ctx.db, 1)).toBeGreaterThan(0);
    expect(
      (await ctx.db.select().from(leaderboardCountDeltas)).length,
      'some deltas are still pending after a one-group fold',
    ).toBeGreaterThan(0);
    await expectExact(ids);

    // A deleted account leaves every group it was in.
    await ctx.db.delete(users).where(eq(users.id, order[MARK_EVERY + 2]!));
    await expectExact(ids);
    await maintain();
    await expectExact(ids);

    // Many arrive at the end of the group (the fold marks the stretch they make), then many leave from
    // its front half (the fold drops marks grown too close): the same answers either way.
    const marksOf5 = async () =>
      Number(
        (
          (await ctx.db.execute(sql`
            select count(*)::int as n from leaderboard_marks where period_key = 'all' and points = 5`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await marksOf5();
    for (let index = 0; index < 2 * MARK_EVERY + 30; index += 1) {
      const late = await learner(`late${index}`);
      await award(late.id, 5, minutes(20 + Math.floor(index / 3)));
      ids.push(late.id);
    }
    await maintain();
    expect(await marksOf5()).toBeGreaterThan(before + 1);
    await expectExact(ids);
    const crowded = await marksOf5();
    for (const id of (await group(5)).slice(0, 2 * MARK_EVERY)) await award(id, 5, minutes(30));
    await expectExact(ids);
    await maintain();
    expect(await marksOf5()).toBeLessThan(crowded);
    await expectExact(ids);
  }, 120_000);

  it('places a points change exactly: one ahead of a tie moves everyone behind by one, no more', async () => {
    const people = [];
    for (let index = 0; index < MARK_EVERY + 3; index += 1) people.push(await learner(`step${index}`));
    for (const [index, person] of people.entries()) await award(person.id, 20, minutes(index));
    await maintain();
    const last = people.at(-1)!;
    expect((await board(last.id)).json().me).toEqual({ rank: MARK_EVERY + 3, points: 20 });

    // The learner who reached 20 last overtakes everyone by one point: first; the rest each one place down.
    await award(last.id, 1, minutes(100));
    expect((await board(last.id)).json().me).toEqual({ rank: 1, points: 21 });
    expect((await board(people[0]!.id)).json().me).toEqual({ rank: 2, points: 20 });
    expect((await board(people[MARK_EVERY]!.id)).json().me).toEqual({ rank: MARK_EVERY + 2, points: 20 });
    expect((await board(people[MARK_EVERY + 1]!.id)).json().me).toEqual({ rank: MARK_EVERY + 3, points: 20 });

    // The first to reach 20 reaches 21 later than them: second, and nobody else moves.
    await award(people[0]!.id, 1, minutes(101));
    expect((await board(people[0]!.id)).json().me).toEqual({ rank: 2, points: 21 });
    expect((await board(people[1]!.id)).json().me).toEqual({ rank: 3, points: 20 });
    await maintain();
    expect((await board(people[0]!.id)).json().me).toEqual({ rank: 2, points: 21 });
    expect((await board(people[1]!.id)).json().me).toEqual({ rank: 3, points: 20 });
    expect((await board(people[MARK_EVERY + 1]!.id)).json().me).toEqual({ rank: MARK_EVERY + 3, points: 20 });

    // Someone tied at 20 earlier than the rest (back from inactive, with their old time) pushes everyone behind them.
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, people[1]!.id));
    expect((await board(people[2]!.id)).json().me).toEqual({ rank: 3, points: 20 });
    await maintain();
    expect((await board(people[2]!.id)).json().me).toEqual({ rank: 3, points: 20 });
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, people[1]!.id));
    expect((await board(people[2]!.id)).json().me).toEqual({ rank: 4, points: 20 });
    expect((await board(people[1]!.id)).json().me).toEqual({ rank: 3, points: 20 });
  });
});

describe('the per-instance cache', () => {
  it('reuses a page and a standing for a second of the app clock, then reads again', async () => {
    const service = createLeaderboardService({ db: ctx.db, clock: ctx.clock, cacheMs: 1_000 });
    const query = { period: 'all' as const, page: 1, page_size: 25 };
    const a = await learner('cache_a');
    const b = await learner('cache_b');
    await award(a.id, 10, minutes(0));
    const first = await service.board(a.id, query, '/api/leaderboard/');
    expect(first).toMatchObject({ count: 1, me: { rank: 1, points: 10 } });

    await award(b.id, 20, minutes(1));
    await award(a.id, 1, minutes(1));
    // Within the second: the same answer, from the cache.
    expect(await service.board(a.id, query, '/api/leaderboard/')).toEqual(first);
    // Another learner shares the cached page but has a standing of their own.
    const other = await service.board(b.id, query, '/api/leaderboard/');
    expect(other.results).toEqual(first.results);
    expect(other.me).toEqual({ rank: 1, points: 20 });

    ctx.clock.advance(1_001);
    const fresh = await service.board(a.id, query, '/api/leaderboard/');
    expect(fresh).toMatchObject({ count: 2, me: { rank: 2, points: 11 } });
    expect(names(fresh)).toEqual([b.username, a.username]);
  });

  it('shares one database read between parallel misses', async () => {
    let statements = 0;
    const counting = new Proxy(ctx.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof target.execute>) => {
          statements += 1;
          return target.execute(...args);
        };
      },
    });
    const service = createLeaderboardService({ db: counting, clock: ctx.clock, cacheMs: 1_000 });
    const a = await learner('burst');
    await award(a.id, 10, minutes(0));
    const query = { period: 'all' as const, page: 1, page_size: 25 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => service.board(a.id, query, '/api/leaderboard/')),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ count: 1, me: { rank: 1, points: 10 } });
    expect(statements).toBe(1);
  });
});

describe('migration backfill', () => {
  it('rebuilds the boards from users.points and the ledger as migration 0004 does', async () => {
    const migration = readFileSync(path.join(migrationsFolder, '0004_leaderboard.sql'), 'utf8');
    const backfill = migration
      .slice(migration.indexOf('-- Backfill'))
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean);
    expect(backfill).toHaveLength(2);

    // Only this test's learners hold points.
    await ctx.db.delete(pointsLedger);
    await ctx.db.update(users).set({ points: 0 });
    const now = new Date();
    ctx.clock.set(now);
    const old = await learner('backfill_old');
    const recent = await learner('backfill_recent');
    const quitter = await learner('backfill_quitter', { isActive: false });
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    // Straight into the tables, as before the leaderboard existed.
    await ctx.db.insert(pointsLedger).values([
      { userId: old.id, points: 50, reason: 'r', sourceType: 'coupon', sourceId: randomUUID(), createdAt: lastMonth },
      { userId: recent.id, points: 20, reason: 'r', sourceType: 'coupon', sourceId: randomUUID(), createdAt: now },
      { userId: recent.id, points: 0, reason: 'r', sourceType: 'coupon', sourceId: randomUUID(), createdAt: now },
      { userId: quitter.id, points: 90, reason: 'r', sourceType: 'coupon', sourceId: randomUUID(), createdAt: now },
    ]);
    await ctx.db.update(users).set({ points: 50 }).where(eq(users.id, old.id));
    await ctx.db.update(users).set({ points: 20 }).where(eq(users.id, recent.id));
    await ctx.db.update(users).set({ points: 90 }).where(eq(users.id, quitter.id));

    for (const statement of backfill) await ctx.db.execute(sql.raw(statement));
    await maintain();

    const all = (await board(old.id)).json();
    expect(all.results.map((r: { username: string; points: number }) => [r.username, r.points])).toEqual([
      [old.username, 50],
      [recent.username, 20],
    ]);
    const [reached] = await ctx.db
      .select({ at: leaderboardScores.reachedAt })
      .from(leaderboardScores)
      .where(eq(leaderboardScores.userId, old.id));
    expect(reached!.at.toISOString()).toBe(lastMonth.toISOString());
    for (const period of ['month', 'week']) {
      const body = (await board(recent.id, `?period=${period}`)).json();
      expect(body).toMatchObject({ count: 1, me: { rank: 1, points: 20 } });
    }
  });
});
