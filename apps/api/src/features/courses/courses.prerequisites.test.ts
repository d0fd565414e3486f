import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createFreeCourse } from '../../../test/learning-fixtures.ts';
import { call, learner } from '../../../test/learning-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a course names the courses to take first', () => {
  it('gives each prerequisite in order with its id, title and skills, leaving out unknown and hidden ones', async () => {
    const linux = await createFreeCourse(ctx.db, { title: 'Linux' });
    const scripting = await createFreeCourse(ctx.db, { title: 'Scripting' });
    const hidden = await createFreeCourse(ctx.db, { hidden: true });
    const course = await createFreeCourse(ctx.db, {
      title: 'Foundations',
      prerequisites: [
        { course: scripting.slug, skills: '`awk` programs' },
        { course: 'no-such-course', skills: 'anything' },
        { course: hidden.slug, skills: 'hidden' },
        { course: linux.slug, skills: 'pipelines and `find`' },
      ],
    });
    const me = await learner(ctx.app, ctx.db);
    const page = await call(ctx.app, me, 'GET', `/api/courses/course/${course.id}/modules/`);
    expect(page.statusCode).toBe(200);
    const expected = [
      { id: scripting.id, slug: scripting.slug, title: 'Scripting', skills: '`awk` programs' },
      { id: linux.id, slug: linux.slug, title: 'Linux', skills: 'pipelines and `find`' },
    ];
    expect(page.json().course.prerequisites).toEqual(expected);
    const list = (await call(ctx.app, me, 'GET', '/api/courses/course_list/')).json() as {
      id: string;
      prerequisites: unknown[];
    }[];
    expect(list.find((row) => row.id === course.id)?.prerequisites).toEqual(expected);
    expect(list.find((row) => row.id === linux.id)?.prerequisites).toEqual([]);
  });
});
