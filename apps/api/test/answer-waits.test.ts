import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './harness.ts';
import { createFreeCourse, enrollModule } from './learning-fixtures.ts';
import { learner, submitAnswer } from './learning-api.ts';
import { createChallenge } from './challenge-fixtures.ts';
import { answer, start } from './challenge-api.ts';

/**
 * The answer budgets' later tiers through the API: the per-minute one is raised here so that 20 wrong answers can be
 * sent at once, and the hour's budget is then what refuses them.
 */
const ctx = await createTestApp({ env: { RATE_LIMIT_ANSWER: '1000/1m' } });
afterAll(() => ctx.close());

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('growing waits for wrong answers', () => {
  it('makes a quiz wait up to an hour after 20 wrong answers', async () => {
    const course = await createFreeCourse(ctx.db, { modules: [{ items: [{ kind: 'quiz', answers: ['7351'] }] }] });
    const module = course.modules[0]!;
    const quizId = module.quizzes[0]!.id;
    const me = await learner(ctx.app, ctx.db);
    await enrollModule(ctx.db, me.user.id, module.id);
    for (let i = 0; i < 20; i += 1) expect((await submitAnswer(ctx.app, me, quizId, `${i}`)).statusCode).toBe(200);
    const refused = await submitAnswer(ctx.app, me, quizId, '7351');
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(3500);
    expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
  });

  it('counts a challenge step on its own: a solved step leaves the next one a fresh budget', async () => {
    const challenge = await createChallenge(ctx.db, { steps: [{}, {}] });
    const me = await learner(ctx.app, ctx.db);
    await start(ctx.app, me, challenge.id);
    for (let i = 0; i < 19; i += 1) await answer(ctx.app, me, challenge.id, 1, `wrong-${i}`);
    expect((await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0])).json().correct).toBe(true);
    for (let i = 0; i < 20; i += 1) {
      expect((await answer(ctx.app, me, challenge.id, 2, `wrong-${i}`)).statusCode).toBe(200);
    }
    const refused = await answer(ctx.app, me, challenge.id, 2, challenge.steps[1]!.answers[0]);
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(3500);
  });
});
