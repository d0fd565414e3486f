import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, leaderboardScores } from '@bastion/db';
import { SCOREBOARD_MESSAGES } from '@bastion/contract';
import { authHeader } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';
import {
  answer,
  get,
  learner,
  ledgerOf,
  notificationsOf,
  pointsOf,
  solveAll,
  start,
  type Learner,
} from '../../../test/challenge-api.ts';
import { createChallenge, stepProgressOf } from '../../../test/challenge-fixtures.ts';
import { createCourse, enrollCourse } from '../../../test/learning-fixtures.ts';
import { progressOf, submitAnswer } from '../../../test/learning-api.ts';
import { awardPoints } from '../gamification/points.service.ts';
import { createLeaderboardService } from './leaderboard.service.ts';
import { periodKey } from '../../lib/leaderboard-periods.ts';

const test = consoleTest();
const { call } = test;
const T0 = new Date('2026-03-10T12:00:00Z');
const days = (n: number) => new Date(T0.getTime() + n * 86_400_000);

beforeEach(async () => {
  test.ctx.clock.set(T0);
  await test.ctx.db.execute(
    sql`truncate leaderboard_scores, leaderboard_counts, leaderboard_count_deltas, leaderboard_marks`,
  );
});

const newLearner = () => learner(test.ctx.app, test.ctx.db, { username: `lb_${randomUUID().slice(0, 8)}` });

async function award(who: Learner, points: number, at: Date) {
  await test.ctx.db.transaction((tx) =>
    awardPoints(
      tx,
      { userId: who.user.id, points, reason: 'Test award', sourceType: 'coupon', sourceId: randomUUID() },
      at,
    ),
  );
}

/** The learner with a token of the clock's time (tests move it past a token's lifetime). */
const fresh = async (who: Learner): Promise<Learner> => ({
  ...who,
  headers: { authorization: (await authHeader(test.ctx.app, who.user.id)).authorization },
});

/** The whole board of a period as [username, points], and the learner's own rank, checked against the ranks shown. */
async function boardOf(who: Learner, period: 'all' | 'month' | 'week' = 'all') {
  const response = await get(test.ctx.app, await fresh(who), `/api/leaderboard/?period=${period}&page_size=100`);
  const body = response.json();
  expect(body.results.map((row: { rank: number }) => row.rank)).toEqual(
    body.results.map((_: unknown, i: number) => i + 1),
  );
  expect(body.count).toBe(body.results.length);
  return {
    rows: body.results.map((row: { username: string; points: number }) => [row.username, row.points]),
    me: body.me,
  };
}

/** The board must read the same before and after the counts are folded: the counts stay exact. */
async function expectBoard(who: Learner, period: 'all' | 'month' | 'week', rows: [string, number][]) {
  expect((await boardOf(who, period)).rows).toEqual(rows);
  await createLeaderboardService({ db: test.ctx.db, clock: test.ctx.clock }).maintain();
  expect((await boardOf(who, period)).rows).toEqual(rows);
}

const lastAudit = async (action: string, userId: string) =>
  (
    await test.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, userId)))
      .orderBy(desc(auditLog.at))
      .limit(1)
  )[0];

