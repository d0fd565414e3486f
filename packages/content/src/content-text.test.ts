import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  challengeYaml,
  courseYaml,
  lessonMd,
  moduleYaml,
  quizYaml,
  sampleFolder,
  TempFolders,
} from '../test/content-fixtures.ts';
import {
  checkYamlTexts,
  MAX_FOLDER_TEXT_BYTES,
  MAX_TEXT_FIELD_BYTES,
  MAX_TEXT_FILE_BYTES,
  refusedCharacter,
} from './content-text.ts';
import { loadCtfd } from './ctfd/load-ctfd.ts';
import { loadContent } from './load-content.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

const MODULE = 'courses/text-course/01-text-basics';
/** A folder of one course and one module, with `files` added (paths relative to the module). */
const courseFolder = (files: Record<string, string | Buffer>) =>
  folders.create({
    'courses/text-course/course.yaml': courseYaml('Text course'),
    [`${MODULE}/module.yaml`]: moduleYaml('Text basics'),
    ...Object.fromEntries(Object.entries(files).map(([name, data]) => [`${MODULE}/${name}`, data])),
  });

const ctfdChallenge = (name: string, extra = '') =>
  `name: ${name}\ncategory: misc\nvalue: 10\nflags: ['flag{x}']\n${extra}`;

describe('control characters in content', () => {
  it('finds NUL and the other C0 controls but tab, line feed and carriage return, DEL, C1 and lone surrogates', () => {
    expect(refusedCharacter('a\u0000b')).toBe('U+0000');
    expect(refusedCharacter('colour \u001b[31m')).toBe('U+001B');
    expect(refusedCharacter('a\u007fb')).toBe('U+007F');
    expect(refusedCharacter('a\u0085b')).toBe('U+0085');
    expect(refusedCharacter('a\ud800b')).toBe('U+D800');
    expect(refusedCharacter('tab\there\r\nnext line, and an emoji 🛡️')).toBeUndefined();
  });

  it('are a problem at the line of the YAML field that holds them, escaped or not, and the item is left out', async () => {
    const dir = await courseFolder({
      '01-nul.quiz.yaml': 'title: "Nul\\0Quiz"\nquestion: What?\nanswer: abcdefghijklmnop\nexplanation: Because.\n',
      '02-escape.quiz.yaml': quizYaml('Escape', '42', 'hint: "red \\e[31m text"\nhint_cost: 1\n'),
      '03-raw.quiz.yaml': `title: Raw\nquestion: "a\u0001b"\nanswer: x\nexplanation: Because.\n`,
      '04-key.quiz.yaml': quizYaml('Key', '42', 'terminal:\n  hostname: lab\n  user: student\n  cwd: /home/student\n  files:\n    "/home/student/a\\0b": hello\n'),
      '05-fine.md': lessonMd('Fine'),
    });
    const { content, problems } = await loadContent(dir, { strict: false });
    expect(problems).toEqual([
      { file: `${MODULE}/01-nul.quiz.yaml`, line: 1, message: expect.stringMatching(/^title: contains the control character U\+0000;/) },
      { file: `${MODULE}/02-escape.quiz.yaml`, line: 4, message: expect.stringMatching(/^hint: contains the control character U\+001B;/) },
      { file: `${MODULE}/03-raw.quiz.yaml`, line: 2, message: expect.stringMatching(/^question: contains the control character U\+0001;/) },
      {
        file: `${MODULE}/04-key.quiz.yaml`,
        line: 9,
        message: expect.stringMatching(/^terminal\.files\.\/home\/student\/a\uFFFDb: its name contains the control character U\+0000;/),
      },
    ]);
    expect(content.courses[0]!.modules[0]!.items.map((item) => item.slug)).toEqual(['fine']);
  });

  it('are a problem at their line in a lesson, front matter and Markdown alike', async () => {
    const dir = await courseFolder({
      '01-front.md': lessonMd('Front\u0000matter'),
      '02-body.md': `---\ntitle: Body\n---\n\n# Body\n\nA line.\nA NUL \u0000 here.\nA bell \u0007 and a tab\tthere.\n`,
      '03-crlf.md': '---\r\ntitle: Windows\r\n---\r\n\r\nLines end in CR LF.\r\nAnd tabs\tare fine.\r\n',
    });
    const { content, problems } = await loadContent(dir, { strict: false });
    expect(problems).toEqual([
      { file: `${MODULE}/01-front.md`, line: 2, message: expect.stringMatching(/^title: contains the control character U\+0000;/) },
      { file: `${MODULE}/01-front.md`, line: 5, message: expect.stringMatching(/^contains the control character U\+0000;/) },
      {
        file: `${MODULE}/02-body.md`,
        line: 8,
        message: expect.stringMatching(/^contains the control character U\+0000;.* \(and on 1 more line\)$/),
      },
    ]);
    expect(content.courses[0]!.modules[0]!.items.map((item) => item.slug)).toEqual(['crlf']);
  });

  it('leave one CTFd challenge out, and the rest of the pack is imported', async () => {
    const dir = await folders.create({
      'a/challenge.yml': ctfdChallenge('Kept'),
      'b/challenge.yml': ctfdChallenge('"A\\0B"'),
      'c/challenge.yml': ctfdChallenge('Described', 'description: "Line one\\0"\n'),
      'd/challenge.yml': ctfdChallenge('Flagged', 'hints: ["\\x1b[2J"]\n'),
    });
    const { content, problems } = await loadCtfd(dir);
    expect(problems).toEqual([
      { file: 'b/challenge.yml', line: 1, message: expect.stringMatching(/^name: contains the control character U\+0000/) },
      { file: 'c/challenge.yml', line: 5, message: expect.stringMatching(/^description: contains the control character U\+0000/) },
      { file: 'd/challenge.yml', line: 5, message: expect.stringMatching(/^hints\.0: contains the control character U\+001B/) },
    ]);
    expect(content.challenges.map((challenge) => challenge.slug)).toEqual(['kept']);
  });

  it('are looked for in a deeply nested value without overflowing the stack', () => {
    let value: unknown = 'deep\u0000';
    for (let depth = 0; depth < 50_000; depth += 1) value = [value];
    const found: string[] = [];
    expect(checkYamlTexts(value, [], (where) => found.push(String(where.length)))).toBe(false);
    expect(found).toEqual(['50000']);
  });
});

