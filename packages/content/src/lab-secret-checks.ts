import type { Challenge, Content, Problem, Quiz } from './content.model.ts';
import type { LineFinder } from './content-checks.ts';
import { secretNamesIn, type LabSecrets } from './lab-secrets.ts';

/** Every string a value holds, with the field path it sits at. */
function stringsIn(value: unknown, field: (string | number)[]): { field: (string | number)[]; text: string }[] {
  if (typeof value === 'string') return [{ field, text: value }];
  if (Array.isArray(value)) return value.flatMap((entry: unknown, index) => stringsIn(entry, [...field, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, entry]) => stringsIn(entry as unknown, [...field, name]));
  }
  return [];
}

interface SecretUse {
  /** Where a placeholder is rendered with the learner's values. */
  rendered: { field: (string | number)[]; text: unknown }[];
  /** Where it would be shown as written, or shown before the lab gives the value away. */
  refused: { field: (string | number)[]; text: unknown }[];
}

/** Placeholders name declared secrets, sit only where the server renders them, and every secret is used. */
function checkUses(file: string, secrets: LabSecrets, use: SecretUse, lines: LineFinder, declaredAt: string[]) {
  const problems: Problem[] = [];
  const used = new Set<string>();
  for (const { field, text } of use.rendered.flatMap(({ field, text }) => stringsIn(text, field))) {
    for (const name of secretNamesIn(text)) {
      used.add(name);
      if (!(name in secrets)) {
        problems.push({
          file,
          line: lines(file, field),
          message: `${field.join('.')} uses {{secret.${name}}}, which ${declaredAt.join('.')}.secrets does not declare`,
        });
      }
    }
  }
  for (const { field, text } of use.refused.flatMap(({ field, text }) => stringsIn(text, field))) {
    if (secretNamesIn(text).length === 0) continue;
    problems.push({
      file,
      line: lines(file, field),
      message: `${field.join('.')} cannot hold a lab secret: only the lab, its recording, the answers and the explanation or write-up are rendered for the learner`,
    });
  }
  for (const name of Object.keys(secrets)) {
    if (used.has(name)) continue;
    problems.push({
      file,
      line: lines(file, [...declaredAt, 'secrets', name]),
      message: `secret ${name} is declared but used nowhere`,
    });
  }
  return problems;
}

function quizProblems(quiz: Quiz, lines: LineFinder): Problem[] {
  const { terminal } = quiz;
  const { solution: _solution, solutionLine: _solutionLine, line: _line, secrets = {}, ...lab } = terminal ?? {
    secrets: {},
  };
  return checkUses(
    quiz.file,
    secrets,
    {
      rendered: [
        { field: ['answer'], text: quiz.answers },
        { field: ['explanation'], text: quiz.explanation },
        { field: ['terminal'], text: terminal ? lab : undefined },
        { field: ['terminal', 'solution'], text: terminal?.solution },
      ],
      refused: [
        { field: ['title'], text: quiz.title },
        { field: ['question'], text: quiz.question },
        { field: ['hint'], text: quiz.hint },
        { field: ['answer_format'], text: quiz.answerFormat },
      ],
    },
    lines,
    ['terminal'],
  );
}

function challengeProblems(challenge: Challenge, lines: LineFinder): Problem[] {
  const { secrets = {}, ...lab } = challenge.lab ?? {};
  return checkUses(
    challenge.file,
    secrets,
    {
      rendered: [
        { field: ['lab'], text: challenge.lab ? lab : undefined },
        ...challenge.steps.flatMap((step, index) => [
          { field: ['steps', index, 'answer'], text: step.answers },
          { field: ['steps', index, 'solution'], text: step.solution },
        ]),
      ],
      refused: [
        { field: ['title'], text: challenge.title },
        { field: ['summary'], text: challenge.summary },
        { field: ['description'], text: challenge.description },
        ...challenge.steps.flatMap((step, index) => [
          { field: ['steps', index, 'title'], text: step.title },
          { field: ['steps', index, 'question'], text: step.question },
          { field: ['steps', index, 'hint'], text: step.hint },
          { field: ['steps', index, 'answer_format'], text: step.answerFormat },
        ]),
      ],
    },
    lines,
    ['lab'],
  );
}

/**
 * (f) Lab secrets: every `{{secret.name}}` names a secret its lab declares, stands where the server renders it for
 * the learner (never in a question, hint or title, which would show it as written or give the value away), and every
 * declared secret is used.
 */
export function checkLabSecrets(content: Content, lines: LineFinder): Problem[] {
  const quizzes = content.courses.flatMap((course) =>
    course.modules.flatMap((module) => module.items.filter((item): item is Quiz => item.type === 'quiz')),
  );
  return [
    ...quizzes.flatMap((quiz) => quizProblems(quiz, lines)),
    ...content.challenges.flatMap((challenge) => challengeProblems(challenge, lines)),
  ];
}
