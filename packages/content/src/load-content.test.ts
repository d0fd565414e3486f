import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContent } from './load-content.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, '../test/fixtures', name);

describe('loadContent on a valid folder', () => {
  it('loads courses, ordered items, badges and challenges without problems', async () => {
    const { content, problems } = await loadContent(fixture('valid'));
    expect(problems).toEqual([]);

    const [course] = content.courses;
    expect(course).toMatchObject({ slug: 'demo-course', title: 'Demo course', difficulty: 'easy', access: 'free' });
    const [module] = course!.modules;
    expect(module).toMatchObject({
      slug: 'first-steps',
      order: 1,
      access: 'premium',
      // A 3-minute lesson (its 468 words at 200 a minute, rounded up); a quiz with a lab: 1 minute to read, 2 to
      // answer, 3 in its lab.
      minutes: 3 + 6,
      image: 'courses/demo-course/01-first-steps/images/module.svg',
    });
    expect(module!.items.map((i) => [i.type, i.order, i.slug])).toEqual([
      ['lesson', 1, 'welcome'],
      ['quiz', 2, 'check'],
    ]);
    const [lesson, quiz] = module!.items;
    expect(lesson).toMatchObject({ title: 'Welcome', points: 5, minutes: 3 });
    expect(quiz).toMatchObject({ minutes: 6 });
    expect(lesson!.type === 'lesson' && lesson!.content).toMatch(/^# Welcome\n/);
    expect(quiz).toMatchObject({
      points: 10,
      answers: ['127.0.0.1', '127.0.0.1'],
      answerFormat: '***.*.*.*',
      caseSensitive: false,
      terminal: { hostname: 'lab', cwd: '/home/student', files: { '/home/student/notes.txt': 'hello\n' } },
    });

    expect(content.badges.map((b) => [b.slug, b.rule.kind, b.rule.threshold, b.image])).toEqual([
      ['first-lesson', 'lessons_completed', 1, 'badges/first-lesson.svg'],
      ['first-blood', 'first_blood', undefined, undefined],
    ]);

    const [challenge] = content.challenges;
    expect(challenge).toMatchObject({ slug: 'lost-key', category: 'crypto', access: 'premium' });
    expect(challenge!.attachments).toEqual(['challenges/lost-key/files/cipher.txt']);
    expect(challenge!.steps.map((s) => [s.order, s.answers, s.points, s.hintCost])).toEqual([
      [1, ['1024'], 10, 2],
      [2, ['caesar', 'rot13'], 20, 5],
      [3, ['FLAG{ok}'], 30, 10],
    ]);
  });
});

describe('loadContent on a broken folder', () => {
  const expected: [file: string, line: number, message: RegExp][] = [
    ['badges.yaml', 10, /threshold/],
    ['badges.yaml', 16, /rule\.kind/],
    ['badges.yaml', 17, /duplicate badge slug ok-badge/],
    ['badges.yaml', 20, /image badges\/missing\.svg does not exist/],
    ['badges.yaml', 29, /first_blood takes no threshold/],
    ['challenges/bad-challenge/challenge.yaml', 4, /category/],
    ['challenges/bad-challenge/challenge.yaml', 8, /attachment files\/gone\.txt does not exist/],
    ['challenges/bad-challenge/challenge.yaml', 10, /3 to 6 steps/],
    ['challenges/bad-challenge/challenge.yaml', 15, /hint_cost/],
    ['courses/bad-course/course.yaml', 4, /difficulty/],
    ['courses/bad-course/course.yaml', 6, /colour: unknown field/],
    ['courses/bad-course/01-mod/module.yaml', 5, /minutes: is computed from the text/],
    ['courses/bad-course/01-mod/01-empty.md', 4, /no Markdown content/],
    ['courses/bad-course/01-mod/02-no-title.md', 2, /title: is required/],
    ['courses/bad-course/01-mod/02-no-title.md', 9, /image images\/nowhere\.png does not exist/],
    ['courses/bad-course/01-mod/03-mask.quiz.yaml', 5, /"2222" does not fit answer_format "\*\*"/],
    ['courses/bad-course/01-mod/04-empty-answer.quiz.yaml', 3, /at least one accepted answer/],
    ['courses/bad-course/01-mod/04-empty-answer.quiz.yaml', 7, /cwd: must be an absolute path/],
    ['courses/bad-course/01-mod/04-empty-answer.quiz.yaml', 9, /entries\.0\.output: is required/],
    ['courses/bad-course/01-mod/06-author.md', 3, /author: unknown field/],
    ['courses/bad-course/01-mod/07-twin-b.md', 1, /duplicate ordering prefix 7/],
    ['courses/bad-course/01-mod/intro.md', 1, /ordering prefix/],
  ];

  it('reports every problem with its file and line, and nothing else', async () => {
    const { problems } = await loadContent(fixture('broken'));
    for (const [file, line, message] of expected) {
      expect(problems, `${file}:${line} ${message}`).toContainEqual({
        file,
        line,
        message: expect.stringMatching(message),
      });
    }
    expect(problems).toHaveLength(expected.length);
  });

  it('still returns what is valid beside the problems', async () => {
    const { content } = await loadContent(fixture('broken'));
    expect(content.badges.map((b) => b.slug)).toEqual(['ok-badge', 'ok-badge']);
    expect(content.courses).toEqual([]);
  });
});

describe('loadContent on files that are not valid YAML', () => {
  it('reports the syntax error at its line, in quizzes and in lesson front matter', async () => {
    // Written at run time: a YAML syntax error kept in the repository would break the formatter.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'content-syntax-'));
    try {
      const moduleDir = path.join(dir, 'courses', 'syntax', '01-mod');
      await mkdir(moduleDir, { recursive: true });
      await writeFile(
        path.join(dir, 'courses', 'syntax', 'course.yaml'),
        'title: T\nsummary: S\ndescription: D\ndifficulty: easy\naccess: free\n',
      );
      await writeFile(
        path.join(moduleDir, 'module.yaml'),
        'title: M\nsummary: S\ndifficulty: easy\naccess: free\n',
      );
      await writeFile(path.join(moduleDir, '01-quiz.quiz.yaml'), 'title: Q\nquestion: [unclosed\nanswer: x\n');
      await writeFile(path.join(moduleDir, '02-lesson.md'), '---\ntitle: L\nminutes: [3\n---\n\nBody.\n');

      const { problems } = await loadContent(dir);
      expect(problems).toEqual([
        { file: 'courses/syntax/01-mod/01-quiz.quiz.yaml', line: 3, message: expect.stringMatching(/^invalid YAML/) },
        { file: 'courses/syntax/01-mod/02-lesson.md', line: 3, message: expect.stringMatching(/^invalid YAML/) },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('loadContent: the catalogue order of courses', () => {
  async function coursesFolder(orders: Record<string, number | undefined>) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'content-order-'));
    for (const [slug, order] of Object.entries(orders)) {
      const moduleDir = path.join(dir, 'courses', slug, `01-${slug}-basics`);
      await mkdir(moduleDir, { recursive: true });
      const orderLine = order === undefined ? '' : `order: ${order}\n`;
      await writeFile(
        path.join(dir, 'courses', slug, 'course.yaml'),
        `title: ${slug}\nsummary: S\ndescription: D\ndifficulty: easy\naccess: free\n${orderLine}`,
      );
      await writeFile(path.join(moduleDir, 'module.yaml'), 'title: M\nsummary: S\ndifficulty: easy\naccess: free\n');
      await writeFile(path.join(moduleDir, `01-${slug}-welcome.md`), '---\ntitle: Welcome\n---\n\nBody.\n');
    }
    return dir;
  }

  it('puts courses with an order first, by it, then the others by folder name, numbered from 1', async () => {
    const dir = await coursesFolder({ alpha: undefined, beta: 2, gamma: 1, delta: undefined });
    try {
      const { content, problems } = await loadContent(dir);
      expect(problems).toEqual([]);
      expect(content.courses.map((c) => [c.slug, c.order])).toEqual([
        ['gamma', 1],
        ['beta', 2],
        ['alpha', 3],
        ['delta', 4],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports two courses that claim the same place', async () => {
    const dir = await coursesFolder({ alpha: 1, beta: 1 });
    try {
      const { problems } = await loadContent(dir);
      expect(problems).toEqual([
        { file: 'courses/beta/course.yaml', line: 1, message: 'duplicate course order 1 (also in courses/alpha/course.yaml)' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('loadContent on a missing folder', () => {
  it('reports that the folder does not exist', async () => {
    const { problems } = await loadContent(fixture('does-not-exist'));
    expect(problems).toEqual([{ file: '.', line: 1, message: expect.stringMatching(/is not a folder/) }]);
  });
});
