import { fitsAnswerFormat } from '@bastion/contract';
import { renderSecretText, sampleSecretValues, type LabSecrets } from './lab-secrets.ts';
import type { ContentFiles } from './content-files.ts';
import type { Lesson, Problem, Quiz } from './content.model.ts';
import { checkTextLines } from './content-text.ts';
import { lessonFrontMatterSchema, quizSchema } from './content.schemas.ts';
import { splitFrontMatter } from './front-matter.ts';
import { resolveFileSources } from './lab-file-sources.ts';
import { expandPresets } from './lab-presets.ts';
import { localImageReferences } from './markdown-images.ts';
import { lessonMinutes, quizMinutes } from './reading-time.ts';
import { parseYaml, validate, type YamlSource } from './yaml-source.ts';

type Place = { order: number; slug: string };

/** A lesson: YAML front matter between `---` lines, then a non-empty Markdown body. */
export async function loadLesson(files: ContentFiles, absolute: string, place: Place): Promise<Lesson | undefined> {
  const text = await files.read(absolute);
  if (text === undefined) return undefined;
  const file = files.relative(absolute);
  const split = splitFrontMatter(text);
  if (!split.ok) {
    files.problem(absolute, split.line, split.message);
    return undefined;
  }
  const source = parseYaml(split.matter, file, files.problems, split.matterLine);
  const frontMatter = source && validate(source, lessonFrontMatterSchema, files.findings, source.value ?? {});
  if (!split.body.trim()) {
    files.problem(absolute, split.bodyLine, 'lesson has no Markdown content');
    return undefined;
  }
  const bodyFits = checkTextLines(split.body, file, split.bodyLine, files.problems);
  let imagesFound = true;
  for (const image of localImageReferences(split.body)) {
    const rel = await files.reference(absolute, image.target, split.bodyLine + image.line - 1, 'image');
    imagesFound &&= rel !== undefined;
  }
  // A lesson whose image was refused is left out, so the import does not read that image again.
  if (!frontMatter || !imagesFound || !bodyFits) return undefined;
  const content = split.body.trim() + '\n';
  return { type: 'lesson', ...place, ...frontMatter, minutes: lessonMinutes(content), content, file };
}

export async function loadQuiz(files: ContentFiles, absolute: string, place: Place): Promise<Quiz | undefined> {
  const text = await files.read(absolute);
  if (text === undefined) return undefined;
  const parsed = parseYaml(text, files.relative(absolute), files.problems);
  const source = parsed && (await expandPresets(files, absolute, parsed, 'terminal'));
  if (!source) return undefined;
  const quiz = validate(source, quizSchema, files.findings);
  if (!quiz) return undefined;
  checkAnswerFormat(source, quiz, [], files.problems, quiz.terminal?.secrets);
  const labFiles =
    quiz.terminal && (await resolveFileSources(files, absolute, source, ['terminal', 'files'], quiz.terminal.files));
  if (quiz.terminal && !labFiles) return undefined;
  return {
    type: 'quiz',
    ...place,
    title: quiz.title,
    question: quiz.question,
    answers: quiz.answer,
    caseSensitive: quiz.case_sensitive,
    answerFormat: quiz.answer_format,
    ...(quiz.answer_visible !== undefined && { answerVisible: quiz.answer_visible }),
    ...(quiz.answer_at !== undefined && { answerAt: quiz.answer_at }),
    points: quiz.points,
    explanation: quiz.explanation,
    hint: quiz.hint,
    hintCost: quiz.hint_cost ?? 0,
    minutes: quizMinutes(quiz.question, quiz.terminal !== undefined),
    terminal: quiz.terminal && {
      ...quiz.terminal,
      files: labFiles ?? {},
      entries: quiz.terminal.entries.map((entry, index) => ({
        ...entry,
        line: source.lineOf(['terminal', 'entries', index]),
      })),
      line: source.lineOf(['terminal']),
      ...(quiz.terminal.solution !== undefined && { solutionLine: source.lineOf(['terminal', 'solution']) }),
    },
    file: source.file,
  };
}

/** Every accepted answer must fit the mask shown to the learner. */
export function checkAnswerFormat(
  source: YamlSource,
  item: { answer: string[]; answer_format?: string; case_sensitive: boolean },
  basePath: (string | number)[],
  problems: Problem[],
  secrets: LabSecrets = {},
): void {
  const mask = item.answer_format;
  if (mask === undefined) return;
  // A per-learner answer fits the mask with any learner's values: one sample stands for them all.
  const sample = sampleSecretValues(secrets);
  item.answer.forEach((answer, index) => {
    if (fitsAnswerFormat(renderSecretText(answer, sample), mask, item.case_sensitive)) return;
    problems.push({
      file: source.file,
      // A single answer written as a scalar has no index: the lookup stops at the scalar.
      line: source.lineOf([...basePath, 'answer', index]),
      message: `answer "${answer}" does not fit answer_format "${mask}"`,
    });
  });
}