describe('size limits of content', () => {
  const big = (bytes: number) => `${'word '.repeat(Math.ceil(bytes / 5))}\n`;

  it('refuse a lesson over 1 MB without reading it', async () => {
    const dir = await courseFolder({ '01-huge.md': lessonMd('Huge', big(MAX_TEXT_FILE_BYTES)), '02-fine.md': lessonMd('Fine') });
    // 40 MB on disk, written as a hole: the loader must refuse it by its size.
    await truncate(path.join(dir, MODULE, '01-huge.md'), 40 * 1024 * 1024);
    const { content, problems } = await loadContent(dir, { strict: false });
    expect(problems).toEqual([
      { file: `${MODULE}/01-huge.md`, line: 1, message: 'file is 40 MB; a lesson or YAML file may be at most 1 MB' },
    ]);
    expect(content.courses[0]!.modules[0]!.items.map((item) => item.slug)).toEqual(['fine']);
  });

  it('refuse a YAML file over 1 MB, and a text field over 64 KB at its line', async () => {
    const dir = await folders.create({
      ...sampleFolder('sizes'),
      'challenges/long-story/challenge.yaml': challengeYaml('Long story').replace(
        'description: Story of Long story.',
        `description: ${'a'.repeat(MAX_TEXT_FIELD_BYTES + 1)}`,
      ),
      'challenges/huge-file/challenge.yaml': `title: Huge\n# ${'#'.repeat(MAX_TEXT_FILE_BYTES)}\n`,
    });
    const { problems } = await loadContent(dir, { strict: false });
    expect(problems).toEqual([
      {
        file: 'challenges/huge-file/challenge.yaml',
        line: 1,
        message: expect.stringMatching(/^file is 1,048,\d{3} bytes; a lesson or YAML file may be at most 1 MB$/),
      },
      {
        file: 'challenges/long-story/challenge.yaml',
        line: 3,
        message: expect.stringMatching(/^description: is 65,537 bytes; a text field may be at most 64 KB/),
      },
    ]);
  });

  it('refuse a CTFd description over 64 KB, leaving that challenge out only', async () => {
    const dir = await folders.create({
      'a/challenge.yml': ctfdChallenge('Kept'),
      'b/challenge.yml': ctfdChallenge('Long', `description: ${'x'.repeat(30 * 1024 * 1024 / 64)}\n`),
      'c/challenge.yml': ctfdChallenge('Huge', `description: ${'x'.repeat(MAX_TEXT_FILE_BYTES)}\n`),
    });
    const { content, problems } = await loadCtfd(dir);
    expect(problems).toEqual([
      { file: 'b/challenge.yml', line: 5, message: expect.stringMatching(/^description: is 480 KB; a text field may be at most 64 KB/) },
      { file: 'c/challenge.yml', line: 1, message: expect.stringMatching(/^file is 1,048,\d{3} bytes; a lesson or YAML file may be at most 1 MB$/) },
    ]);
    expect(content.challenges.map((challenge) => challenge.slug)).toEqual(['kept']);
  });

  it('refuse a lab file source over 1 MB at the line that names it', async () => {
    const dir = await courseFolder({
      '01-lab.quiz.yaml': quizYaml(
        'Lab',
        '42',
        'terminal:\n  hostname: lab\n  user: student\n  cwd: /home/student\n  files:\n    /home/student/big.log: { source: assets/big.log }\n',
      ),
      'assets/big.log': '',
    });
    await truncate(path.join(dir, MODULE, 'assets/big.log'), 3 * MAX_TEXT_FILE_BYTES);
    const { problems } = await loadContent(dir, { strict: false });
    expect(problems).toEqual([
      {
        file: `${MODULE}/01-lab.quiz.yaml`,
        line: 9,
        message: 'source assets/big.log is 3 MB; a lab file may be at most 1 MB',
      },
    ]);
  });

  it('refuse the files past the folder’s total', async () => {
    // Lessons just under 1 MB each: the folder's total is passed at the 33rd.
    const lesson = lessonMd('Long', big(MAX_TEXT_FILE_BYTES - 100));
    const count = Math.floor(MAX_FOLDER_TEXT_BYTES / Buffer.byteLength(lesson)) + 2;
    const files = Object.fromEntries(
      Array.from({ length: count }, (_, index) => [`${String(index + 1).padStart(2, '0')}-long.md`, lesson]),
    );
    const dir = await courseFolder(files);
    const { problems } = await loadContent(dir, { strict: false });
    const refused = problems.filter((problem) => /pass 32 MB together/.test(problem.message));
    expect(refused.map((problem) => problem.file)).toEqual([
      `${MODULE}/${String(count - 1).padStart(2, '0')}-long.md`,
      `${MODULE}/${String(count).padStart(2, '0')}-long.md`,
    ]);
    expect(refused[0]!.message).toBe(
      "the folder's lessons and YAML files pass 32 MB together at this file: split the content into several folders",
    );
    // It writes and reads 34 MB: 2 s alone, past the 5 s default beside CI's browser lane on a slow host.
  }, 60_000);
});
