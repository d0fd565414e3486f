import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fitsAnswerFormat } from '@bastion/contract';
import type { Challenge, Content, Problem, Quiz, TerminalFile } from './content.model.ts';
import { loadContent, type LoadedContent } from './load-content.ts';
import { ruleBroken, sortProblems, type ContentRules, type Findings } from './problems.ts';
import { smallAnswerProblem } from './answer-values.ts';
import { checkFreeReferences } from './content-references.ts';
import { checkCoursePrerequisites } from './course-prerequisites.ts';
import { checkLabSecrets } from './lab-secret-checks.ts';
import { measureLesson } from './reading-time.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';

/**
 * Checks of `content validate` that read across a loaded folder (content/README.md, "What validate also
 * checks"). Each reports its problems at the file and line of the field concerned.
 */
export type ContentCheck = (content: Content, lines: LineFinder) => Problem[];

/** The 1-based line of a field of a YAML file of the folder (its nearest existing parent; 1 when unreadable). */
export type LineFinder = (file: string, field: readonly (string | number)[]) => number;

/** Reads and parses each YAML file once, on first use. */
export async function lineFinder(root: string, files: string[]): Promise<LineFinder> {
  const sources = new Map<string, YamlSource | undefined>();
  for (const file of new Set(files)) {
    const text = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
    sources.set(file, text === undefined ? undefined : parseYaml(text, file, []));
  }
  return (file, field) => sources.get(file)?.lineOf(field) ?? 1;
}

const quizzesOf = (content: Content): Quiz[] =>
  content.courses.flatMap((course) =>
    course.modules.flatMap((module) => module.items.filter((item): item is Quiz => item.type === 'quiz')),
  );

/** Where a challenge is written: its description, and each step's question and hint. */
function challengeTexts(challenge: Challenge): { field: (string | number)[]; text: string }[] {
  return [
    { field: ['description'], text: challenge.description },
    ...challenge.steps.flatMap((step, index) => [
      { field: ['steps', index, 'question'], text: step.question },
      { field: ['steps', index, 'hint'], text: step.hint },
    ]),
  ];
}

/**
 * A relative path with a folder and a file extension (`files/capture.pcap`), not part of a URL or of an
 * absolute path. Bare names (`robots.txt`) are left alone: they are as often a file on the target (a web
 * site's robots.txt, a photo's name in its metadata) as one the challenge ships.
 */
const RELATIVE_FILE_PATH = /(?<![\w./:~-])(?:\.\/)?((?:[\w-][\w.-]*\/)+[\w-][\w.-]*\.[A-Za-z0-9]+)\b/g;

/**
 * (a) A challenge whose description, questions or hints name a file in one of its attachment folders
 * (`files/` by convention): one it does not ship, or one it ships, which the learner only knows by its bare
 * name (the download and the challenge lab's home directory hold `notes.txt`, not `files/notes.txt`).
 */
export const checkChallengeFileReferences: ContentCheck = (content, lines) => {
  const problems: Problem[] = [];
  for (const challenge of content.challenges) {
    const dir = path.posix.dirname(challenge.file);
    const shipped = new Set(challenge.attachments.map((attachment) => path.posix.relative(dir, attachment)));
    const folders = new Set(['files', ...[...shipped].map((rel) => rel.split('/')[0]!)]);
    for (const { field, text } of challengeTexts(challenge)) {
      const named = new Set([...text.matchAll(RELATIVE_FILE_PATH)].map((match) => match[1]!));
      for (const file of named) {
        if (!folders.has(file.split('/')[0]!)) continue;
        problems.push({
          file: challenge.file,
          line: lines(challenge.file, field),
          message: shipped.has(file)
            ? `${field.join('.')} names ${file}; the learner gets it as ${path.posix.basename(file)} (the download and the lab's home directory)`
            : `${field.join('.')} names ${file}, which is not among the challenge's attachments`,
        });
      }
    }
  }
  return problems;
};

/** Lab file text as the learner can read it (a directory, bytes or a copy of an image file have none). */
const fileText = (file: TerminalFile) => (typeof file === 'string' ? file : (file.content ?? ''));

/**
 * The distinct tokens of a quiz's recorded output and lab files that fit its mask. A token is a longest run
 * of letters, digits, `_` and the mask's own literal characters (so `***.*.***.**` keeps the dots of an IP
 * address together, and `****` splits `db_port=5432.` into `db_port` and `5432`). Tokens that differ only
 * in case are one candidate unless the quiz is case-sensitive.
 */
export function maskCandidates(quiz: Quiz): string[] {
  const mask = quiz.answerFormat;
  if (!mask || !quiz.terminal) return [];
  const literals = [...new Set([...mask].filter((char) => char !== '*'))];
  const escaped = literals.map((char) => char.replace(/[\\\]^-]/g, '\\$&')).join('');
  const token = new RegExp(`[\\p{L}\\p{N}_${escaped}]+`, 'gu');
  const shown = [
    ...quiz.terminal.entries.map((entry) => entry.output),
    ...Object.values(quiz.terminal.files).map(fileText),
  ].join('\n');
  const candidates = new Map<string, string>();
  for (const [found] of shown.matchAll(token)) {
    if (!fitsAnswerFormat(found, mask, quiz.caseSensitive)) continue;
    const key = quiz.caseSensitive ? found : found.toLowerCase();
    if (!candidates.has(key)) candidates.set(key, found);
  }
  return [...candidates.values()];
}

/**
 * (b) A quiz whose mask fits exactly one token of its own recording and files, and that token is an
 * accepted answer: the learner finds the answer by its shape alone, without the skill the quiz asks for.
 */
