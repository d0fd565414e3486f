import { afterAll, describe, expect, it } from 'vitest';
import { courseYaml, lessonMd, moduleYaml, quizYaml, TempFolders, type FolderFiles } from '../test/content-fixtures.ts';
import { checkContent } from './content-checks.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

const problemsOf = async (files: FolderFiles) => (await checkContent(await folders.create(files))).problems;

/** A course folder: `yaml` extra fields of course.yaml, one module of a lesson and a quiz. */
function course(slug: string, extra: string, access = 'free'): FolderFiles {
  return {
    [`courses/${slug}/course.yaml`]: courseYaml(slug).replace('access: free', `access: ${access}`) + extra,
    [`courses/${slug}/01-${slug}-m/module.yaml`]: moduleYaml('M').replace('access: free', `access: ${access}`),
    [`courses/${slug}/01-${slug}-m/01-${slug}-l.md`]: lessonMd('L'),
    [`courses/${slug}/01-${slug}-m/02-${slug}-q.quiz.yaml`]: quizYaml('Q'),
  };
}
const needs = (slug: string) => `prerequisites:\n  - course: ${slug}\n    skills: pipelines\n`;

describe('content validate: course prerequisites', () => {
  it('accepts a prerequisite that comes earlier in the catalogue', async () => {
    expect(await problemsOf({ ...course('linux', 'order: 1\n'), ...course('web', `order: 2\n${needs('linux')}`) })).toEqual(
      [],
    );
  });

  it('reports an unknown course, a course taught later, and a premium one for a free course, at the line', async () => {
    const problems = await problemsOf({
      ...course('linux', 'order: 2\n'),
      ...course('scripting', 'order: 1\n', 'premium'),
      ...course('web', `order: 3\n${needs('nothing')}`),
      ...course('basics', `order: 4\n${needs('scripting')}`),
      ...course('foundations', `order: 5\n${needs('late')}`),
      ...course('late', 'order: 6\n'),
    });
    expect(problems.map((problem) => [problem.file, problem.line, problem.message.split(':')[0]])).toEqual([
      ['courses/basics/course.yaml', 8, 'free course needs the premium course "scripting"'],
      ['courses/foundations/course.yaml', 8, 'prerequisite "late" comes at place 6 of the catalogue, not before this course (place 5)'],
      ['courses/web/course.yaml', 8, 'prerequisite "nothing" is not a course of this folder'],
    ]);
  });
});
