import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Content folders kept for tests: `valid/`, `broken/` (one problem of each kind) and `ctfd/` (CTFd challenge files). */
export const contentFixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** Small content folders for tests: a map of relative path → file text or bytes. */
export type FolderFiles = Record<string, string | Buffer>;

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n';

/** Nine lists of nine aliases, nine levels deep: 9^9 strings once expanded ("billion laughs"). */
export const BILLION_LAUGHS = Array.from({ length: 9 }, (_, level) =>
  level === 0
    ? 'l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'
    : `l${level}: &l${level} [${Array(9)
        .fill(`*l${level - 1}`)
        .join(', ')}]`,
)
  .join('\n')
  .concat('\n');

export function courseYaml(title: string, difficulty = 'easy', extra = ''): string {
  return `title: ${title}\nsummary: Summary of ${title}.\ndescription: About ${title}.\ndifficulty: ${difficulty}\naccess: free\n${extra}`;
}

export function moduleYaml(title: string, extra = ''): string {
  return `title: ${title}\nsummary: Summary of ${title}.\ndifficulty: easy\naccess: free\n${extra}`;
}

/** Prose long enough for content validate's word floor (content-checks.ts). */
export const LESSON_TEXT = Array.from(
  { length: 52 },
  (_, i) => `Sentence ${i + 1} of the lesson explains one more thing.`,
).join(' ');

export function lessonMd(title: string, body = LESSON_TEXT, frontMatter = ''): string {
  return `---\ntitle: ${title}\n${frontMatter}---\n\n# ${title}\n\n${body}\n`;
}

/** A quiz without an explanation, which content validate reports. */
export function unexplainedQuizYaml(title: string, answer = '4096', extra = ''): string {
  return `title: ${title}\nquestion: What is the answer?\nanswer: '${answer}'\n${extra}`;
}

/** A valid quiz: `extra` fields, then an explanation unless `extra` has one (so `extra` keeps its line numbers). */
export function quizYaml(title: string, answer = '4096', extra = ''): string {
  const explanation = /^explanation:/m.test(extra) ? '' : 'explanation: Because.\n';
  const fields = extra === '' || extra.endsWith('\n') ? extra : `${extra}\n`;
  return unexplainedQuizYaml(title, answer, `${fields}${explanation}`);
}

export function challengeYaml(title: string, steps = 3, extra = ''): string {
  const stepText = Array.from(
    { length: steps },
    (_, i) =>
      `  - title: Step ${i + 1}\n    question: Question ${i + 1}?\n    answer: answer-${i + 1}\n    points: ${10 * (i + 1)}\n    hint: Hint ${i + 1}.\n    hint_cost: 2\n`,
  ).join('');
  return `title: ${title}\nsummary: Summary of ${title}.\ndescription: Story of ${title}.\ncategory: crypto\ndifficulty: easy\naccess: free\n${extra}steps:\n${stepText}`;
}

/** One course (two modules of a lesson and a quiz), one badge and one challenge, slugs prefixed by `tag`. */
export function sampleFolder(tag: string): Record<string, string> {
  return {
    [`courses/${tag}-course/course.yaml`]: courseYaml(`${tag} course`),
    [`courses/${tag}-course/01-${tag}-basics/module.yaml`]: moduleYaml(`${tag} basics`),
    [`courses/${tag}-course/01-${tag}-basics/01-welcome.md`]: lessonMd('Welcome'),
    [`courses/${tag}-course/01-${tag}-basics/02-check.quiz.yaml`]: quizYaml('Check'),
    [`courses/${tag}-course/02-${tag}-more/module.yaml`]: moduleYaml(`${tag} more`),
    [`courses/${tag}-course/02-${tag}-more/01-reading.md`]: lessonMd('Reading'),
    [`courses/${tag}-course/02-${tag}-more/02-quiz.quiz.yaml`]: quizYaml('Quiz', 'yes'),
    'badges.yaml': `- slug: ${tag}-badge\n  name: ${tag} badge\n  description: Complete a lesson.\n  points: 5\n  rule: { kind: lessons_completed, threshold: 1 }\n`,
    [`challenges/${tag}-challenge/challenge.yaml`]: challengeYaml(`${tag} challenge`),
  };
}

export class TempFolders {
  private readonly dirs: string[] = [];

  async create(files: FolderFiles): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bastion-content-'));
    this.dirs.push(dir);
    await writeFolder(dir, files);
    return dir;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/** Replaces the folder's files with `files`. */
export async function writeFolder(dir: string, files: FolderFiles): Promise<void> {
  for (const entry of ['courses', 'challenges', 'badges', 'badges.yaml']) {
    await rm(path.join(dir, entry), { recursive: true, force: true });
  }
  for (const [rel, data] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }
}
