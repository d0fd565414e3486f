import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '@bastion/contract';
import {
  createFreeCourse,
  createPremiumCourse,
  enrollModule,
  type FixtureItem,
} from '../../../test/learning-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import {
  call,
  ledgerOf,
  learner,
  NOT_A_UUID,
  pointsOf,
  progressOf,
  submitAnswer,
  UNKNOWN_ID,
  type Learner,
} from '../../../test/learning-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HINT = 'Look at the `Listen` line of **sshd_config**.';
const EXPLANATION = 'SSH listens on **22** by default; next, check `ss -tlnp` on the host.';

const signedIn = (options: Parameters<typeof learner>[2] = {}) => learner(ctx.app, ctx.db, options);
const takeHint = (who: Learner | null, quizId: string) =>
  call(ctx.app, who, 'POST', `/api/courses/quiz/${quizId}/hint/`);
const itemsOf = async (who: Learner, moduleId: string) =>
  (await call(ctx.app, who, 'GET', `/api/courses/module/${moduleId}/lessons/`)).json().items;

/** One module: a 10-point quiz with a 4-point hint and an explanation, a quiz with a free hint, one with neither. */
async function hintedModule(items?: FixtureItem[]) {
  const course = await createFreeCourse(ctx.db, {
    modules: [
      {
        items: items ?? [
          { kind: 'quiz', answers: ['22'], hint: HINT, hintCost: 4, explanation: EXPLANATION },
          { kind: 'quiz', answers: ['80'], hint: 'Think of plain HTTP.', hintCost: 0 },
          { kind: 'quiz', answers: ['443'] },
        ],
      },
    ],
  });
  return course.modules[0]!;
}

async function enrolled(moduleId: string) {
  const me = await signedIn();
  await enrollModule(ctx.db, me.user.id, moduleId);
  return me;
}

describe('quiz hints in the module view', () => {
  it('says whether a hint exists and what it costs, never its text or the explanation before they are due', async () => {
    const module = await hintedModule();
    const me = await enrolled(module.id);
    const res = await call(ctx.app, me, 'GET', `/api/courses/module/${module.id}/lessons/`);
    const [costly, free, none] = res.json().items;
    expect(costly).toMatchObject({ has_hint: true, hint_cost: 4, hint_used: false, hint: null, explanation: null });
    expect(free).toMatchObject({ has_hint: true, hint_cost: 0, hint_used: false, hint: null, explanation: null });
    expect(none).toMatchObject({ has_hint: false, hint_cost: 0, hint_used: false, hint: null, explanation: null });
    expect(res.body).not.toContain('sshd_config');
    expect(res.body).not.toContain('ss -tlnp');
  });
});

