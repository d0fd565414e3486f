import path from 'node:path';
import { loadContent } from '../../apps/api/src/modules/content/index.ts';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { root } from '../../scripts/web-build.mjs';

/** Accepted answers of the shipped quizzes, by quiz title: what a learner reads in the lessons. */
export async function shippedQuizAnswers(): Promise<Map<string, string>> {
  const { content, problems } = await loadContent(path.join(root as string, 'content'));
  if (problems.length > 0) throw new Error(`The shipped content has problems: ${problems[0]!.message}`);
  const answers = new Map<string, string>();
  for (const course of content.courses) {
    for (const module of course.modules) {
      for (const item of module.items) if (item.type === 'quiz') answers.set(item.title, item.answers[0]!);
    }
  }
  return answers;
}