describe('the console: awarding and deducting points', () => {
  it('awards points with a reason: history, total, every board of now, a notification and the audit row', async () => {
    const ada = await newLearner();
    const bob = await newLearner();
    await award(ada, 40, T0);
    await award(bob, 30, T0);
    const response = await call('POST', '/api/admin/scoreboard/adjustments/', {
      username: bob.user.username,
      points: 25,
      reason: 'Found a bug in the web challenge',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: bob.user.username, points: 25, total_before: 30, total_after: 55 });
    expect(await pointsOf(test.ctx.db, bob.user.id)).toBe(55);
    expect(await ledgerOf(test.ctx.db, bob.user.id)).toContainEqual(
      expect.objectContaining({
        points: 25,
        sourceType: 'adjustment',
        reason: 'Awarded by an operator: Found a bug in the web challenge',
      }),
    );
    for (const period of ['all', 'month', 'week'] as const) {
      await expectBoard(ada, period, [
        [bob.user.username, 55],
        [ada.user.username, 40],
      ]);
    }
    const history = await get(test.ctx.app, bob, '/api/points/pointshistory/');
    expect(history.json().results[0]).toMatchObject({ points: 25, source_type: 'adjustment' });
    expect(await notificationsOf(test.ctx.db, bob.user.id)).toContainEqual(
      expect.objectContaining({
        title: 'Points awarded',
        message: 'An operator awarded you 25 points: Found a bug in the web challenge',
      }),
    );
    expect(await lastAudit('scoreboard.adjust_points', bob.user.id)).toMatchObject({
      actorId: test.staff.id,
      targetLabel: bob.user.username,
      before: { points: 30 },
      after: { points: 55, change: 25, reason: 'Found a bug in the web challenge' },
    });
  });

  it('deducts from the total and from this month and week, a period never below zero, ranks exact', async () => {
    const ada = await newLearner();
    const bob = await newLearner();
    await award(ada, 100, days(-40)); // two months ago: all time only
    await award(ada, 10, T0);
    await award(bob, 60, new Date(T0.getTime() + 60_000));
    const response = await call('POST', '/api/admin/scoreboard/adjustments/', {
      username: ada.user.username,
      points: -50,
      reason: 'Shared flags',
    });
    expect(response.json()).toEqual({ username: ada.user.username, points: -50, total_before: 110, total_after: 60 });
    // All time: 60 each, ada first: a deduction keeps the time she last gained points (before bob's award).
    await expectBoard(ada, 'all', [
      [ada.user.username, 60],
      [bob.user.username, 60],
    ]);
    // This week ada had 10: she leaves the week's board rather than going below zero.
    await expectBoard(ada, 'week', [[bob.user.username, 60]]);
    expect((await boardOf(ada, 'week')).me).toEqual({ rank: null, points: 0 });
    expect((await boardOf(bob, 'all')).me).toEqual({ rank: 2, points: 60 });
    expect(await notificationsOf(test.ctx.db, ada.user.id)).toContainEqual(
      expect.objectContaining({
        title: 'Points deducted',
        message: 'An operator deducted 50 points: Shared flags',
        link: '/dashboard',
      }),
    );
  });

  it('refuses what cannot be done with a clear 4xx and changes nothing', async () => {
    const ada = await newLearner();
    await award(ada, 20, T0);
    const cases: [object, number, unknown][] = [
      [
        { username: ada.user.username, points: -21, reason: 'Too much' },
        409,
        { detail: SCOREBOARD_MESSAGES.tooFew(20) },
      ],
      [
        { username: ada.user.username, points: 0, reason: 'Nothing' },
        400,
        { points: [SCOREBOARD_MESSAGES.zeroPoints] },
      ],
      [
        { username: ada.user.username, points: 1.5, reason: 'Half' },
        400,
        { points: ['Enter a whole number of points.'] },
      ],
      [{ username: ada.user.username, points: 5, reason: 'x' }, 400, { reason: [SCOREBOARD_MESSAGES.reason] }],
      [
        { username: ada.user.username, points: 200_000, reason: 'Lots' },
        400,
        { points: ['Award at most 100000 points at once.'] },
      ],
      [{ username: 'nobody-here', points: 5, reason: 'Who?' }, 404, { detail: 'No user named "nobody-here".' }],
    ];
    for (const [body, status, answerBody] of cases) {
      const response = await call('POST', '/api/admin/scoreboard/adjustments/', body);
      expect([body, response.statusCode, response.json()]).toEqual([
        body,
        status,
        expect.objectContaining(answerBody as object),
      ]);
    }
    expect(await pointsOf(test.ctx.db, ada.user.id)).toBe(20);
    expect(await lastAudit('scoreboard.adjust_points', ada.user.id)).toBeUndefined();
  });
});

