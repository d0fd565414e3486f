import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge } from '../../../test/challenge-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createStatementCounter } from '../../../test/statement-counter.ts';
import { answer, learner, start } from '../../../test/challenge-api.ts';

let ctx: TestContext;
const statements = createStatementCounter();
beforeAll(async () => {
  ctx = await createTestApp({ onQuery: statements.onQuery });
  statements.watch(ctx.db);
});
afterAll(() => ctx.close());

describe('statements per challenge answer', () => {
  it('a wrong answer is judged, and throttled, without opening a transaction', async () => {
    const challenge = await createChallenge(ctx.db);
    const me = await learner(ctx.app, ctx.db);
    await start(ctx.app, me, challenge.id);
    const counted = await statements.count(async () => {
      const response = await answer(ctx.app, me, challenge.id, 1, 'not the flag');
      expect(response.json()).toMatchObject({ correct: false });
    });
    expect(counted.inTransaction).toBe(0);
  });

  it('a correct answer keeps only the award in its transaction', async () => {
    const challenge = await createChallenge(ctx.db);
    const me = await learner(ctx.app, ctx.db);
    await start(ctx.app, me, challenge.id);
    const counted = await statements.count(async () => {
      const response = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
      expect(response.json()).toMatchObject({ correct: true });
    });
    expect(counted.inTransaction).toBeGreaterThan(0);
    expect(counted.all - counted.inTransaction).toBeGreaterThanOrEqual(4);
  });
});
