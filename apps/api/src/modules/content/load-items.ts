import matter from 'gray-matter';
import { matchesAnswerFormat } from './answer-format.ts';
import type { ContentFiles } from './content-files.ts';
import type { Lesson, Problem, Quiz } from './content.model.ts';
import { lessonFrontMatterSchema, quizSchema } from './content.schemas.ts';
import { localImageReferences } from './markdown-images.ts';
import { parseYaml, validate, type YamlSource } from './yaml-source.ts';

type Place = { order: number; slug: string };

/** A lesson: YAML front matter between `---` lines, then a non-empty Markdown body. */
export async function loadLesson(files: ContentFiles, absolute: string, place: Place): Promise<Lesson | undefined> {
  const text = await files.read(absolute);
  if (text === undefined) return undefined;
  const file = files.relative(absolute);
  // gray-matter only splits; the front matter is parsed below so its problems carry lines.
  const parsed = matter(text, { engines: { yaml: () => ({}) } });
  if (!parsed.matter.trim() && !text.startsWith('---')) {
    files.problem(absolute, 1, 'lesson must start with front matter (---, title: …, ---)');
    return undefined;
  }
  const matterLine = lineCount(text.slice(0, Math.max(0, text.indexOf(parsed.matter))));
  const source = parseYaml(parsed.matter, file, files.problems, matterLine);
  const frontMatter = source && validate(source, lessonFrontMatterSchema, files.problems, source.value ?? {});
  const bodyLine = lineCount(text) - lineCount(parsed.content) + 1;
  if (!parsed.content.trim()) {
    files.problem(absolute, bodyLine, 'lesson has no Markdown content');
    return undefined;
  }
  for (const image of localImageReferences(parsed.content)) {
    await files.reference(absolute, image.target, bodyLine + image.line - 1, 'image');
  }
  if (!frontMatter) return undefined;
  return { type: 'lesson', ...place, ...frontMatter, content: parsed.content.trim() + '\n', file };
}

export async function loadQuiz(files: ContentFiles, absolute: string, place: Place): Promise<Quiz | undefined> {
  const text = await files.read(absolute);
  if (text === undefined) return undefined;
  const source = parseYaml(text, files.relative(absolute), files.problems);
  if (!source) return undefined;
  const quiz = validate(source, quizSchema, files.problems);
  if (!quiz) return undefined;
  checkAnswerFormat(source, quiz, [], files.problems);
  return {
    type: 'quiz',
    ...place,
    title: quiz.title,
    question: quiz.question,
    answers: quiz.answer,
    caseSensitive: quiz.case_sensitive,
    answerFormat: quiz.answer_format,
    points: quiz.points,
    terminal: quiz.terminal,
    file: source.file,
  };
}

/** Every accepted answer must fit the mask shown to the learner. */
export function checkAnswerFormat(
  source: YamlSource,
  item: { answer: string[]; answer_format?: string; case_sensitive: boolean },
  basePath: (string | number)[],
  problems: Problem[],
): void {
  const mask = item.answer_format;
  if (mask === undefined) return;
  item.answer.forEach((answer, index) => {
    if (matchesAnswerFormat(answer, mask, item.case_sensitive)) return;
    problems.push({
      file: source.file,
      // A single answer written as a scalar has no index: the lookup stops at the scalar.
      line: source.lineOf([...basePath, 'answer', index]),
      message: `answer "${answer}" does not fit answer_format "${mask}"`,
    });
  });
}

function lineCount(text: string): number {
  return text.split('\n').length;
}
