import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  courseYaml,
  lessonMd,
  moduleYaml,
  TempFolders,
  unexplainedQuizYaml,
} from '../test/content-fixtures.ts';
import { checkContent } from './content-checks.ts';
import type { Problem } from './content.model.ts';
import { loadContent } from './load-content.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());
const broken = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/broken');
const lines = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line}: ${p.message}`);

/**
 * A folder as the format stood before: minutes written by hand, a short lesson, a quiz without an explanation whose
 * answer is a two-digit number.
 */
const lastWeeksFolder = {
  'courses/old/course.yaml': courseYaml('Old', 'easy', 'minutes: 90\n'),
  'courses/old/01-intro/module.yaml': moduleYaml('Intro', 'minutes: 20\n'),
  'courses/old/01-intro/01-hello.md': lessonMd('Hello', 'A short lesson.', 'minutes: 5\n'),
  'courses/old/01-intro/02-check.quiz.yaml': unexplainedQuizYaml(
    'Check',
    '42',
    'terminal:\n  hostname: lab\n  user: student\n  cwd: /home/student\n  entries:\n    - command: echo 42\n      output: "42"\n      shell: bash\n',
  ),
};

describe('the strict rules, for the shipped curriculum', () => {
  it('refuse fields the format does not read, saying why a retired one went', async () => {
    const { problems, warnings } = await loadContent(broken);
    expect(lines(problems)).toEqual(
      expect.arrayContaining([
        'courses/bad-course/course.yaml:6: colour: unknown field',
        'courses/bad-course/01-mod/module.yaml:5: minutes: is computed from the text (content/README.md, "Reading times"): remove it',
        'courses/bad-course/01-mod/06-author.md:3: author: unknown field',
      ]),
    );
    expect(warnings).toEqual([]);
  });

  it('make every curriculum rule a problem', async () => {
    const dir = await folders.create(lastWeeksFolder);
    const { problems, warnings } = await checkContent(dir, { strict: true });
    expect(warnings).toEqual([]);
    expect(lines(problems)).toEqual([
      // A file refused for a field is not read further: its lesson is not measured.
      'courses/old/01-intro/01-hello.md:3: minutes: is computed from the text (content/README.md, "Reading times"): remove it',
      'courses/old/01-intro/02-check.quiz.yaml:11: terminal.entries.0.shell: unknown field',
      'courses/old/01-intro/module.yaml:5: minutes: is computed from the text (content/README.md, "Reading times"): remove it',
      'courses/old/course.yaml:6: minutes: is computed from the text (content/README.md, "Reading times"): remove it',
    ]);
  });
});

describe("the lenient rules, for an operator's own content", () => {
  it('ignore fields the format does not read, with a warning each, and read the rest', async () => {
    const { content, problems, warnings } = await loadContent(broken, { strict: false });
    expect(lines(warnings)).toEqual([
      'courses/bad-course/01-mod/06-author.md:3: author: unknown field, ignored',
      'courses/bad-course/01-mod/module.yaml:5: minutes: is computed from the text (content/README.md, "Reading times"); the value is ignored',
      'courses/bad-course/course.yaml:6: colour: unknown field, ignored',
    ]);
    const strict = await loadContent(broken);
    expect(lines(problems)).toEqual(lines(strict.problems).filter((line) => !/unknown field|remove it/.test(line)));
    // The course still fails on its difficulty; the problems that are real stay problems.
    expect(content.courses).toEqual([]);
  });

  it('import a folder that validated before the rules changed, warning about each rule it breaks', async () => {
    const dir = await folders.create(lastWeeksFolder);
    const { content, problems, warnings } = await checkContent(dir, { strict: false });
    expect(problems).toEqual([]);
    expect(lines(warnings)).toEqual([
      expect.stringMatching(/^courses\/old\/01-intro\/01-hello\.md:1: lesson has 4 words of prose/),
      'courses/old/01-intro/01-hello.md:3: minutes: is computed from the text (content/README.md, "Reading times"); the value is ignored',
      'courses/old/01-intro/02-check.quiz.yaml:1: quiz has no explanation: say why that is the answer, and what a professional would do next',
      expect.stringMatching(/^courses\/old\/01-intro\/02-check\.quiz\.yaml:3: the answer "42" is one of about 90 values, fewer than 1,000/),
      'courses/old/01-intro/02-check.quiz.yaml:11: terminal.entries.0.shell: unknown field, ignored',
      'courses/old/01-intro/module.yaml:5: minutes: is computed from the text (content/README.md, "Reading times"); the value is ignored',
      'courses/old/course.yaml:6: minutes: is computed from the text (content/README.md, "Reading times"); the value is ignored',
    ]);
    const module = content.courses[0]!.modules[0]!;
    expect(module.items.map((item) => [item.slug, item.minutes])).toEqual([
      ['hello', 1],
      ['check', 6],
    ]);
    // The hand-written 20 is ignored: a module's minutes are its items'.
    expect(module.minutes).toBe(7);
  });
});