export const checkGiveawayMasks: ContentCheck = (content, lines) => {
  const problems: Problem[] = [];
  for (const quiz of quizzesOf(content)) {
    const candidates = maskCandidates(quiz);
    if (candidates.length !== 1) continue;
    const [only] = candidates;
    const same = (answer: string) => (quiz.caseSensitive ? answer === only : answer.toLowerCase() === only!.toLowerCase());
    if (!quiz.answers.some(same)) continue;
    problems.push({
      file: quiz.file,
      line: lines(quiz.file, ['answer_format']),
      message: `answer_format "${quiz.answerFormat}" fits only one token of the quiz's own recording and files, the answer "${only}": the mask gives it away`,
    });
  }
  return problems;
};

/** (c) A quiz without an explanation (why that is the answer, what to do next). */
export const checkQuizExplanations: ContentCheck = (content) =>
  quizzesOf(content)
    .filter((quiz) => quiz.explanation === undefined)
    .map((quiz) => ({
      file: quiz.file,
      line: 1,
      message: 'quiz has no explanation: say why that is the answer, and what a professional would do next',
    }));

/** The fewest words of prose (code blocks aside) a lesson may have: enough to explain, show and ask to try. */
export const LESSON_MIN_PROSE_WORDS = 450;

/** (d) A lesson under the word floor: a primer, not a lesson. */
export const checkLessonWords: ContentCheck = (content) =>
  content.courses.flatMap((course) =>
    course.modules.flatMap((module) =>
      module.items.flatMap((item) => {
        if (item.type !== 'lesson') return [];
        const words = measureLesson(item.content).proseWords;
        if (words >= LESSON_MIN_PROSE_WORDS) return [];
        const message = `lesson has ${words} words of prose (code blocks aside), under the floor of ${LESSON_MIN_PROSE_WORDS}: explain why, show a worked example, and say what to try in the lab`;
        return [{ file: item.file, line: 1, message }];
      }),
    ),
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** (e) A challenge step whose question or hint holds one of its accepted answers as a word of its own. */
export const checkStepAnswersHidden: ContentCheck = (content, lines) =>
  content.challenges.flatMap((challenge) =>
    challenge.steps.flatMap((step, index) =>
      (['question', 'hint'] as const).flatMap((field) => {
        const given = step.answers.find((answer) =>
          new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(answer)}(?![\\p{L}\\p{N}_])`, 'iu').test(step[field]),
        );
        if (given === undefined) return [];
        const message = `steps.${index}.${field} gives the step's answer "${given}" away`;
        return [{ file: challenge.file, line: lines(challenge.file, ['steps', index, field]), message }];
      }),
    ),
  );

/**
 * (f) A quiz or challenge step whose answer has fewer than 1,000 possible values (answer-values.ts), unless it asks
 * for a set or an order: reported at its `answer`.
 */
export const checkSmallAnswers: ContentCheck = (content, lines) => [
  ...quizzesOf(content).flatMap((quiz) => {
    const problem = smallAnswerProblem({ ...quiz, line: lines(quiz.file, ['answer']) });
    return problem ? [problem] : [];
  }),
  ...content.challenges.flatMap((challenge) =>
    challenge.steps.flatMap((step, index) => {
      const line = lines(challenge.file, ['steps', index, 'answer']);
      const problem = smallAnswerProblem({ ...step, file: challenge.file, line });
      return problem ? [{ ...problem, message: `steps.${index}: ${problem.message}` }] : [];
    }),
  ),
];

/**
 * (g) A quiz of an attack course that declares `answer_visible`: the attack is how its answer is found, so the probe
 * must not find it in the lab (a file the attack leads to is named with `answer_at` instead).
 */
export const checkAttackAnswersEarned: ContentCheck = (content, lines) =>
  content.courses
    .filter((course) => course.attack)
    .flatMap((course) =>
      course.modules.flatMap((module) =>
        module.items.flatMap((item) =>
          item.type === 'quiz' && item.answerVisible !== undefined
            ? [
                {
                  file: item.file,
                  line: lines(item.file, ['answer_visible']),
                  message: `answer_visible: ${course.title} is an attack course, whose answers are earned by the attack: hide the answer, or name the file the attack leads to with answer_at`,
                },
              ]
            : [],
        ),
      ),
    );

/** The checks `content validate` runs. */
export const VALIDATE_CHECKS: ContentCheck[] = [
  checkChallengeFileReferences,
  checkGiveawayMasks,
  checkQuizExplanations,
  checkLessonWords,
  checkFreeReferences,
  checkCoursePrerequisites,
  checkStepAnswersHidden,
  checkLabSecrets,
  checkSmallAnswers,
  checkAttackAnswersEarned,
];

/** Runs the checks on a loaded folder. */
export async function runContentChecks(root: string, content: Content, checks = VALIDATE_CHECKS): Promise<Problem[]> {
  const files = [
    ...content.challenges.map((challenge) => challenge.file),
    ...quizzesOf(content).map((quiz) => quiz.file),
    ...content.courses.map((course) => course.file),
  ];
  const lines = await lineFinder(root, files);
  return checks.flatMap((check) => check(content, lines));
}

/**
 * Loads a folder and runs the checks on it: the loader's problems and the checks', in file and line order. The
 * checks are the curriculum's rules: problems under the strict rules (the default), warnings otherwise. The
 * API's `validateContent` adds the media its import could not serve.
 */
export async function checkContent(dir: string, rules: ContentRules = {}): Promise<LoadedContent> {
  const root = path.resolve(dir);
  const loaded = await loadContent(root, rules);
  const findings: Findings = { ...loaded, strict: rules.strict ?? true };
  for (const problem of await runContentChecks(root, loaded.content)) ruleBroken(findings, problem);
  return { content: loaded.content, problems: sortProblems(findings.problems), warnings: sortProblems(findings.warnings) };
}
