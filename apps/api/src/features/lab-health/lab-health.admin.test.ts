import { describe, expect, it } from 'vitest';
import { LAB_HEALTH_LIMITS, type LabHealth } from '@bastion/contract';
import { labStarts, type TerminalContent } from '@bastion/db';
import { consoleTest } from '../../../test/staff.ts';
import { createFreeCourse } from '../../../test/learning-fixtures.ts';
import { createChallenge } from '../../../test/challenge-fixtures.ts';
import { learner } from '../../../test/learning-api.ts';

const test = consoleTest();
const TERMINAL: TerminalContent = { hostname: 'lab', user: 'student', cwd: '/home/student', entries: [], files: {} };
const DAY_MS = 86_400_000;

async function health(query = ''): Promise<LabHealth> {
  const response = await test.call('GET', `/api/admin/labs/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/labs/', () => {
  it('charts start times (median, p90) and failures per day, kind, browser and lab, and ranks the labs', async () => {
    const { ctx } = test;
    const who = await learner(ctx.app, ctx.db);
    const course = await createFreeCourse(ctx.db, {
      modules: [{ items: [{ kind: 'quiz', title: 'Grep the logs', answers: ['a'], terminal: TERMINAL }] }],
    });
    const quizId = course.modules[0]!.quizzes[0]!.id;
    const challenge = await createChallenge(ctx.db, { title: 'Crumbs', lab: { files: {} } });
    const today = ctx.clock.now();
    const yesterday = new Date(today.getTime() - DAY_MS);
    const start = (at: Date, itemId: string, kind: string, durationMs: number, failed?: [string, string]) => ({
      at,
      userId: who.user.id,
      itemType: itemId === quizId ? 'quiz' : 'challenge',
      itemId,
      kind,
      outcome: failed ? 'failed' : 'ok',
      durationMs,
      stage: failed?.[0] ?? null,
      reason: failed?.[1] ?? null,
      browser: kind === 'cold' ? 'firefox' : 'chromium',
    });
    await ctx.db.insert(labStarts).values([
      ...[1000, 2000, 3000, 4000, 10_000].map((ms) => start(today, quizId, 'warm', ms)),
      start(yesterday, quizId, 'cold', 40_000),
      start(yesterday, challenge.id, 'first', 9000),
      start(today, challenge.id, 'first', 12_000, ['setting-up', 'setup']),
      start(today, challenge.id, 'cold', 3000, ['booting', 'memory']),
      start(today, quizId, 'reset', 5000, ['restoring', 'stalled']),
      // Before the period: in no figure.
      start(new Date(today.getTime() - 8 * DAY_MS), quizId, 'warm', 99_000),
    ]);

    const week = await health('days=7');
    expect(week).toMatchObject({ days: 7, kind: null, kept_days: LAB_HEALTH_LIMITS.keptDays });
    expect(week.totals).toEqual({ starts: 10, failures: 3, median_ms: 4000, p90_ms: 22_000 });
    expect(week.per_day).toHaveLength(7);
    expect(week.per_day.slice(-2)).toEqual([
      { day: yesterday.toISOString().slice(0, 10), starts: 2, failures: 0, median_ms: 24_500, p90_ms: 36_900 },
      { day: today.toISOString().slice(0, 10), starts: 8, failures: 3, median_ms: 3000, p90_ms: 7600 },
    ]);
    expect(week.per_day[0]).toMatchObject({ starts: 0, failures: 0, median_ms: null, p90_ms: null });
    expect(week.per_kind).toEqual([
      { kind: 'cold', starts: 2, failures: 1, median_ms: 40_000, p90_ms: 40_000 },
      { kind: 'first', starts: 2, failures: 1, median_ms: 9000, p90_ms: 9000 },
      { kind: 'reset', starts: 1, failures: 1, median_ms: null, p90_ms: null },
      { kind: 'warm', starts: 5, failures: 0, median_ms: 3000, p90_ms: 7600 },
    ]);
    expect(week.per_browser.map((row) => [row.browser, row.starts])).toEqual([
      ['chromium', 8],
      ['firefox', 2],
    ]);
    expect(week.failures).toEqual([
      { stage: 'booting', reason: 'memory', count: 1 },
      { stage: 'restoring', reason: 'stalled', count: 1 },
      { stage: 'setting-up', reason: 'setup', count: 1 },
    ]);
    expect(week.labs.map((lab) => [lab.item.title, lab.starts, lab.failures])).toEqual([
      ['Crumbs', 3, 2],
      ['Grep the logs', 7, 1],
    ]);
    expect(week.slowest.map((lab) => [lab.item.title, lab.p90_ms])).toEqual([
      ['Grep the logs', 25_000],
      ['Crumbs', 9000],
    ]);
    expect(week.most_failing.map((lab) => lab.item.title)).toEqual(['Crumbs', 'Grep the logs']);
    expect(week.most_failing[0]).toMatchObject({
      item: { type: 'challenge', id: challenge.id },
      last_failure: { stage: expect.any(String), reason: expect.any(String), at: today.toISOString() },
    });

    // One kind only.
    const warm = await health('days=30&kind=warm');
    expect(warm.kind).toBe('warm');
    expect(warm.totals).toEqual({ starts: 6, failures: 0, median_ms: 3500, p90_ms: 54_500 });
    expect(warm.labs.map((lab) => lab.item.id)).toEqual([quizId]);
  });

  it('refuses a period or kind it does not chart, with a 400', async () => {
    for (const query of ['days=14', 'days=abc', 'days=-7', 'kind=lukewarm', 'kind=WARM']) {
      const response = await test.call('GET', `/api/admin/labs/?${query}`);
      expect([query, response.statusCode]).toEqual([query, 400]);
    }
  });
});
