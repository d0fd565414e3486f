import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANONYMOUS_LEARNER, CHALLENGE_MESSAGES, DEFAULT_PUBLIC_PROFILE_SETTINGS } from '@bastion/contract';
import { challengeAttempts, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { attemptOf, createChallenge, type FixtureChallenge } from '../../../test/challenge-fixtures.ts';
import {
  answer,
  expectNoSecrets,
  get,
  hint,
  learner,
  NOT_A_UUID,
  solveAll,
  start,
  UNKNOWN_ID,
  type Learner,
} from '../../../test/challenge-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = (options: Parameters<typeof learner>[2] = {}) => learner(ctx.app, ctx.db, options);
const make = (spec: FixtureChallenge = {}) => createChallenge(ctx.db, spec);
const progressOf = (who: Learner | null, id: string) => get(ctx.app, who, `/api/challenges/${id}/progress/`);
const boardOf = (who: Learner | null, id: string) => get(ctx.app, who, `/api/challenges/${id}/leaderboard/`);

/** A completed attempt written straight into the table, for ordering tests. */
async function completedAttempt(
  who: Learner,
  challengeId: string,
  values: { points: number; seconds: number; completedAt: string; firstBlood?: boolean },
) {
  const completedAt = new Date(values.completedAt);
  const [row] = await ctx.db
    .insert(challengeAttempts)
    .values({
      userId: who.user.id,
      challengeId,
      startedAt: new Date(completedAt.getTime() - values.seconds * 1000),
      completedAt,
      pointsEarned: values.points,
      firstBlood: values.firstBlood ?? false,
    })
    .returning({ id: challengeAttempts.id });
  return row!.id;
}

describe('GET /api/challenges/{id}/progress/', () => {
  it('answers a not_started shape before the start', async () => {
    const challenge = await make({ steps: [{}, {}] });
    const res = await progressOf(await signedIn(), challenge.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      started_at: null,
      completed_at: null,
      status: 'not_started',
      points_earned: 0,
      hints_used: 0,
      steps: [
        { order: 1, title: 'Step 1', solved: false, solved_at: null, points_awarded: 0, hint_used: false },
        { order: 2, title: 'Step 2', solved: false, solved_at: null, points_awarded: 0, hint_used: false },
      ],
      rank: null,
      time_taken_seconds: null,
    });
  });

  it('follows the run: in progress with points so far, then completed with rank and time taken', async () => {
    const challenge = await make({ steps: [{ points: 10, hintCost: 4 }, { points: 20 }] });
    const me = await signedIn();
    const { started_at } = (await start(ctx.app, me, challenge.id)).json();
    await hint(ctx.app, me, challenge.id, 1);
    await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    const during = await progressOf(me, challenge.id);
    expect(during.json()).toMatchObject({
      started_at,
      completed_at: null,
      status: 'in_progress',
      points_earned: 6,
      hints_used: 1,
      rank: null,
      time_taken_seconds: null,
    });
    expect(during.json().steps[0]).toMatchObject({ solved: true, points_awarded: 6, hint_used: true });
    expect(during.json().steps[0].solved_at).toEqual(expect.any(String));
    expectNoSecrets(during, challenge, [1]);

    ctx.clock.advance(90_000);
    await answer(ctx.app, me, challenge.id, 2, challenge.steps[1]!.answers[0]);
    const after = (await progressOf(me, challenge.id)).json();
    expect(after).toMatchObject({ status: 'completed', points_earned: 26, hints_used: 1, rank: 1 });
    expect(after.time_taken_seconds).toBeGreaterThanOrEqual(90);
    expect(after.time_taken_seconds).toBeLessThan(120);
    expect(after.completed_at).toEqual(expect.any(String));
  });

  it('ranks a completion among the solvers in leaderboard order', async () => {
    const challenge = await make();
    const ahead = await signedIn();
    await completedAttempt(ahead, challenge.id, { points: 30, seconds: 10, completedAt: '2026-01-01T10:00:00Z' });
    const me = await signedIn();
    await completedAttempt(me, challenge.id, { points: 30, seconds: 20, completedAt: '2026-01-01T09:00:00Z' });
    const behind = await signedIn();
    await completedAttempt(behind, challenge.id, { points: 27, seconds: 5, completedAt: '2026-01-01T08:00:00Z' });
    expect((await progressOf(me, challenge.id)).json().rank).toBe(2);
    expect((await progressOf(behind, challenge.id)).json().rank).toBe(3);
    expect((await progressOf(ahead, challenge.id)).json()).toMatchObject({ rank: 1, time_taken_seconds: 10 });
  });

  it('answers 403 on a premium challenge the free learner never started, and 404/401 as usual', async () => {
    const premium = await make({ access: 'premium' });
    const me = await signedIn();
    const res = await progressOf(me, premium.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: CHALLENGE_MESSAGES.premiumRequired });
    // A run made while premium stays visible after the premium lapsed.
    const lapsed = await signedIn({ premium: true });
    await start(ctx.app, lapsed, premium.id);
    await ctx.db.update(users).set({ isPremium: false }).where(eq(users.id, lapsed.user.id));
    expect((await progressOf(lapsed, premium.id)).json().status).toBe('in_progress');
    const hidden = await make({ hidden: true });
    for (const id of [hidden.id, UNKNOWN_ID, ...NOT_A_UUID])
      expect((await progressOf(me, id)).statusCode, id).toBe(404);
    expect((await progressOf(null, premium.id)).statusCode).toBe(401);
  });
});

