import { afterAll, describe, expect, it } from 'vitest';
import {
  challengeYaml,
  courseYaml,
  lessonMd,
  moduleYaml,
  quizYaml,
  TempFolders,
} from '../test/content-fixtures.ts';
import { MAX_CONTENT_POINTS } from './content.schemas.ts';
import { loadCtfd } from './ctfd/load-ctfd.ts';
import { loadContent } from './load-content.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

const TOO_MANY = `must be at most ${MAX_CONTENT_POINTS}`;
const linesOf = (problems: { file: string; line: number; message: string }[]) =>
  problems.map((p) => `${p.file}:${p.line}: ${p.message}`);

describe('points in content are bounded', () => {
  it('reports points past the bound in lessons, quizzes, hints, steps and badges at their lines', async () => {
    const dir = await folders.create({
      'courses/c/course.yaml': courseYaml('C'),
      'courses/c/01-m/module.yaml': moduleYaml('M'),
      'courses/c/01-m/01-l.md': lessonMd('L', undefined, 'points: 100001\n'),
      'courses/c/01-m/02-q.quiz.yaml': quizYaml('Q', '42', 'points: 9999999999999\nhint: Look.\nhint_cost: 200000\n'),
      'badges.yaml': `- slug: rich\n  name: Rich\n  description: Lots.\n  points: 2147483000\n  rule: { kind: lessons_completed, threshold: 1 }\n`,
      'challenges/big/challenge.yaml': challengeYaml('Big', 3).replace('points: 10\n', 'points: 2147483000\n'),
    });
    expect(linesOf((await loadContent(dir)).problems).sort()).toEqual([
      `badges.yaml:4: 0.points: ${TOO_MANY}`,
      `challenges/big/challenge.yaml:11: steps.0.points: ${TOO_MANY}`,
      `courses/c/01-m/01-l.md:3: points: ${TOO_MANY}`,
      `courses/c/01-m/02-q.quiz.yaml:4: points: ${TOO_MANY}`,
      `courses/c/01-m/02-q.quiz.yaml:6: hint_cost: ${TOO_MANY}`,
    ]);
  });

  it('reports CTFd value, extra.initial and hint cost past the bound at their lines', async () => {
    const dir = await folders.create({
      'one/challenge.yml': `name: One\ncategory: web\nvalue: 3000000000\nflags: [f]\n`,
      'two/challenge.yml': `name: Two\ncategory: web\ntype: dynamic\nextra:\n  initial: 2147483000\nflags: [f]\n`,
      'three/challenge.yml': `name: Three\ncategory: web\nvalue: 10\nhints:\n  - {content: h, cost: 100001}\nflags: [f]\n`,
    });
    const { content, problems } = await loadCtfd(dir);
    expect(linesOf(problems).sort()).toEqual([
      `one/challenge.yml:3: value: ${TOO_MANY}`,
      `three/challenge.yml:5: hints.0.cost: ${TOO_MANY}`,
      `two/challenge.yml:5: extra.initial: ${TOO_MANY}`,
    ]);
    expect(content.challenges).toEqual([]);
  });
});
