import type { Content, Problem } from './content.model.ts';

/**
 * A course's `prerequisites` (content/README.md): each names a course of the folder that comes earlier in
 * the catalogue (a learner following the order meets it first), and a free course needs only free courses
 * (a free learner is not sent to teaching they cannot open).
 */
export function checkCoursePrerequisites(
  content: Content,
  lines: (file: string, field: readonly (string | number)[]) => number,
): Problem[] {
  const bySlug = new Map(content.courses.map((course) => [course.slug, course]));
  const problems: Problem[] = [];
  for (const course of content.courses) {
    course.prerequisites.forEach((needed, index) => {
      const problem = (message: string) =>
        problems.push({ file: course.file, line: lines(course.file, ['prerequisites', index, 'course']), message });
      const first = bySlug.get(needed.course);
      if (!first) return problem(`prerequisite "${needed.course}" is not a course of this folder`);
      if (first.order >= course.order) {
        return problem(
          `prerequisite "${needed.course}" comes at place ${first.order} of the catalogue, not before this course (place ${course.order}): set \`order\` so that it is taught first`,
        );
      }
      if (course.access === 'free' && first.access === 'premium') {
        problem(`free course needs the premium course "${needed.course}": a free learner cannot open it`);
      }
    });
  }
  return problems;
}