describe('GET /api/challenges/{id}/leaderboard/', () => {
  it('orders by points, then time taken, then completion time, and counts every solve', async () => {
    const challenge = await make();
    const [slow, fast, early, late, low, unfinished, gone] = await Promise.all(
      Array.from({ length: 7 }, () => signedIn()),
    );
    await completedAttempt(slow!, challenge.id, { points: 30, seconds: 600, completedAt: '2026-01-02T00:00:00Z' });
    await completedAttempt(fast!, challenge.id, {
      points: 30,
      seconds: 60,
      completedAt: '2026-01-03T00:00:00Z',
      firstBlood: true,
    });
    await completedAttempt(late!, challenge.id, { points: 30, seconds: 300, completedAt: '2026-01-05T00:00:00Z' });
    await completedAttempt(early!, challenge.id, { points: 30, seconds: 300, completedAt: '2026-01-04T00:00:00Z' });
    await completedAttempt(low!, challenge.id, { points: 20, seconds: 1, completedAt: '2026-01-01T00:00:00Z' });
    await start(ctx.app, unfinished!, challenge.id);
    await completedAttempt(gone!, challenge.id, { points: 30, seconds: 1, completedAt: '2026-01-01T00:00:00Z' });
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone!.user.id));

    const res = await boardOf(await signedIn(), challenge.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_solves).toBe(5);
    expect(body.results.map((row: { username: string }) => row.username)).toEqual(
      [fast, early, late, slow, low].map((who) => who!.user.username),
    );
    expect(body.results.map((row: { rank: number }) => row.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(body.results[0]).toEqual({
      rank: 1,
      username: fast!.user.username,
      photo: null,
      country: 'GB',
      points: 30,
      time_taken_seconds: 60,
      completed_at: '2026-01-03T00:00:00.000Z',
      first_blood: true,
    });
    expect(body.results[1]).toMatchObject({ time_taken_seconds: 300, completed_at: '2026-01-04T00:00:00.000Z' });
    expect(res.body).not.toContain('@example.test');
  });

  it('keeps the top 50', async () => {
    const challenge = await make();
    const solvers = await Promise.all(Array.from({ length: 52 }, () => signedIn()));
    for (const [index, solver] of solvers.entries()) {
      await completedAttempt(solver, challenge.id, {
        points: 30,
        seconds: 100 + index,
        completedAt: '2026-02-01T00:00:00Z',
      });
    }
    const body = (await boardOf(solvers[0]!, challenge.id)).json();
    expect(body.total_solves).toBe(52);
    expect(body.results).toHaveLength(50);
    expect(body.results[49]).toMatchObject({ rank: 50, username: solvers[49]!.user.username });
  });

  it('shows a solver whose public profile is off anonymously, but to that solver, and keeps their rank', async () => {
    const challenge = await make();
    const open = await signedIn();
    const hidden = await signedIn({
      photoId: '00000000-0000-4000-8000-0000000000a1',
      publicProfile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, is_public: false },
    });
    await completedAttempt(hidden, challenge.id, { points: 30, seconds: 60, completedAt: '2026-02-01T00:00:00Z' });
    await completedAttempt(open, challenge.id, { points: 20, seconds: 60, completedAt: '2026-02-01T00:00:00Z' });

    const seenByOther = await boardOf(open, challenge.id);
    expect(seenByOther.json()).toMatchObject({
      total_solves: 2,
      results: [
        { rank: 1, username: null, photo: null, points: 30 },
        { rank: 2, username: open.user.username, points: 20 },
      ],
    });
    expect(seenByOther.body).not.toContain(hidden.user.username);
    expect(seenByOther.body).not.toContain('/media/avatars/');
    const seenBySelf = (await boardOf(hidden, challenge.id)).json();
    expect(seenBySelf.results[0]).toMatchObject({
      rank: 1,
      username: hidden.user.username,
      photo: '/media/avatars/00000000-0000-4000-8000-0000000000a1.webp',
    });
  });

  it('is readable for a locked premium challenge, and answers 404/401 as usual', async () => {
    const premium = await make({ access: 'premium' });
    const me = await signedIn();
    expect((await boardOf(me, premium.id)).json()).toEqual({ results: [], total_solves: 0 });
    const hidden = await make({ hidden: true });
    for (const id of [hidden.id, UNKNOWN_ID, ...NOT_A_UUID]) expect((await boardOf(me, id)).statusCode, id).toBe(404);
    expect((await boardOf(null, premium.id)).statusCode).toBe(401);
  });
});

