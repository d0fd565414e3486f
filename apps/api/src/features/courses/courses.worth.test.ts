import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseModules } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createFreeCourse, enrollCourse } from '../../../test/learning-fixtures.ts';
import { call, completeLesson, learner, submitAnswer } from '../../../test/learning-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('what a course and a module are worth, shown before they are paid', () => {
  it('their points and completion bonuses add up to what their completions earn', async () => {
    const course = await createFreeCourse(ctx.db, {
      modules: [
        { items: [{ kind: 'lesson' }, { kind: 'quiz' }] },
        { items: [{ kind: 'lesson' }, { kind: 'lesson', hidden: true }] },
      ],
    });
    const me = await learner(ctx.app, ctx.db);
    await enrollCourse(ctx.db, me.user.id, course);
    const before = (await call(ctx.app, me, 'GET', `/api/courses/course/${course.id}/modules/`)).json<CourseModules>();
    expect(before.course).toMatchObject({ points: 5 + 10 + 25 + 5 + 25, completion_bonus: 100 });
    expect(before.modules.map((m) => [m.points, m.completion_bonus])).toEqual([
      [15, 25],
      [5, 25],
    ]);

    // Every visible item, in order (the hidden lesson is the second module's last).
    const [lesson, quiz] = course.modules[0]!.items;
    await completeLesson(ctx.app, me, lesson!.id);
    await submitAnswer(ctx.app, me, quiz!.id, quiz!.answers[0]!);
    const outcome = (await completeLesson(ctx.app, me, course.modules[1]!.items[0]!.id)).json();
    const moduleRecord = (
      await call(ctx.app, null, 'GET', `/api/courses/completed_module/${outcome.module_completion_id}/`)
    ).json();
    const courseRecord = (
      await call(ctx.app, null, 'GET', `/api/courses/completed_course/${outcome.course_completion_id}/`)
    ).json();
    expect(moduleRecord.points_earned).toBe(before.modules[1]!.points + before.modules[1]!.completion_bonus);
    expect(courseRecord.points_earned).toBe(before.course.points + before.course.completion_bonus);
  });
});
