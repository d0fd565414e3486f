import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_HEALTH_LIMITS, LAB_HEALTH_MESSAGES, MESSAGES, type LabStartReport } from '@bastion/contract';
import { labStarts, type TerminalContent } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createFreeCourse } from '../../../test/learning-fixtures.ts';
import { call, learner, UNKNOWN_ID, type Learner } from '../../../test/learning-api.ts';
import { createChallenge } from '../../../test/challenge-fixtures.ts';

const TOKEN = 'a-long-random-scrape-token-0123456789';
const TERMINAL: TerminalContent = { hostname: 'lab', user: 'student', cwd: '/home/student', entries: [], files: {} };
const DAY_MS = 86_400_000;

let ctx: TestContext;
let ada: Learner;
let quizId: string;
let plainQuizId: string;
let hiddenQuizId: string;
let challengeId: string;
let filesOnlyChallengeId: string;
let bareChallengeId: string;
let hiddenChallengeId: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_LAB_REPORT: '5/1h' } });
  ada = await learner(ctx.app, ctx.db);
  const course = await createFreeCourse(ctx.db, {
    modules: [
      {
        items: [
          { kind: 'quiz', title: 'Lab quiz', answers: ['a'], terminal: TERMINAL },
          { kind: 'quiz', title: 'Plain quiz', answers: ['a'] },
          { kind: 'quiz', title: 'Hidden lab quiz', answers: ['a'], terminal: TERMINAL, hidden: true },
        ],
      },
    ],
  });
  [quizId, plainQuizId, hiddenQuizId] = course.modules[0]!.quizzes.map((quiz) => quiz.id) as [string, string, string];
  challengeId = (await createChallenge(ctx.db, { lab: { files: {} } })).id;
  const file = { name: 'notes.txt', url: '/media/challenges/notes.txt', size: 5, sha256: 'a'.repeat(64) };
  filesOnlyChallengeId = (await createChallenge(ctx.db, { attachments: [file] })).id;
  bareChallengeId = (await createChallenge(ctx.db)).id;
  hiddenChallengeId = (await createChallenge(ctx.db, { lab: { files: {} }, hidden: true })).id;
});
afterAll(() => ctx.close());

const report = (overrides: Partial<LabStartReport> = {}): LabStartReport => ({
  item_type: 'quiz',
  item_id: quizId,
  kind: 'warm',
  outcome: 'ok',
  duration_ms: 1800,
  browser: 'chromium',
  ...overrides,
});
/** Each learner may send few reports (5 an hour here): a fresh learner per check. */
const send = async (body: unknown, who?: Learner | null) =>
  call(ctx.app, who === undefined ? await learner(ctx.app, ctx.db) : who, 'POST', '/api/labs/starts/', body);

