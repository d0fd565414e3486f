import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHALLENGE_MESSAGES } from '@bastion/contract';
import { challengeAttempts, pointsLedger } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { attemptOf, createChallenge, stepProgressOf, type FixtureChallenge } from '../../../test/challenge-fixtures.ts';
import {
  answer,
  expectNoSecrets,
  hint,
  learner,
  ledgerOf,
  NOT_A_UUID,
  notificationsOf,
  pointsOf,
  solveAll,
  start,
  UNKNOWN_ID,
} from '../../../test/challenge-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = (options: Parameters<typeof learner>[2] = {}) => learner(ctx.app, ctx.db, options);
const make = (spec: FixtureChallenge = {}) => createChallenge(ctx.db, spec);

describe('POST /api/challenges/{id}/start/', () => {
  it('creates the attempt with 201, then answers 200 with the same started_at', async () => {
    const challenge = await make();
    const me = await signedIn();
    const first = await start(ctx.app, me, challenge.id);
    expect(first.statusCode).toBe(201);
    const { started_at } = first.json();
    expect(new Date(started_at).toISOString()).toBe(started_at);
    ctx.clock.advance(5_000);
    const again = await start(ctx.app, me, challenge.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ started_at });
    const attempt = await attemptOf(ctx.db, me.user.id, challenge.id);
    expect(attempt).toMatchObject({ completedAt: null, pointsEarned: 0, hintsUsed: 0, firstBlood: false });
    expect(attempt!.startedAt.toISOString()).toBe(started_at);
  });

  it('starts once under 20 parallel requests', async () => {
    const challenge = await make();
    const me = await signedIn();
    const results = await Promise.all(Array.from({ length: 20 }, () => start(ctx.app, me, challenge.id)));
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(19);
    expect(new Set(results.map((res) => res.json().started_at)).size).toBe(1);
    const rows = await ctx.db
      .select()
      .from(challengeAttempts)
      .where(and(eq(challengeAttempts.userId, me.user.id), eq(challengeAttempts.challengeId, challenge.id)));
    expect(rows).toHaveLength(1);
  });

  it('answers 403 for premium content to a free learner, 404 for hidden/unknown/malformed, 401 anonymous', async () => {
    const premium = await make({ access: 'premium' });
    const me = await signedIn();
    const res = await start(ctx.app, me, premium.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: CHALLENGE_MESSAGES.premiumRequired });
    expect(await attemptOf(ctx.db, me.user.id, premium.id)).toBeUndefined();
    expect((await start(ctx.app, await signedIn({ premium: true }), premium.id)).statusCode).toBe(201);
    const hidden = await make({ hidden: true });
    for (const id of [hidden.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      expect((await start(ctx.app, me, id)).statusCode, id).toBe(404);
    }
    expect((await start(ctx.app, null, premium.id)).statusCode).toBe(401);
  });
});

