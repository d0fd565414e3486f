import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, userBadges } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createFreeCourse, enrollCourse } from '../../../test/learning-fixtures.ts';
import { completeLesson, ledgerOf, learner, pointsOf, submitAnswer } from '../../../test/learning-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('badges after learning awards', () => {
  it('evaluates badge rules in the award transaction: first lesson, first module, first course', async () => {
    const rule = (
      slug: string,
      ruleKind: 'lessons_completed' | 'modules_completed' | 'courses_completed',
      points: number,
    ) =>
      ({ slug, source: 'test', name: slug, description: `${slug} badge`, points, ruleKind, ruleThreshold: 1 }) as const;
    const inserted = await ctx.db
      .insert(badges)
      .values([
        rule('first-lesson', 'lessons_completed', 3),
        rule('first-module', 'modules_completed', 4),
        rule('first-course', 'courses_completed', 6),
      ])
      .returning({ id: badges.id, slug: badges.slug });
    const course = await createFreeCourse(ctx.db, { modules: [{ items: [{ kind: 'lesson' }, { kind: 'quiz' }] }] });
    const module = course.modules[0]!;
    const me = await learner(ctx.app, ctx.db);
    await enrollCourse(ctx.db, me.user.id, course);

    await completeLesson(ctx.app, me, module.lessons[0]!.id);
    const earnedSlugs = async () => {
      const rows = await ctx.db
        .select({ badgeId: userBadges.badgeId })
        .from(userBadges)
        .where(eq(userBadges.userId, me.user.id));
      return rows.map((row) => inserted.find((badge) => badge.id === row.badgeId)!.slug).sort();
    };
    expect(await earnedSlugs()).toEqual(['first-lesson']);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(5 + 3);

    const res = await submitAnswer(ctx.app, me, module.quizzes[0]!.id, '42');
    expect(res.json()).toMatchObject({ points_awarded: 10, module_completed: true, course_completed: true });
    expect(await earnedSlugs()).toEqual(['first-course', 'first-lesson', 'first-module']);
    const ledger = await ledgerOf(ctx.db, me.user.id);
    expect(
      ledger
        .filter((row) => row.sourceType === 'badge')
        .map((row) => row.points)
        .sort(),
    ).toEqual([3, 4, 6]);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(5 + 10 + 25 + 100 + 3 + 4 + 6);
  });
});