describe('POST /api/labs/starts/', () => {
  it('keeps a signed-in learner’s report of a lab start, with nothing of them but their id', async () => {
    const response = await send(report({ kind: 'first', duration_ms: 7421, browser: 'firefox' }), ada);
    expect([response.statusCode, response.json()]).toEqual([201, { detail: 'Recorded.' }]);
    const rows = await ctx.db.select().from(labStarts).where(eq(labStarts.userId, ada.user.id));
    expect(rows).toEqual([
      {
        id: expect.any(String),
        at: expect.any(Date),
        userId: ada.user.id,
        itemType: 'quiz',
        itemId: quizId,
        kind: 'first',
        outcome: 'ok',
        durationMs: 7421,
        stage: null,
        reason: null,
        browser: 'firefox',
      },
    ]);
  });

  it('keeps a failed start with the stage it failed at and why', async () => {
    const who = await learner(ctx.app, ctx.db);
    const failed = report({ kind: 'cold', outcome: 'failed', stage: 'booting', reason: 'memory', duration_ms: 900 });
    expect((await send({ ...failed, item_type: 'challenge', item_id: challengeId }, who)).statusCode).toBe(201);
    const [row] = await ctx.db.select().from(labStarts).where(eq(labStarts.userId, who.user.id));
    expect(row).toMatchObject({ itemType: 'challenge', outcome: 'failed', stage: 'booting', reason: 'memory' });
  });

  it('takes a challenge whose lab is only its files', async () => {
    expect((await send(report({ item_type: 'challenge', item_id: filesOnlyChallengeId }))).statusCode).toBe(201);
  });

  it('is refused without a session, before the body is read', async () => {
    const response = await send({ nonsense: true }, null);
    expect([response.statusCode, response.json()]).toEqual([
      401,
      { detail: MESSAGES.notAuthenticated, code: 'not_authenticated' },
    ]);
  });

  it('refuses a report of an item without a lab, hidden or unknown', async () => {
    const cases: [LabStartReport['item_type'], string][] = [
      ['quiz', plainQuizId],
      ['quiz', hiddenQuizId],
      ['quiz', UNKNOWN_ID],
      ['quiz', challengeId],
      ['challenge', quizId],
      ['challenge', bareChallengeId],
      ['challenge', hiddenChallengeId],
    ];
    for (const [item_type, item_id] of cases) {
      const response = await send(report({ item_type, item_id }));
      expect([item_id, response.statusCode, response.json()]).toEqual([
        item_id,
        400,
        { item_id: [LAB_HEALTH_MESSAGES.unknownLab] },
      ]);
    }
    expect(await ctx.db.$count(labStarts, eq(labStarts.itemId, plainQuizId))).toBe(0);
  });

  it('refuses a report out of bounds with a 400, never a 500', async () => {
    const bad: unknown[] = [
      { ...report(), duration_ms: -1 },
      { ...report(), duration_ms: LAB_HEALTH_LIMITS.maxDurationMs + 1 },
      { ...report(), duration_ms: 12.5 },
      { ...report(), duration_ms: '100' },
      { ...report(), kind: 'lukewarm' },
      { ...report(), browser: 'Mozilla/5.0 (X11; Linux x86_64)' },
      { ...report(), item_id: 'not-a-uuid' },
      { ...report(), username: 'ada' },
      report({ outcome: 'failed' }),
      report({ outcome: 'failed', stage: 'booting' }),
      report({ stage: 'booting', reason: 'memory' }),
      report({ reason: 'memory' }),
      report({ outcome: 'failed', stage: 'running' as never, reason: 'other' }),
      [],
    ];
    for (const body of bad) {
      const response = await send(body);
      expect([body, response.statusCode]).toEqual([body, 400]);
    }
    const huge = await send({ ...report(), padding: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
  });

  it('limits each learner to LAB_REPORT reports a window, every report counted; another learner is not held up', async () => {
    const who = await learner(ctx.app, ctx.db);
    for (let sent = 0; sent < 4; sent++) expect((await send(report(), who)).statusCode).toBe(201);
    expect((await send({ ...report(), duration_ms: -1 }, who)).statusCode).toBe(400);
    const over = await send(report(), who);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx.db.$count(labStarts, eq(labStarts.userId, who.user.id))).toBe(4);
    expect((await send(report())).statusCode).toBe(201);
  });

  it('deletes reports past their keeping as new ones arrive', async () => {
    const old = new Date(ctx.clock.now().getTime() - (LAB_HEALTH_LIMITS.keptDays + 1) * DAY_MS);
    const recent = new Date(ctx.clock.now().getTime() - (LAB_HEALTH_LIMITS.keptDays - 1) * DAY_MS);
    const row = {
      userId: ada.user.id,
      itemType: 'quiz',
      itemId: quizId,
      kind: 'warm',
      outcome: 'ok',
      browser: 'other',
    };
    await ctx.db.insert(labStarts).values([
      { ...row, at: old, durationMs: 1 },
      { ...row, at: recent, durationMs: 2 },
    ]);
    // The instance prunes at most once an hour.
    ctx.clock.advance(3_600_000);
    expect((await send(report())).statusCode).toBe(201);
    const kept = await ctx.db.select({ durationMs: labStarts.durationMs }).from(labStarts);
    expect(kept.map((one) => one.durationMs)).toContain(2);
    expect(kept.map((one) => one.durationMs)).not.toContain(1);
  });

  it('gives Prometheus the starts per lab, kind and outcome, the failures per stage and the start times per kind', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics/',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = response.body;
    expect(text).toMatch(new RegExp(`bastion_lab_starts_total\\{lab="${quizId}",kind="first",outcome="ok"\\} 1`));
    expect(text).toMatch(
      new RegExp(`bastion_lab_start_failures_total\\{lab="${challengeId}",stage="booting",reason="memory"\\} 1`),
    );
    expect(text).toMatch(/bastion_lab_start_duration_seconds_bucket\{le="10",kind="first"\} 1/);
    expect(text).toMatch(/bastion_lab_start_duration_seconds_sum\{kind="first"\} 7.421/);
    // Refused reports are never a series: no unknown lab, no free text.
    expect(text).not.toContain(plainQuizId);
    expect(text).not.toContain(UNKNOWN_ID);
  });
});
