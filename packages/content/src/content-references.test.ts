import { afterAll, describe, expect, it } from 'vitest';
import {
  challengeYaml,
  courseYaml,
  lessonMd,
  LESSON_TEXT,
  moduleYaml,
  quizYaml,
  TempFolders,
  type FolderFiles,
} from '../test/content-fixtures.ts';
import { namedTitles } from './content-references.ts';
import { checkContent } from './content-checks.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

const problemsOf = async (files: FolderFiles) => (await checkContent(await folders.create(files))).problems;

/** A free course (a lesson and a quiz) beside a premium course "Packet Work" whose module is "Reading Captures". */
function catalogue(free: { lesson?: string; description?: string; quizHint?: string } = {}): FolderFiles {
  return {
    'courses/basics/course.yaml': courseYaml('Basics'),
    'courses/basics/01-start/module.yaml': moduleYaml('Start'),
    'courses/basics/01-start/01-intro.md': lessonMd('Intro', free.lesson ?? LESSON_TEXT),
    'courses/basics/01-start/02-q.quiz.yaml': quizYaml('Q', '4096', free.quizHint ? `hint: ${JSON.stringify(free.quizHint)}\nhint_cost: 1` : ''),
    'courses/packet-work/course.yaml': courseYaml('Packet Work').replace('access: free', 'access: premium'),
    'courses/packet-work/01-captures/module.yaml': moduleYaml('Reading Captures').replace('access: free', 'access: premium'),
    'courses/packet-work/01-captures/01-pcap.md': lessonMd('The Pcap Format'),
    'challenges/knock/challenge.yaml': challengeYaml('Knock').replace(
      'description: Story of Knock.',
      `description: ${JSON.stringify(free.description ?? 'A story.')}`,
    ),
  };
}

describe('content validate: free items lead to free items', () => {
  it('reports a free challenge that sends the learner to a premium module, at its description', async () => {
    const problems = await problemsOf(catalogue({ description: 'The *Reading Captures* module shows how.' }));
    expect(problems).toEqual([
      {
        file: 'challenges/knock/challenge.yaml',
        line: 3,
        message: expect.stringContaining('refers to the premium module "Reading Captures"'),
      },
    ]);
  });

  it('reports a free lesson naming a premium lesson, a free hint naming a premium course', async () => {
    const problems = await problemsOf(
      catalogue({
        lesson: `${LESSON_TEXT}\n\nNext, read [The Pcap Format](/courses).`,
        quizHint: 'See **Packet Work**.',
      }),
    );
    expect(problems.map((problem) => [problem.file, problem.line, problem.message.split(':')[0]])).toEqual([
      ['courses/basics/01-start/01-intro.md', 1, 'free content refers to the premium lesson "The Pcap Format" (as "The Pcap Format")'],
      ['courses/basics/01-start/02-q.quiz.yaml', 4, 'free content refers to the premium course "Packet Work" (as "Packet Work")'],
    ]);
  });

  it('leaves free references, premium items and plain emphasis alone', async () => {
    expect(await problemsOf(catalogue({ description: 'Read the *Intro* lesson, *carefully*. Packet Work is premium.' }))).toEqual(
      [],
    );
    const premiumChallenge = catalogue({ description: 'The *Reading Captures* module shows how.' });
    premiumChallenge['challenges/knock/challenge.yaml'] = (premiumChallenge['challenges/knock/challenge.yaml'] as string).replace(
      'access: free',
      'access: premium',
    );
    expect(await problemsOf(premiumChallenge)).toEqual([]);
  });

  it('reads titles from emphasis and link texts only', () => {
    expect(namedTitles('the *Reading Captures* module, __Intro__, [The Pcap Format](/x) and 2*3*4')).toEqual([
      'Reading Captures',
      'Intro',
      'The Pcap Format',
    ]);
  });
});