describe('POST /api/courses/quiz/{id}/hint/', () => {
  it('reveals the hint, records it once per learner, and the solve pays the points less its cost', async () => {
    const module = await hintedModule();
    const quizId = module.quizzes[0]!.id;
    const me = await enrolled(module.id);

    const first = await takeHint(me, quizId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: LEARNING_MESSAGES.hintFetched, hint: HINT, hint_cost: 4 });
    const takenAt = (await progressOf(ctx.db, me.user.id, quizId))!.hintTakenAt;
    expect(takenAt).toBeInstanceOf(Date);

    const again = await takeHint(me, quizId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await progressOf(ctx.db, me.user.id, quizId))!.hintTakenAt).toEqual(takenAt);

    const [view] = await itemsOf(me, module.id);
    expect(view).toMatchObject({ hint_used: true, hint: HINT, solved: false, explanation: null });

    const solved = await submitAnswer(ctx.app, me, quizId, '22');
    expect(solved.json()).toMatchObject({ correct: true, points_awarded: 6, explanation: EXPLANATION });
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([
      expect.objectContaining({ points: 6, sourceType: 'quiz', sourceId: quizId }),
    ]);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(6);

    // Another learner has taken nothing.
    const other = await enrolled(module.id);
    expect((await itemsOf(other, module.id))[0]).toMatchObject({ hint_used: false, hint: null });
  });

  it('a free hint costs nothing; a hint that costs all the points leaves 0, never less', async () => {
    const module = await hintedModule([
      { kind: 'quiz', answers: ['80'], hint: 'Plain HTTP.', hintCost: 0 },
      { kind: 'quiz', answers: ['21'], points: 3, hint: 'File transfer.', hintCost: 3 },
    ]);
    const [free, costly] = module.quizzes;
    const me = await enrolled(module.id);
    expect((await takeHint(me, free!.id)).json()).toMatchObject({ hint_cost: 0 });
    expect((await submitAnswer(ctx.app, me, free!.id, '80')).json()).toMatchObject({ points_awarded: 10 });
    expect((await takeHint(me, costly!.id)).json()).toMatchObject({ hint_cost: 3 });
    const zero = await submitAnswer(ctx.app, me, costly!.id, '21');
    expect(zero.json()).toMatchObject({ correct: true, points_awarded: 0, module_completed: true });
    // The quizzes, then the module and course bonuses (the course has this one module).
    expect(await pointsOf(ctx.db, me.user.id)).toBe(10 + 0 + 25 + 100);
  });

  it('taken after the solve, it is shown for nothing and not recorded; a solved quiz shows its hint and explanation', async () => {
    const module = await hintedModule();
    const quizId = module.quizzes[0]!.id;
    const me = await enrolled(module.id);
    expect((await submitAnswer(ctx.app, me, quizId, '22')).json()).toMatchObject({ points_awarded: 10 });
    const late = await takeHint(me, quizId);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ detail: LEARNING_MESSAGES.hintFetched, hint: HINT, hint_cost: 0 });
    expect((await progressOf(ctx.db, me.user.id, quizId))!.hintTakenAt).toBeNull();
    expect((await itemsOf(me, module.id))[0]).toMatchObject({
      solved: true,
      hint_used: false,
      hint: HINT,
      explanation: EXPLANATION,
    });
  });

  it('charges once across parallel hint requests racing a solve', async () => {
    const module = await hintedModule();
    const quizId = module.quizzes[0]!.id;
    const me = await enrolled(module.id);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => takeHint(me, quizId)),
      submitAnswer(ctx.app, me, quizId, '22'),
      ...Array.from({ length: 5 }, () => takeHint(me, quizId)),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual(Array(11).fill(200));
    const solve = results[5]!.json();
    const hintTaken = (await progressOf(ctx.db, me.user.id, quizId))!.hintTakenAt !== null;
    // Either the hint came first and the solve paid 6, or the solve came first and no hint was recorded.
    expect(solve.points_awarded).toBe(hintTaken ? 6 : 10);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(solve.points_awarded);
  });

  it('answers 400 before enrollment, with nothing recorded', async () => {
    const module = await hintedModule();
    const me = await signedIn();
    const res = await takeHint(me, module.quizzes[0]!.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: LEARNING_MESSAGES.enrollFirst });
    expect(res.body).not.toContain('sshd_config');
    expect(await progressOf(ctx.db, me.user.id, module.quizzes[0]!.id)).toBeUndefined();
  });

  it('answers 404 for a quiz without a hint, a lesson, unknown and malformed ids; 401 without a token', async () => {
    const module = await hintedModule([
      { kind: 'lesson' },
      { kind: 'quiz' },
      { kind: 'quiz', hidden: true, hint: 'x', hintCost: 0 },
    ]);
    const me = await enrolled(module.id);
    for (const id of [module.items[0]!.id, module.items[1]!.id, module.items[2]!.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      const res = await takeHint(me, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await takeHint(null, module.items[1]!.id)).statusCode).toBe(401);
  });

  it('answers 403 for a premium quiz to a free learner, 200 to a premium one', async () => {
    const course = await createPremiumCourse(ctx.db, {
      modules: [{ items: [{ kind: 'quiz', hint: HINT, hintCost: 2 }] }],
    });
    const module = course.modules[0]!;
    const free = await enrolled(module.id);
    const refused = await takeHint(free, module.quizzes[0]!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: LEARNING_MESSAGES.premiumRequired });
    const paid = await signedIn({ premium: true });
    await enrollModule(ctx.db, paid.user.id, module.id);
    expect((await takeHint(paid, module.quizzes[0]!.id)).json()).toMatchObject({ hint: HINT, hint_cost: 2 });
  });
});

describe('quiz explanations', () => {
  it('come with a correct answer (and its repeats), never with a wrong one, and with the item once solved', async () => {
    const module = await hintedModule();
    const quizId = module.quizzes[0]!.id;
    const me = await enrolled(module.id);
    const wrong = await submitAnswer(ctx.app, me, quizId, '23');
    expect(wrong.json()).toMatchObject({ correct: false, explanation: null });
    expect(wrong.body).not.toContain('ss -tlnp');
    expect((await submitAnswer(ctx.app, me, quizId, '22')).json()).toMatchObject({ explanation: EXPLANATION });
    expect((await submitAnswer(ctx.app, me, quizId, '22')).json()).toMatchObject({
      detail: LEARNING_MESSAGES.quizAlreadySolved,
      explanation: EXPLANATION,
    });
    expect((await itemsOf(me, module.id))[0]).toMatchObject({ explanation: EXPLANATION });
    const other = await enrolled(module.id);
    expect((await itemsOf(other, module.id))[0]).toMatchObject({ explanation: null });
  });

  it('are null for a quiz that has none', async () => {
    const module = await hintedModule();
    const me = await enrolled(module.id);
    expect((await submitAnswer(ctx.app, me, module.quizzes[2]!.id, '443')).json()).toMatchObject({
      correct: true,
      explanation: null,
    });
  });
});
