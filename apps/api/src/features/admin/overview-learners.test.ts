import { describe, expect, it } from 'vitest';
import { dailyActivity, feedback, itemProgress, moduleCompletions } from '@bastion/db';
import { createUser } from '../../../test/fixtures.ts';
import { createFreeCourse } from '../../../test/learning-fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';

const test = consoleTest();
const today = () => test.ctx.clock.now().toISOString().slice(0, 10);
const overview = async () => {
  const response = await test.call('GET', '/api/admin/overview/?days=7');
  expect(response.statusCode).toBe(200);
  return response.json();
};
const todayOf = (series: { day: string; count: number }[]) => series.find((point) => point.day === today())!.count;

describe('the console: overview counts learners, not staff', () => {
  it('ranks no module while no learner has finished one, and leaves staff out of every figure', async () => {
    const course = await createFreeCourse(test.ctx.db);
    const [first, second] = course.modules;
    const quiz = first!.quizzes[0]!;
    const staff = await createUser(test.ctx.db, { isStaff: true });
    await test.ctx.db.insert(dailyActivity).values({ userId: staff.id, day: today(), points: 5 });
    await test.ctx.db.insert(moduleCompletions).values({ userId: staff.id, moduleId: first!.id });
    await test.ctx.db.insert(itemProgress).values({ userId: staff.id, itemId: quiz.id, wrongAttempts: 3 });
    await test.ctx.db.insert(feedback).values({ userId: staff.id, rating: 5, content: 'Mine' });

    const empty = await overview();
    // The console's own staff member and `staff` are no learners.
    expect(empty.learners).toEqual({ total: 0, active_1d: 0, active_7d: 0, active_30d: 0 });
    expect(todayOf(empty.new_learners)).toBe(0);
    expect(todayOf(empty.module_completions)).toBe(0);
    expect(empty.most_finished_modules).toEqual([]);
    expect(empty.least_finished_modules).toEqual([]);
    expect(empty.most_missed_quizzes).toEqual([]);
    expect(empty.feedback_ratings).toEqual([]);

    const learner = await createUser(test.ctx.db);
    await test.ctx.db.insert(moduleCompletions).values({ userId: learner.id, moduleId: first!.id });
    const ranked = await overview();
    expect(ranked.learners.total).toBe(1);
    expect(todayOf(ranked.new_learners)).toBe(1);
    expect(ranked.most_finished_modules).toEqual([expect.objectContaining({ id: first!.id, count: 1 })]);
    // Modules nobody finished are the least finished ones, once there is something to compare.
    expect(ranked.least_finished_modules[0]).toMatchObject({ id: second!.id, count: 0 });
    expect(ranked.least_finished_modules.at(-1)).toMatchObject({ id: first!.id, count: 1 });
  });
});