describe('POST /api/challenges/{id}/step/{n}/', () => {
  it('awards a correct answer, step by step, and completes the challenge on the last one', async () => {
    const challenge = await make({ title: 'Night shift', steps: [{ points: 10 }, { points: 20 }] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);

    const first = await answer(ctx.app, me, challenge.id, 1, `  ${challenge.steps[0]!.answers[0]!.toUpperCase()} `);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      correct: true,
      detail: CHALLENGE_MESSAGES.correct,
      points_awarded: 10,
      challenge_completed: false,
      completion_id: null,
    });
    expectNoSecrets(first, challenge);
    const progress = await stepProgressOf(ctx.db, me.user.id, challenge.steps[0]!.id);
    expect(progress).toMatchObject({ pointsAwarded: 10, hintTakenAt: null });
    expect(progress!.solvedAt).toBeInstanceOf(Date);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(10);

    const last = await answer(ctx.app, me, challenge.id, 2, challenge.steps[1]!.answers[0]);
    const attempt = await attemptOf(ctx.db, me.user.id, challenge.id);
    expect(last.json()).toEqual({
      correct: true,
      detail: CHALLENGE_MESSAGES.completed,
      points_awarded: 20,
      challenge_completed: true,
      completion_id: attempt!.id,
    });
    expect(attempt).toMatchObject({ pointsEarned: 30, hintsUsed: 0, firstBlood: true });
    expect(attempt!.completedAt).toBeInstanceOf(Date);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(30);
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual(
      expect.arrayContaining([
        {
          points: 10,
          sourceType: 'challenge_step',
          sourceId: challenge.steps[0]!.id,
          reason: 'Challenge: Night shift, step 1',
        },
        {
          points: 20,
          sourceType: 'challenge_step',
          sourceId: challenge.steps[1]!.id,
          reason: 'Challenge: Night shift, step 2',
        },
      ]),
    );
    expect(await notificationsOf(ctx.db, me.user.id)).toContainEqual(
      expect.objectContaining({ title: 'Challenge completed', link: `/completion/challenge/${attempt!.id}` }),
    );
  });

  it('answers a repeat of a solved step as correct with nothing awarded', async () => {
    const challenge = await make({ steps: [{}, {}] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    const again = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      correct: true,
      detail: CHALLENGE_MESSAGES.alreadySolved,
      points_awarded: 0,
      challenge_completed: false,
      completion_id: null,
    });
    expect(await pointsOf(ctx.db, me.user.id)).toBe(10);
  });

  it('answers a wrong answer without awarding anything', async () => {
    const challenge = await make();
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const res = await answer(ctx.app, me, challenge.id, 1, 'flag{nope}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      correct: false,
      detail: CHALLENGE_MESSAGES.incorrect,
      points_awarded: 0,
      challenge_completed: false,
      completion_id: null,
    });
    expectNoSecrets(res, challenge);
    // Counted for the console's most missed steps, and nothing else.
    expect(await stepProgressOf(ctx.db, me.user.id, challenge.steps[0]!.id)).toMatchObject({
      solvedAt: null,
      pointsAwarded: null,
      wrongAttempts: 1,
    });
    expect(await pointsOf(ctx.db, me.user.id)).toBe(0);
  });

  it('accepts any accepted answer, honours case sensitivity, and matches stored patterns', async () => {
    const challenge = await make({
      steps: [
        { answers: ['10.0.0.5', '10.0.0.5/32'] },
        { answers: ['Tid3P00l#9'], caseSensitive: true },
        { answers: [], answerPatterns: ['flag\\{[0-9]{3}\\}', '(?i)token-[a-z]+'] },
      ],
    });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    expect((await answer(ctx.app, me, challenge.id, 1, '10.0.0.5/32')).json().correct).toBe(true);
    expect((await answer(ctx.app, me, challenge.id, 2, 'tid3p00l#9')).json().correct).toBe(false);
    expect((await answer(ctx.app, me, challenge.id, 2, ' Tid3P00l#9 ')).json().correct).toBe(true);
    // Patterns match the whole answer; a pattern without (?i) is case-sensitive.
    expect((await answer(ctx.app, me, challenge.id, 3, 'flag{12}')).json().correct).toBe(false);
    expect((await answer(ctx.app, me, challenge.id, 3, 'xflag{123}')).json().correct).toBe(false);
    expect((await answer(ctx.app, me, challenge.id, 3, 'FLAG{123}')).json().correct).toBe(false);
    const patterned = await answer(ctx.app, me, challenge.id, 3, 'TOKEN-abc');
    expect(patterned.json()).toMatchObject({ correct: true, challenge_completed: true });
  });

  it('judges patterns with RE2: a catastrophic pattern answers at once, one RE2 refuses matches nothing', async () => {
    const challenge = await make({
      steps: [{ answers: [], answerPatterns: ['flag\\{(\\w+\\s?)+\\}', '(\\w+)-\\1'] }],
    });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    // A backtracking RegExp needs about 2^32 steps for this answer: the server froze for 30 s.
    const stalling = await answer(ctx.app, me, challenge.id, 1, `flag{${'a'.repeat(32)}!`);
    expect(stalling.statusCode).toBe(200);
    expect(stalling.json()).toMatchObject({ correct: false });
    // A backreference stored before RE2 (CTFd imports re-check it) accepts nothing rather than failing.
    expect((await answer(ctx.app, me, challenge.id, 1, 'ab-ab')).json()).toMatchObject({ correct: false });
    expect((await answer(ctx.app, me, challenge.id, 1, 'flag{a b c}')).json()).toMatchObject({ correct: true });
  });

  it('answers 400 before the start and before the previous step is solved', async () => {
    const challenge = await make();
    const me = await signedIn();
    const early = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: CHALLENGE_MESSAGES.startFirst });
    await start(ctx.app, me, challenge.id);
    const skipped = await answer(ctx.app, me, challenge.id, 2, challenge.steps[1]!.answers[0]);
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json()).toEqual({ detail: CHALLENGE_MESSAGES.previousStepFirst });
    expect(await stepProgressOf(ctx.db, me.user.id, challenge.steps[1]!.id)).toBeUndefined();
  });

  it('answers 400 field errors for a blank, missing, too long or extra answer', async () => {
    const challenge = await make();
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const blank = await answer(ctx.app, me, challenge.id, 1, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ answer: ['This field may not be blank.'] });
    const long = await answer(ctx.app, me, challenge.id, 1, 'a'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ answer: ['Ensure this field has no more than 500 characters.'] });
    const wrongType = await answer(ctx.app, me, challenge.id, 1, 42);
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['answer']);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/challenges/${challenge.id}/step/1/`,
      headers: me.headers,
      payload: { flag: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ flag: ['Unknown field.'] });
  });

  it('answers 404 for a step that is not a positive integer or does not exist, and for bad challenge ids', async () => {
    const challenge = await make();
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    for (const n of ['0', '-1', '1.5', 'Step%201', 'abc', '01', '4', '99999999999999999999']) {
      const res = await answer(ctx.app, me, challenge.id, n, 'x');
      expect(res.statusCode, n).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const hidden = await make({ hidden: true });
    for (const id of [hidden.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      expect((await answer(ctx.app, me, id, 1, 'x')).statusCode, id).toBe(404);
    }
  });

  it('answers 403 on premium content for a free learner and 401 without a token', async () => {
    const challenge = await make({ access: 'premium' });
    const me = await signedIn();
    const res = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: CHALLENGE_MESSAGES.premiumRequired });
    expect((await answer(ctx.app, null, challenge.id, 1, 'x')).statusCode).toBe(401);
  });

  it('awards once when the same correct answer arrives 30 times in parallel', async () => {
    const challenge = await make({ steps: [{ points: 25 }, {}] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0])),
    );
    expect(results.every((res) => res.statusCode === 200 && res.json().correct === true)).toBe(true);
    expect(results.filter((res) => res.json().points_awarded === 25)).toHaveLength(1);
    expect(results.filter((res) => res.json().points_awarded === 0)).toHaveLength(29);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(25);
    const rows = await ctx.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, me.user.id), eq(pointsLedger.sourceId, challenge.steps[0]!.id)));
    expect(rows).toHaveLength(1);
  });

  it('completes once when the last step is answered 30 times in parallel', async () => {
    const challenge = await make({ steps: [{}] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0])),
    );
    expect(results.filter((res) => res.json().challenge_completed)).toHaveLength(1);
    const completions = (await notificationsOf(ctx.db, me.user.id)).filter((n) => n.title === 'Challenge completed');
    expect(completions).toHaveLength(1);
  });

  it('throttles wrong answers per learner and challenge with 429 and Retry-After', async () => {
    const challenge = await make({ steps: [{}, {}] });
    const other = await make();
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    await start(ctx.app, me, other.id);
    for (let i = 0; i < 10; i += 1) {
      expect((await answer(ctx.app, me, challenge.id, 1, `wrong-${i}`)).json().correct).toBe(false);
    }
    const limited = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: CHALLENGE_MESSAGES.answerThrottled });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The throttled answer was not judged: ten wrong ones counted, the step unsolved.
    expect(await stepProgressOf(ctx.db, me.user.id, challenge.steps[0]!.id)).toMatchObject({
      solvedAt: null,
      wrongAttempts: 10,
    });
    // Another challenge and another learner have their own budgets.
    expect((await answer(ctx.app, me, other.id, 1, 'wrong')).statusCode).toBe(200);
    const someoneElse = await signedIn();
    await start(ctx.app, someoneElse, challenge.id);
    expect((await answer(ctx.app, someoneElse, challenge.id, 1, 'wrong')).statusCode).toBe(200);
  });

  it('lets a correct answer clear the wrong-answer count', async () => {
    const challenge = await make({ steps: [{}, {}] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    for (let i = 0; i < 9; i += 1) await answer(ctx.app, me, challenge.id, 1, `wrong-${i}`);
    expect((await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0])).json().correct).toBe(true);
    for (let i = 0; i < 10; i += 1) {
      expect((await answer(ctx.app, me, challenge.id, 2, `wrong-${i}`)).statusCode).toBe(200);
    }
    expect((await answer(ctx.app, me, challenge.id, 2, 'wrong')).statusCode).toBe(429);
  });

  it('judges no more than 10 guesses of a parallel burst', async () => {
    const challenge = await make();
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => answer(ctx.app, me, challenge.id, 1, `guess-${i}`)),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(10);
    expect(results.filter((res) => res.statusCode === 429)).toHaveLength(15);
  });
});

describe('POST /api/challenges/{id}/step/{n}/hint/', () => {
  it('hands out the hint and deducts its cost from the step when solved', async () => {
    const challenge = await make({
      steps: [
        { points: 20, hintCost: 5 },
        { points: 10, hintCost: 4 },
      ],
    });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const res = await hint(ctx.app, me, challenge.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: CHALLENGE_MESSAGES.hintFetched,
      hint: challenge.steps[0]!.hint,
      hint_cost: 5,
    });
    expectNoSecrets(res, challenge, [1]);
    expect((await stepProgressOf(ctx.db, me.user.id, challenge.steps[0]!.id))!.hintTakenAt).toBeInstanceOf(Date);
    expect((await attemptOf(ctx.db, me.user.id, challenge.id))!.hintsUsed).toBe(1);
    // Nothing is deducted until the solve.
    expect(await pointsOf(ctx.db, me.user.id)).toBe(0);
    // Taking it again costs nothing more.
    expect((await hint(ctx.app, me, challenge.id, 1)).json().hint_cost).toBe(5);
    expect((await attemptOf(ctx.db, me.user.id, challenge.id))!.hintsUsed).toBe(1);

    const solved = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(solved.json().points_awarded).toBe(15);
    expect((await stepProgressOf(ctx.db, me.user.id, challenge.steps[0]!.id))!.pointsAwarded).toBe(15);
    const done = await answer(ctx.app, me, challenge.id, 2, challenge.steps[1]!.answers[0]);
    expect(done.json()).toMatchObject({ points_awarded: 10, challenge_completed: true });
    expect(await attemptOf(ctx.db, me.user.id, challenge.id)).toMatchObject({ pointsEarned: 25, hintsUsed: 1 });
    expect(await pointsOf(ctx.db, me.user.id)).toBe(25);
  });

  it('never takes a step below 0 points', async () => {
    const challenge = await make({ steps: [{ points: 5, hintCost: 8 }] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    await hint(ctx.app, me, challenge.id, 1);
    const res = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(res.json()).toMatchObject({ correct: true, points_awarded: 0, challenge_completed: true });
    expect(await pointsOf(ctx.db, me.user.id)).toBe(0);
    expect(await attemptOf(ctx.db, me.user.id, challenge.id)).toMatchObject({ pointsEarned: 0, hintsUsed: 1 });
  });

  it('costs nothing when taken after the step is solved', async () => {
    const challenge = await make({ steps: [{ points: 10, hintCost: 4 }, {}] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    const res = await hint(ctx.app, me, challenge.id, 1);
    expect(res.json()).toEqual({
      detail: CHALLENGE_MESSAGES.hintFetched,
      hint: challenge.steps[0]!.hint,
      hint_cost: 0,
    });
    expect((await stepProgressOf(ctx.db, me.user.id, challenge.steps[0]!.id))!.hintTakenAt).toBeNull();
    expect((await attemptOf(ctx.db, me.user.id, challenge.id))!.hintsUsed).toBe(0);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(10);
  });

  it('charges once under 30 parallel requests', async () => {
    const challenge = await make({ steps: [{ points: 20, hintCost: 6 }] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    const results = await Promise.all(Array.from({ length: 30 }, () => hint(ctx.app, me, challenge.id, 1)));
    expect(results.every((res) => res.statusCode === 200 && res.json().hint_cost === 6)).toBe(true);
    expect((await attemptOf(ctx.db, me.user.id, challenge.id))!.hintsUsed).toBe(1);
    const solved = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(solved.json().points_awarded).toBe(14);
  });

  it('answers 400 before the start and for a locked step', async () => {
    const challenge = await make();
    const me = await signedIn();
    const early = await hint(ctx.app, me, challenge.id, 1);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: CHALLENGE_MESSAGES.startFirst });
    await start(ctx.app, me, challenge.id);
    const locked = await hint(ctx.app, me, challenge.id, 2);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ detail: CHALLENGE_MESSAGES.previousStepFirst });
    expect(await stepProgressOf(ctx.db, me.user.id, challenge.steps[1]!.id)).toBeUndefined();
    expectNoSecrets(locked, challenge);
  });

  it('answers 403 on premium content, 404 for bad steps and ids, 401 anonymous', async () => {
    const premium = await make({ access: 'premium' });
    const me = await signedIn();
    const res = await hint(ctx.app, me, premium.id, 1);
    expect(res.statusCode).toBe(403);
    expectNoSecrets(res, premium);
    const challenge = await make();
    await start(ctx.app, me, challenge.id);
    for (const n of ['0', '4', 'x', '-2']) expect((await hint(ctx.app, me, challenge.id, n)).statusCode, n).toBe(404);
    for (const id of [UNKNOWN_ID, ...NOT_A_UUID]) expect((await hint(ctx.app, me, id, 1)).statusCode, id).toBe(404);
    expect((await hint(ctx.app, null, challenge.id, 1)).statusCode).toBe(401);
  });
});

describe('first blood', () => {
  it('goes to exactly one of several learners answering the last step in parallel', async () => {
    const challenge = await make({ steps: [{}, {}] });
    const racers = await Promise.all(Array.from({ length: 8 }, () => signedIn()));
    for (const racer of racers) {
      await start(ctx.app, racer, challenge.id);
      await answer(ctx.app, racer, challenge.id, 1, challenge.steps[0]!.answers[0]);
    }
    const results = await Promise.all(
      racers.map((racer) => answer(ctx.app, racer, challenge.id, 2, challenge.steps[1]!.answers[0])),
    );
    expect(results.every((res) => res.statusCode === 200 && res.json().challenge_completed === true)).toBe(true);
    const attempts = await ctx.db
      .select()
      .from(challengeAttempts)
      .where(eq(challengeAttempts.challengeId, challenge.id));
    expect(attempts.filter((attempt) => attempt.completedAt !== null)).toHaveLength(8);
    expect(attempts.filter((attempt) => attempt.firstBlood)).toHaveLength(1);
  });

  it('falls back to a plain completion when the unique index refuses the first blood', async () => {
    const challenge = await make({ steps: [{}] });
    const holder = await signedIn();
    // A first blood whose completion this transaction cannot see: the index alone must keep it unique.
    await ctx.db
      .insert(challengeAttempts)
      .values({ userId: holder.user.id, challengeId: challenge.id, firstBlood: true });
    const me = await signedIn();
    const res = await solveAll(ctx.app, me, challenge);
    expect(res.json()).toMatchObject({ correct: true, challenge_completed: true });
    const attempt = await attemptOf(ctx.db, me.user.id, challenge.id);
    expect(attempt).toMatchObject({ firstBlood: false, pointsEarned: 10 });
    expect(attempt!.completedAt).toBeInstanceOf(Date);
  });

  it('is not given to a later solver', async () => {
    const challenge = await make({ steps: [{}] });
    const first = await signedIn();
    const second = await signedIn();
    await solveAll(ctx.app, first, challenge);
    await solveAll(ctx.app, second, challenge);
    expect((await attemptOf(ctx.db, first.user.id, challenge.id))!.firstBlood).toBe(true);
    expect((await attemptOf(ctx.db, second.user.id, challenge.id))!.firstBlood).toBe(false);
  });
});
