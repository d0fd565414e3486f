import { afterAll, describe, expect, it } from 'vitest';
import { courseYaml, lessonMd, moduleYaml, quizYaml, TempFolders, unexplainedQuizYaml } from '../test/content-fixtures.ts';
import { loadContent } from './load-content.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

const QUIZ = 'courses/c/01-m/02-q.quiz.yaml';

/** A course of one module: a lesson and the quiz under test. */
async function loadQuiz(quizText: string) {
  const dir = await folders.create({
    'courses/c/course.yaml': courseYaml('C'),
    'courses/c/01-m/module.yaml': moduleYaml('M'),
    'courses/c/01-m/01-l.md': lessonMd('L'),
    [QUIZ]: quizText,
  });
  const { content, problems } = await loadContent(dir);
  const quiz = content.courses[0]?.modules[0]?.items.find((item) => item.type === 'quiz');
  return { quiz, problems };
}

describe('quiz explanation and hint', () => {
  it('loads the explanation, the hint and its cost', async () => {
    const { quiz, problems } = await loadQuiz(
      quizYaml('Q', '42', 'points: 10\nexplanation: |\n  Because **42**.\nhint: Count the lines.\nhint_cost: 10\n'),
    );
    expect(problems).toEqual([]);
    expect(quiz).toMatchObject({ explanation: 'Because **42**.', hint: 'Count the lines.', hintCost: 10 });
  });

  it('takes neither: no explanation, no hint, nothing to pay', async () => {
    const { quiz, problems } = await loadQuiz(unexplainedQuizYaml('Q'));
    expect(problems).toEqual([]);
    expect(quiz).toMatchObject({ explanation: undefined, hint: undefined, hintCost: 0 });
  });

  it.each([
    ['a hint without its cost', 'hint: Look closer.\n', 1, /hint_cost: is required with a hint \(0 makes it free\)/],
    ['a cost without a hint', 'hint_cost: 2\n', 1, /hint: is required with a hint_cost/],
    ['a cost above the points', 'points: 5\nhint: Look.\nhint_cost: 6\n', 6, /hint_cost: must not exceed the quiz points/],
    ['a negative cost', 'hint: Look.\nhint_cost: -1\n', 5, /hint_cost: /],
    ['a cost that is not a whole number', 'hint: Look.\nhint_cost: 1.5\n', 5, /hint_cost: /],
    ['an empty explanation', "explanation: ' '\n", 4, /explanation: must not be empty/],
    ['an empty hint', "hint: ''\nhint_cost: 0\n", 4, /hint: must not be empty/],
  ])('reports %s at its line', async (_name, extra, line, message) => {
    const { problems } = await loadQuiz(quizYaml('Q', '42', extra));
    expect(problems).toEqual([{ file: QUIZ, line, message: expect.stringMatching(message) }]);
  });
});
