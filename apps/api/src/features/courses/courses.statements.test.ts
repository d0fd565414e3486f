import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createStatementCounter } from '../../../test/statement-counter.ts';
import { createFreeCourse, enrollModule } from '../../../test/learning-fixtures.ts';
import { learner, submitAnswer } from '../../../test/learning-api.ts';

let ctx: TestContext;
const statements = createStatementCounter();
beforeAll(async () => {
  ctx = await createTestApp({ onQuery: statements.onQuery });
  statements.watch(ctx.db);
});
afterAll(() => ctx.close());

async function quizzes() {
  const course = await createFreeCourse(ctx.db, {
    modules: [
      {
        items: [
          { kind: 'quiz', title: 'First', question: 'Port?', answers: ['22'], answerFormat: '**' },
          { kind: 'quiz', title: 'Second', question: 'Port?', answers: ['23'], answerFormat: '**' },
        ],
      },
    ],
  });
  const module = course.modules[0]!;
  const who = await learner(ctx.app, ctx.db);
  await enrollModule(ctx.db, who.user.id, module.id);
  return { who, first: module.items[0]!, second: module.items[1]! };
}

// A correct answer once ran 14 statements, 13 of them in its transaction (the throttle inside it too).
describe('statements per quiz answer', () => {
  it('a correct answer keeps only the award in its transaction', async () => {
    const { who, first, second } = await quizzes();
    await submitAnswer(ctx.app, who, second.id, '23');

    const counted = await statements.count(async () => {
      const response = await submitAnswer(ctx.app, who, first.id, '22');
      expect(response.json()).toMatchObject({ correct: true, points_awarded: first.points, module_completed: true });
    });
    // Session, quiz and enrollment outside; the award, the module's completion and bonus, the course and
    // badge checks, and the submissions log's row inside.
    expect(counted.all - counted.inTransaction).toBe(3);
    expect(counted.inTransaction).toBeLessThanOrEqual(24);
  });

  it('an answer that completes nothing runs at most 13 statements, 10 in its transaction', async () => {
    const { who, first, second } = await quizzes();
    await submitAnswer(ctx.app, who, second.id, 'wrong');

    const counted = await statements.count(async () => {
      const response = await submitAnswer(ctx.app, who, first.id, '22');
      expect(response.json()).toMatchObject({ correct: true, module_completed: false });
    });
    // In the transaction: progress, ledger, total, leaderboard, day, streak (the day's first award),
    // module and its open items, badge counters, unearned badges, the submissions log's row.
    expect(counted.inTransaction).toBeLessThanOrEqual(10);
    expect(counted.all).toBeLessThanOrEqual(13);
  });

  it('a wrong answer opens no transaction', async () => {
    const { who, first } = await quizzes();
    const counted = await statements.count(async () => {
      const response = await submitAnswer(ctx.app, who, first.id, '99');
      expect(response.json()).toMatchObject({ correct: false });
    });
    // Session and its last use (the session's first request), quiz, enrollment, the wrong count, the log's row.
    expect(counted.inTransaction).toBe(0);
    expect(counted.all).toBeLessThanOrEqual(6);
  });
});
