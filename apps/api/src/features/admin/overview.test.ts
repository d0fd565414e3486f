import { describe, expect, it } from 'vitest';
import { challengeAttempts, dailyActivity, feedback, itemProgress, moduleCompletions, users } from '@bastion/db';
import { eq } from 'drizzle-orm';
import { createUser } from '../../../test/fixtures.ts';
import { answer, learner, start } from '../../../test/challenge-api.ts';
import { createChallenge } from '../../../test/challenge-fixtures.ts';
import { createFreeCourse } from '../../../test/learning-fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';

const test = consoleTest();
const day = (back: number) => {
  const now = test.ctx.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back, 12));
};
const iso = (date: Date) => date.toISOString().slice(0, 10);

describe('the console: overview', () => {
  it('counts learners, what they finished and where they stumbled, per day', async () => {
    const before = (await test.call('GET', '/api/admin/overview/?days=7')).json();
    const course = await createFreeCourse(test.ctx.db);
    const [first, second] = course.modules;
    const quiz = first!.quizzes[0]!;
    const challenge = await createChallenge(test.ctx.db);
    const a = await createUser(test.ctx.db);
    const b = await createUser(test.ctx.db);
    await test.ctx.db
      .update(users)
      .set({ dateJoined: day(2) })
      .where(eq(users.id, b.id));
    await test.ctx.db.insert(dailyActivity).values([
      { userId: a.id, day: iso(day(0)), points: 5 },
      { userId: b.id, day: iso(day(3)), points: 5 },
    ]);
    await test.ctx.db.insert(moduleCompletions).values([
      { userId: a.id, moduleId: first!.id, completedAt: day(1) },
      { userId: b.id, moduleId: first!.id, completedAt: day(1) },
    ]);
    await test.ctx.db
      .insert(challengeAttempts)
      .values({ userId: a.id, challengeId: challenge.id, completedAt: day(0) });
    await test.ctx.db.insert(itemProgress).values([
      { userId: a.id, itemId: quiz.id, wrongAttempts: 4, hintTakenAt: day(0) },
      { userId: b.id, itemId: quiz.id, wrongAttempts: 2 },
    ]);
    await test.ctx.db.insert(feedback).values([
      { userId: a.id, rating: 4, content: 'Good', createdAt: day(1) },
      { userId: b.id, rating: 1, content: 'Slow', createdAt: day(1) },
    ]);

    // Wrong answers to a challenge step, through the learner's own route.
    const player = await learner(test.ctx.app, test.ctx.db);
    await start(test.ctx.app, player, challenge.id);
    for (const given of ['nope', 'still nope', 'no']) {
      expect((await answer(test.ctx.app, player, challenge.id, 1, given)).json().correct).toBe(false);
    }

    const response = await test.call('GET', '/api/admin/overview/?days=7');
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview.days).toBe(7);
    // a, b and the player.
    expect(overview.learners.total).toBe(before.learners.total + 3);
    expect(overview.learners.active_1d - before.learners.active_1d).toBe(1);
    expect(overview.learners.active_7d - before.learners.active_7d).toBe(2);
    for (const series of ['new_learners', 'module_completions', 'challenge_solves', 'hints_taken']) {
      expect(overview[series].map((point: { day: string }) => point.day)).toEqual(
        [6, 5, 4, 3, 2, 1, 0].map((back) => iso(day(back))),
      );
    }
    const on = (series: { day: string; count: number }[], back: number) =>
      series.find((point) => point.day === iso(day(back)))!.count;
    expect(on(overview.new_learners, 2) - on(before.new_learners, 2)).toBe(1);
    expect(on(overview.module_completions, 1)).toBe(2);
    expect(on(overview.challenge_solves, 0)).toBe(1);
    expect(on(overview.hints_taken, 0)).toBe(1);
    expect(overview.most_finished_modules[0]).toMatchObject({ id: first!.id, count: 2 });
    expect(overview.least_finished_modules.map((m: { id: string }) => m.id)).toContain(second?.id ?? first!.id);
    expect(overview.most_missed_quizzes[0]).toMatchObject({ id: quiz.id, count: 6, context: first!.title });
    expect(overview.most_missed_steps[0]).toMatchObject({
      id: challenge.steps[0]!.id,
      count: 3,
      context: challenge.title,
    });
    expect(overview.feedback_ratings).toContainEqual({ day: iso(day(1)), average: 2.5, count: 2 });
  });

  it('answers a period it does not offer with a field error', async () => {
    const response = await test.call('GET', '/api/admin/overview/?days=12');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['days']);
    expect((await test.call('GET', '/api/admin/overview/')).json().new_learners).toHaveLength(30);
  });
});
