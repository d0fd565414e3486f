import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, scoreboardFrozenScores } from '@bastion/db';
import { SCOREBOARD_MESSAGES } from '@bastion/contract';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';
import { awardPoints } from '../gamification/points.service.ts';
import { allTimeRank, createLeaderboardService } from './leaderboard.service.ts';

const test = consoleTest();
const { call } = test;
const T0 = new Date('2026-03-10T12:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
/** The test clock keeps ticking after it is set: a time it gave is within that minute. */
const near = (date: Date) => expect.stringMatching(new RegExp(`^${date.toISOString().slice(0, 16)}`));

beforeEach(async () => {
  test.ctx.clock.set(T0);
  await call('PUT', '/api/admin/scoreboard/', { mode: 'live' });
  await test.ctx.db.execute(
    sql`truncate leaderboard_scores, leaderboard_counts, leaderboard_count_deltas, leaderboard_marks`,
  );
});

async function learner(name: string) {
  return createUser(test.ctx.db, { username: `${name}_${randomUUID().slice(0, 6)}` });
}

async function award(userId: string, points: number, at: Date) {
  await test.ctx.db.transaction((tx) =>
    awardPoints(tx, { userId, points, reason: 'Test award', sourceType: 'coupon', sourceId: randomUUID() }, at),
  );
}

async function board(userId: string, query = '') {
  const { authorization } = await authHeader(test.ctx.app, userId);
  const response = await test.ctx.app.inject({
    method: 'GET',
    url: `/api/leaderboard/${query}`,
    headers: { authorization },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const standings = (body: { results: { rank: number; username: string | null; points: number }[] }) =>
  body.results.map((row) => [row.rank, row.username, row.points]);

describe('the console: freezing and hiding the leaderboard', () => {
  it('is live until an operator acts', async () => {
    const response = await call('GET', '/api/admin/scoreboard/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'live', since: null, until: null });
  });

  it('freezes the ranks as they stand: later points count but show only once it is live again', async () => {
    const ada = await learner('ada');
    const bob = await learner('bob');
    await award(ada.id, 30, minutes(1));
    await award(bob.id, 20, minutes(2));

    test.ctx.clock.set(minutes(5));
    const frozen = await call('PUT', '/api/admin/scoreboard/', { mode: 'frozen' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toEqual({ mode: 'frozen', since: near(minutes(5)), until: null });

    await award(bob.id, 50, minutes(6));
    const during = await board(bob.id);
    expect(standings(during)).toEqual([
      [1, ada.username, 30],
      [2, bob.username, 20],
    ]);
    expect(during.me).toEqual({ rank: 2, points: 20 });
    expect(during.status).toEqual({ mode: 'frozen', since: near(minutes(5)), until: null });
    expect(during.count).toBe(2);
    // A learner with no points at the freeze is not on the frozen board, and the dashboard's rank agrees.
    const carol = await learner('carol');
    await award(carol.id, 5, minutes(7));
    expect((await board(carol.id)).me).toEqual({ rank: null, points: 0 });
    expect(await allTimeRank(test.ctx.db, bob.id, minutes(7))).toBe(2);

    // The same for the month and the week that held the freeze.
    expect(standings(await board(ada.id, '?period=week'))).toEqual([
      [1, ada.username, 30],
      [2, bob.username, 20],
    ]);

    // Staying frozen only moves the end; the copy is the first freeze's.
    const moved = await call('PUT', '/api/admin/scoreboard/', { mode: 'frozen', until: minutes(60).toISOString() });
    expect(moved.json()).toEqual({ mode: 'frozen', since: near(minutes(5)), until: minutes(60).toISOString() });
    expect(standings(await board(ada.id))).toEqual([
      [1, ada.username, 30],
      [2, bob.username, 20],
    ]);

    // Past its end the board is live, with what was earned meanwhile.
    test.ctx.clock.set(minutes(61));
    const live = await board(bob.id);
    expect(standings(live)).toEqual([
      [1, bob.username, 70],
      [2, ada.username, 30],
      [3, carol.username, 5],
    ]);
    expect(live.status).toEqual({ mode: 'live', since: null, until: null });
    expect(await allTimeRank(test.ctx.db, bob.id, minutes(61))).toBe(1);
  });

  it('hides the ranks everywhere a learner sees one, telling them why, until shown again', async () => {
    const ada = await learner('ada');
    await award(ada.id, 30, minutes(1));
    const hidden = await call('PUT', '/api/admin/scoreboard/', { mode: 'hidden', until: minutes(30).toISOString() });
    expect(hidden.json()).toMatchObject({ mode: 'hidden', until: minutes(30).toISOString() });
    expect(await test.ctx.db.select().from(scoreboardFrozenScores)).toEqual([]);

    const body = await board(ada.id);
    expect(body).toMatchObject({ count: 0, results: [], me: { rank: null, points: 30 }, status: { mode: 'hidden' } });
    const { authorization } = await authHeader(test.ctx.app, ada.id);
    const dashboard = await test.ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary/',
      headers: { authorization },
    });
    expect(dashboard.json()).toMatchObject({ points: 30, rank: null });

    const shown = await call('PUT', '/api/admin/scoreboard/', { mode: 'live' });
    expect(shown.json()).toEqual({ mode: 'live', since: null, until: null });
    expect((await board(ada.id)).me).toEqual({ rank: 1, points: 30 });
  });

  it('records each change in the audit log with before and after', async () => {
    test.ctx.clock.set(minutes(500));
    await call('PUT', '/api/admin/scoreboard/', { mode: 'hidden' });
    const [row] = await test.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'scoreboard.set_state'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(row).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      targetType: 'scoreboard',
      before: { mode: 'live', since: null, until: null },
      after: { mode: 'hidden', since: near(minutes(500)), until: null },
    });
  });

  it('refuses an end in the past and an unknown state with a 400, changing nothing', async () => {
    const past = await call('PUT', '/api/admin/scoreboard/', { mode: 'frozen', until: minutes(-1).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toBe(SCOREBOARD_MESSAGES.endsInPast);
    const unknown = await call('PUT', '/api/admin/scoreboard/', { mode: 'paused' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ mode: ['Choose live, frozen or hidden.'] });
    const badDate = await call('PUT', '/api/admin/scoreboard/', { mode: 'hidden', until: 'tomorrow' });
    expect(badDate.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/scoreboard/')).json()).toMatchObject({ mode: 'live' });
  });

  it('two operators freezing at once both succeed, with one copy of the board', async () => {
    const ada = await learner('ada');
    await award(ada.id, 30, minutes(1));
    const answers = await Promise.all([
      call('PUT', '/api/admin/scoreboard/', { mode: 'frozen' }),
      call('PUT', '/api/admin/scoreboard/', { mode: 'frozen' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await test.ctx.db.select().from(scoreboardFrozenScores);
    expect(rows.filter((row) => row.period === 'all')).toEqual([
      { period: 'all', rank: 1, userId: ada.id, points: 30 },
    ]);
  });

  it("a server's cached board follows its own operator's change at once", async () => {
    const ada = await learner('ada');
    await award(ada.id, 30, minutes(1));
    const service = createLeaderboardService({ db: test.ctx.db, clock: test.ctx.clock, cacheMs: 60_000 });
    const query = { period: 'all', page: 1, page_size: 25 } as const;
    expect((await service.board(ada.id, query, '/api/leaderboard/')).results).toHaveLength(1);
    await call('PUT', '/api/admin/scoreboard/', { mode: 'hidden' });
    // Still the cached answer until told...
    expect((await service.board(ada.id, query, '/api/leaderboard/')).results).toHaveLength(1);
    service.statusChanged();
    expect(await service.board(ada.id, query, '/api/leaderboard/')).toMatchObject({
      results: [],
      status: { mode: 'hidden' },
    });
  });
});