describe('GET /api/challenges/history/', () => {
  it('pages the learner’s attempts, newest first, 10 by default', async () => {
    const me = await signedIn();
    const made = [];
    for (let i = 0; i < 12; i += 1) {
      const challenge = await make({ steps: [{ points: 5 }] });
      made.push(challenge);
      await start(ctx.app, me, challenge.id);
      ctx.clock.advance(1_000);
    }
    await answer(ctx.app, me, made[11]!.id, 1, made[11]!.steps[0]!.answers[0]);
    const someoneElse = await signedIn();
    await start(ctx.app, someoneElse, made[0]!.id);

    const first = await get(ctx.app, me, '/api/challenges/history/');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(12);
    expect(body.results).toHaveLength(10);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('/api/challenges/history/?page=2');
    const newest = body.results[0];
    const attempt = await attemptOf(ctx.db, me.user.id, made[11]!.id);
    expect(newest).toEqual({
      id: attempt!.id,
      challenge: { id: made[11]!.id, title: made[11]!.title, category: 'web', difficulty: 'easy', points: 5 },
      status: 'completed',
      started_at: attempt!.startedAt.toISOString(),
      completed_at: attempt!.completedAt!.toISOString(),
      points_earned: 5,
      hints_used: 0,
      first_blood: true,
      time_taken_seconds: expect.any(Number),
    });
    expect(body.results[1]).toMatchObject({ status: 'in_progress', completed_at: null, time_taken_seconds: null });
    expectNoSecrets(first, made[11]!);

    const second = (await get(ctx.app, me, '/api/challenges/history/?page=2&page_size=10')).json();
    expect(second.results.map((item: { challenge: { id: string } }) => item.challenge.id)).toEqual([
      made[1]!.id,
      made[0]!.id,
    ]);
    const sized = (await get(ctx.app, me, '/api/challenges/history/?page_size=5&page=3')).json();
    expect(sized.results).toHaveLength(2);
  });

  it('answers an empty first page, 404 past the end, 400 for bad paging, 401 anonymous', async () => {
    const me = await signedIn();
    expect((await get(ctx.app, me, '/api/challenges/history/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await get(ctx.app, me, '/api/challenges/history/?page=2')).statusCode).toBe(404);
    const bad = await get(ctx.app, me, '/api/challenges/history/?page=0&page_size=500');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['page', 'page_size']);
    expect((await get(ctx.app, null, '/api/challenges/history/')).statusCode).toBe(401);
  });
});

describe('GET /api/challenges/completed_challenge/{id}/', () => {
  it('shows a completion publicly, without the email', async () => {
    const challenge = await make({ category: 'forensics', difficulty: 'medium', steps: [{ points: 12 }] });
    const me = await signedIn({ firstName: 'Grace', lastName: 'Hopper' });
    const { completion_id } = (await solveAll(ctx.app, me, challenge)).json();
    const res = await get(ctx.app, null, `/api/challenges/completed_challenge/${completion_id}/`);
    expect(res.statusCode).toBe(200);
    const attempt = await attemptOf(ctx.db, me.user.id, challenge.id);
    expect(res.json()).toEqual({
      id: completion_id,
      user: { username: me.user.username, full_name: 'Grace Hopper', photo: null },
      challenge: { id: challenge.id, title: challenge.title, category: 'forensics', difficulty: 'medium', points: 12 },
      completed_at: attempt!.completedAt!.toISOString(),
      points_earned: 12,
      time_taken_seconds: expect.any(Number),
      first_blood: true,
    });
    expect(res.body).not.toContain(me.user.email);
    expectNoSecrets(res, challenge);
  });

  it('does not name a solver whose public profile is off', async () => {
    const challenge = await make({ steps: [{ points: 12 }] });
    const me = await signedIn({
      firstName: 'Hedy',
      lastName: 'Lamarr',
      photoId: '00000000-0000-4000-8000-0000000000b2',
      publicProfile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, is_public: false },
    });
    const { completion_id } = (await solveAll(ctx.app, me, challenge)).json();
    const res = await get(ctx.app, null, `/api/challenges/completed_challenge/${completion_id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { username: null, full_name: ANONYMOUS_LEARNER, photo: null },
      challenge: { id: challenge.id },
      points_earned: 12,
    });
    for (const secret of [me.user.username, 'Hedy', 'Lamarr', '/media/avatars/'])
      expect(res.body).not.toContain(secret);
  });

  it('answers 404 for an unfinished attempt, a deactivated account, unknown and malformed ids', async () => {
    const challenge = await make({ steps: [{}] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const unfinished = await attemptOf(ctx.db, me.user.id, challenge.id);
    const gone = await signedIn();
    const { completion_id } = (await solveAll(ctx.app, gone, challenge)).json();
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    for (const id of [unfinished!.id, completion_id, challenge.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      const res = await get(ctx.app, null, `/api/challenges/completed_challenge/${id}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