describe('the console: removing a learner’s solves', () => {
  it('removes a challenge solve where it was earned: points, boards of its week, completion; taken back once', async () => {
    const challenge = await createChallenge(test.ctx.db);
    let ada = await newLearner();
    const bob = await newLearner();
    await solveAll(test.ctx.app, ada, challenge);
    const completion = (await get(test.ctx.app, ada, `/api/challenges/${challenge.id}/`)).json().completion_id;
    await award(bob, 20, T0);

    // A week later, with the solve in last week's board.
    test.ctx.clock.set(days(8));
    await award(ada, 5, days(8));
    const solves = await call('GET', `/api/admin/scoreboard/solves/?username=${ada.user.username}`);
    expect(solves.json()).toMatchObject({
      username: ada.user.username,
      points: challenge.points + 5,
      results: [{ kind: 'challenge', id: challenge.id, title: challenge.title, points: challenge.points }],
    });

    const response = await call('POST', '/api/admin/scoreboard/removals/', {
      username: ada.user.username,
      kind: 'challenge',
      id: challenge.id,
      reason: 'The flag was posted online',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: ada.user.username,
      title: challenge.title,
      points_removed: challenge.points,
      total_after: 5,
    });
    expect(await pointsOf(test.ctx.db, ada.user.id)).toBe(5);
    await expectBoard(bob, 'all', [
      [bob.user.username, 20],
      [ada.user.username, 5],
    ]);
    // This week keeps ada's 5; last week's board loses the solve's points (she had nothing else there).
    await expectBoard(bob, 'week', [[ada.user.username, 5]]);
    const lastWeek = await test.ctx.db
      .select()
      .from(leaderboardScores)
      .where(eq(leaderboardScores.periodKey, periodKey('week', T0)));
    expect(lastWeek.map((row) => [row.userId, row.points])).toEqual([[bob.user.id, 20]]);

    expect((await stepProgressOf(test.ctx.db, ada.user.id, challenge.steps[0]!.id))?.solvedAt).toBeNull();
    expect((await get(test.ctx.app, null, `/api/challenges/completed_challenge/${completion}/`)).statusCode).toBe(404);
    expect(await notificationsOf(test.ctx.db, ada.user.id)).toContainEqual(
      expect.objectContaining({
        title: 'Solve removed',
        message: `An operator removed your solve of "${challenge.title}" and the ${challenge.points} points it earned: The flag was posted online`,
        link: `/challenges/${challenge.id}`,
      }),
    );
    expect(await lastAudit('scoreboard.remove_solves', ada.user.id)).toMatchObject({
      before: { points: challenge.points + 5, challenge: challenge.title, item_id: challenge.id },
      after: { points: 5, points_removed: challenge.points, reason: 'The flag was posted online' },
    });

    // The ledger is append-only: the awards stay, and one row takes them back, in the learner's history.
    const ledger = await ledgerOf(test.ctx.db, ada.user.id);
    expect(ledger.filter((row) => row.sourceType === 'challenge_step')).toHaveLength(challenge.steps.length);
    expect(ledger).toContainEqual({
      points: -challenge.points,
      sourceType: 'adjustment',
      sourceId: `removed:challenge:${challenge.id}`,
      reason: `Solve removed: ${challenge.title}: The flag was posted online`,
    });

    // Solved again, it completes, but an item is awarded once: nothing more to earn, nor to take back.
    ada = await fresh(ada);
    expect((await start(test.ctx.app, ada, challenge.id)).statusCode).toBeLessThan(300);
    expect((await answer(test.ctx.app, ada, challenge.id, 1, challenge.steps[0]!.answers[0])).json()).toMatchObject({
      correct: true,
      points_awarded: 0,
    });
    const listed = await call('GET', `/api/admin/scoreboard/solves/?username=${ada.user.username}`);
    expect(listed.json().results).toEqual([expect.objectContaining({ id: challenge.id, points: 0 })]);
    const again = await call('POST', '/api/admin/scoreboard/removals/', {
      username: ada.user.username,
      kind: 'challenge',
      id: challenge.id,
      reason: 'Removed twice',
    });
    expect(again.json()).toMatchObject({ points_removed: 0, total_after: 5 });
    expect(await pointsOf(test.ctx.db, ada.user.id)).toBe(5);
  });

  it('removes a quiz solve and its points; the module completion and its bonus stay', async () => {
    const course = await createCourse(test.ctx.db, { modules: [{ items: [{ kind: 'quiz', points: 10 }] }] });
    const quiz = course.modules[0]!.quizzes[0]!;
    const ada = await newLearner();
    await enrollCourse(test.ctx.db, ada.user.id, course);
    expect((await submitAnswer(test.ctx.app, ada, quiz.id, quiz.answers[0]!)).json()).toMatchObject({ correct: true });
    const before = await pointsOf(test.ctx.db, ada.user.id);
    const response = await call('POST', '/api/admin/scoreboard/removals/', {
      username: ada.user.username,
      kind: 'quiz',
      id: quiz.id,
      reason: 'Answer shared in the forum',
    });
    expect(response.json()).toMatchObject({ points_removed: 10, total_after: before - 10 });
    expect((await progressOf(test.ctx.db, ada.user.id, quiz.id))?.completedAt).toBeNull();
    expect((await boardOf(ada, 'all')).me).toEqual({ rank: 1, points: before - 10 });
  });

  it('answers 400 when the learner has no solve of the item, and 400 for a bad id', async () => {
    const challenge = await createChallenge(test.ctx.db);
    const ada = await newLearner();
    const none = await call('POST', '/api/admin/scoreboard/removals/', {
      username: ada.user.username,
      kind: 'challenge',
      id: challenge.id,
      reason: 'Just in case',
    });
    expect([none.statusCode, none.json().detail]).toEqual([400, SCOREBOARD_MESSAGES.noSolves]);
    const bad = await call('POST', '/api/admin/scoreboard/removals/', {
      username: ada.user.username,
      kind: 'lesson',
      id: 'nope',
      reason: 'Bad',
    });
    expect(bad.statusCode).toBe(400);
    expect(await lastAudit('scoreboard.remove_solves', ada.user.id)).toBeUndefined();
  });
});
