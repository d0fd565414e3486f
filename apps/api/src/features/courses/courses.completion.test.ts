import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseCompletions } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createFreeCourse, enrollCourse, type CreatedCourse } from '../../../test/learning-fixtures.ts';
import {
  call,
  completeLesson,
  ledgerOf,
  learner,
  moduleCompletionsOf,
  notificationsOf,
  pointsOf,
  submitAnswer,
  type Learner,
} from '../../../test/learning-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = () => learner(ctx.app, ctx.db);

/** Two modules: (lesson 5, quiz 10) and (lesson 5, quiz 10, hidden lesson). */
function twoModuleCourse() {
  return createFreeCourse(ctx.db, {
    title: 'Networking',
    modules: [
      { title: 'Ports', items: [{ kind: 'lesson' }, { kind: 'quiz' }] },
      { title: 'Routing', items: [{ kind: 'lesson' }, { kind: 'quiz' }, { kind: 'lesson', hidden: true }] },
    ],
  });
}

function finish(who: Learner, item: { id: string; kind: 'lesson' | 'quiz'; answers: string[] }) {
  return item.kind === 'lesson'
    ? completeLesson(ctx.app, who, item.id)
    : submitAnswer(ctx.app, who, item.id, item.answers[0]!);
}

async function courseCompletionsOf(userId: string) {
  return ctx.db.select().from(courseCompletions).where(eq(courseCompletions.userId, userId));
}

/** The two visible items of a module of twoModuleCourse (the hidden lesson is third). */
const visibleItems = (course: CreatedCourse, index: number) => course.modules[index]!.items.slice(0, 2);

describe('module and course completion', () => {
  it('completes the module with the last visible item, awarding the bonus once', async () => {
    const course = await twoModuleCourse();
    const me = await signedIn();
    await enrollCourse(ctx.db, me.user.id, course);
    const [lesson, quiz] = visibleItems(course, 0);

    const first = await finish(me, lesson!);
    expect(first.json()).toMatchObject({ points_awarded: 5, module_completed: false, module_completion_id: null });
    const last = await finish(me, quiz!);
    expect(last.statusCode).toBe(200);
    const body = last.json();
    expect(body).toMatchObject({
      correct: true,
      points_awarded: 10,
      module_completed: true,
      module_completion_id: expect.any(String),
      course_completed: false,
      course_completion_id: null,
    });

    const [completion] = await moduleCompletionsOf(ctx.db, me.user.id);
    expect(completion).toMatchObject({
      id: body.module_completion_id,
      moduleId: course.modules[0]!.id,
      pointsEarned: 5 + 10 + 25,
      shareSeen: false,
    });
    expect(await ledgerOf(ctx.db, me.user.id)).toContainEqual({
      points: 25,
      sourceType: 'module',
      sourceId: course.modules[0]!.id,
      reason: 'Module completed: Ports',
    });
    expect(await pointsOf(ctx.db, me.user.id)).toBe(40);
    expect(await notificationsOf(ctx.db, me.user.id)).toContainEqual({
      title: 'Module completed',
      link: `/completion/module/${body.module_completion_id}`,
      message: 'You completed the module "Ports" and earned 40 points.',
    });

    // Repeats change nothing.
    expect((await finish(me, quiz!)).json()).toMatchObject({ points_awarded: 0, module_completed: false });
    expect((await finish(me, lesson!)).json()).toMatchObject({ points_awarded: 0, module_completed: false });
    expect(await moduleCompletionsOf(ctx.db, me.user.id)).toHaveLength(1);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(40);
  });

  it('completes the course with the last module, with a certificate serial and the course bonus', async () => {
    const course = await twoModuleCourse();
    const me = await signedIn();
    await enrollCourse(ctx.db, me.user.id, course);
    for (const item of visibleItems(course, 0)) await finish(me, item);
    const [lesson, quiz] = visibleItems(course, 1);
    await finish(me, lesson!);
    const last = await finish(me, quiz!);
    const body = last.json();
    expect(body).toMatchObject({
      points_awarded: 10,
      module_completed: true,
      course_completed: true,
      course_completion_id: expect.any(String),
    });
    const [completion] = await courseCompletionsOf(me.user.id);
    expect(completion).toMatchObject({
      id: body.course_completion_id,
      courseId: course.id,
      pointsEarned: 40 + 40 + 100,
    });
    expect(completion!.serial).toMatch(/^BST-\d{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(completion!.serial.slice(4, 8)).toBe(String(ctx.clock.now().getUTCFullYear()));
    expect(await ledgerOf(ctx.db, me.user.id)).toContainEqual({
      points: 100,
      sourceType: 'course',
      sourceId: course.id,
      reason: 'Course completed: Networking',
    });
    expect(await pointsOf(ctx.db, me.user.id)).toBe(180);
    expect(await notificationsOf(ctx.db, me.user.id)).toContainEqual({
      title: 'Course completed',
      link: `/completion/course/${body.course_completion_id}`,
      message: 'You completed the course "Networking" and earned 180 points. Your certificate is ready.',
    });

    const list = await call(ctx.app, me, 'GET', '/api/courses/course_list/');
    expect(list.json().find((c: { id: string }) => c.id === course.id)).toMatchObject({
      completed: true,
      completion_id: body.course_completion_id,
      progress: 100,
    });
  });

  it('completes each module and the course once when every item is finished in parallel', async () => {
    const course = await twoModuleCourse();
    const me = await signedIn();
    await enrollCourse(ctx.db, me.user.id, course);
    const items = [...visibleItems(course, 0), ...visibleItems(course, 1)];
    // Every item five times over, all at once.
    const results = await Promise.all(items.flatMap((item) => Array.from({ length: 5 }, () => finish(me, item))));
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const bodies = results.map((res) => res.json());
    expect(bodies.filter((b) => b.points_awarded > 0)).toHaveLength(4);
    expect(bodies.filter((b) => b.module_completed)).toHaveLength(2);
    expect(bodies.filter((b) => b.course_completed)).toHaveLength(1);
    expect(await moduleCompletionsOf(ctx.db, me.user.id)).toHaveLength(2);
    expect(await courseCompletionsOf(me.user.id)).toHaveLength(1);
    const ledger = await ledgerOf(ctx.db, me.user.id);
    expect(ledger.map((row) => row.sourceType).sort()).toEqual([
      'course',
      'lesson',
      'lesson',
      'module',
      'module',
      'quiz',
      'quiz',
    ]);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(180);
  });

  it('needs every visible module: a course stays open while one is unfinished', async () => {
    const course = await twoModuleCourse();
    const me = await signedIn();
    await enrollCourse(ctx.db, me.user.id, course);
    for (const item of visibleItems(course, 1)) await finish(me, item);
    expect(await moduleCompletionsOf(ctx.db, me.user.id)).toHaveLength(1);
    expect(await courseCompletionsOf(me.user.id)).toHaveLength(0);
  });

  it("keeps one learner's completions apart from another's", async () => {
    const course = await twoModuleCourse();
    const me = await signedIn();
    const other = await signedIn();
    await enrollCourse(ctx.db, me.user.id, course);
    await enrollCourse(ctx.db, other.user.id, course);
    await finish(other, visibleItems(course, 0)[0]!);
    const res = await finish(me, visibleItems(course, 0)[1]!);
    expect(res.json().module_completed).toBe(false);
  });
});
