import { afterAll, describe, expect, it } from 'vitest';
import {
  challengeYaml,
  courseYaml,
  lessonMd,
  moduleYaml,
  quizYaml,
  TempFolders,
  unexplainedQuizYaml,
  type FolderFiles,
} from '../test/content-fixtures.ts';
import {
  checkContent,
  checkLessonWords,
  checkQuizExplanations,
  LESSON_MIN_PROSE_WORDS,
  lineFinder,
  maskCandidates,
  VALIDATE_CHECKS,
} from './content-checks.ts';
import { answerValues, asksForList } from './answer-values.ts';
import type { Quiz } from './content.model.ts';
import { loadContent } from './load-content.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

const CHALLENGE = 'challenges/leak/challenge.yaml';
const QUIZ = 'courses/c/01-m/02-q.quiz.yaml';

async function problemsOf(files: FolderFiles) {
  return (await checkContent(await folders.create(files))).problems;
}

/** A challenge whose story is `description` and whose first hint is `hint`, shipping `attachments`. */
function challengeFolder(description: string, hint: string, attachments: Record<string, string>): FolderFiles {
  const listed = Object.keys(attachments).map((file) => `  - ${file}\n`);
  const yaml = challengeYaml('Leak', 3, listed.length > 0 ? `attachments:\n${listed.join('')}` : '')
    .replace('description: Story of Leak.', `description: ${JSON.stringify(description)}`)
    .replace('hint: Hint 1.', `hint: ${JSON.stringify(hint)}`);
  return {
    [CHALLENGE]: yaml,
    ...Object.fromEntries(Object.entries(attachments).map(([file, text]) => [`challenges/leak/${file}`, text])),
  };
}

/** A course of one module: a lesson and the quiz under test. */
function quizFolder(quizText: string): FolderFiles {
  return {
    'courses/c/course.yaml': courseYaml('C'),
    'courses/c/01-m/module.yaml': moduleYaml('M'),
    'courses/c/01-m/01-l.md': lessonMd('L'),
    [QUIZ]: quizText,
  };
}

const lab = (output: string, file: string) =>
  `terminal:\n  hostname: lab\n  user: student\n  cwd: /home/student\n  entries:\n    - command: cat app.conf\n      output: ${JSON.stringify(output)}\n  files:\n    /home/student/app.conf: ${JSON.stringify(file)}\n`;

describe('content validate: attachment paths a challenge names', () => {
  it('reports a path into its attachment folder that is not an attachment, at the field that names it', async () => {
    const problems = await problemsOf(
      challengeFolder('Open `files/capture.pcap` and `notes.txt`.', 'Look at files/keys.txt first.', {
        'files/notes.txt': 'notes\n',
      }),
    );
    expect(problems).toEqual([
      {
        file: CHALLENGE,
        line: 3,
        message: "description names files/capture.pcap, which is not among the challenge's attachments",
      },
      {
        file: CHALLENGE,
        line: 14,
        message: "steps.0.hint names files/keys.txt, which is not among the challenge's attachments",
      },
    ]);
  });

  it('reports a shipped file named with its folder: the learner only has its bare name', async () => {
    const problems = await problemsOf(
      challengeFolder('Read `./files/notes.txt`.', 'Compare notes.txt with the log.', { 'files/notes.txt': 'notes\n' }),
    );
    expect(problems).toEqual([
      {
        file: CHALLENGE,
        line: 3,
        message:
          "description names files/notes.txt; the learner gets it as notes.txt (the download and the lab's home directory)",
      },
    ]);
  });

  it('leaves URLs, absolute paths, other folders and bare names alone', async () => {
    const problems = await problemsOf(
      challengeFolder(
        'Read `notes.txt`, then https://shop.example.com/files/app.js, /var/www/files/x.txt and robots.txt.',
        'Compare notes.txt with evidence/a.log.',
        { 'files/notes.txt': 'notes\n' },
      ),
    );
    expect(problems).toEqual([]);
  });

  it('knows the folders its attachments live in, beyond files/', async () => {
    const problems = await problemsOf(
      challengeFolder('See a.log and evidence/b.log.', 'Hint.', { 'evidence/a.log': 'a\n' }),
    );
    expect(problems).toEqual([
      { file: CHALLENGE, line: 3, message: expect.stringContaining('names evidence/b.log') },
    ]);
  });
});

describe('content validate: a step that names its own answer', () => {
  it('reports a question or hint holding an accepted answer as a word, in any case, and nothing else', async () => {
    const yaml = challengeYaml('Leak')
      .replace('question: Question 1?', 'question: Which port (ANSWER-1)?')
      .replace('hint: Hint 2.', 'hint: Not answer-2x, but answer-2.')
      .replace('hint: Hint 3.', 'hint: Think of answer-30 and my_answer-3.');
    expect(await problemsOf({ [CHALLENGE]: yaml })).toEqual([
      { file: CHALLENGE, line: 9, message: `steps.0.question gives the step's answer "answer-1" away` },
      { file: CHALLENGE, line: 18, message: `steps.1.hint gives the step's answer "answer-2" away` },
    ]);
  });
});

describe('content validate: a mask that gives the answer away', () => {
  it('reports a mask that fits only the answer among the tokens the recording and files show', async () => {
    const problems = await problemsOf(
      quizFolder(quizYaml('Q', '5432', `answer_format: '****'\n${lab('db_port=5432.', 'db=pg\n')}`)),
    );
    expect(problems).toEqual([
      {
        file: QUIZ,
        line: 4,
        message:
          'answer_format "****" fits only one token of the quiz\'s own recording and files, the answer "5432": the mask gives it away',
      },
    ]);
  });

  it('accepts a mask that fits several tokens, or one that is not the answer, or none', async () => {
    const several = quizYaml('Q', '5432', `answer_format: '****'\n${lab('db_port=5432', 'port_2=6379\n')}`);
    const another = quizYaml('Q', '8080', `answer_format: '****'\n${lab('db_port=5432', 'x\n')}`);
    const none = quizYaml('Q', '/var/www', `answer_format: '/***/***'\n${lab('/home/student', '/var/log/nginx\n')}`);
    for (const text of [several, another, none]) expect(await problemsOf(quizFolder(text))).toEqual([]);
  });

  it('keeps the mask literals inside tokens, and counts tokens that differ only in case once', async () => {
    const dir = await folders.create(
      quizFolder(
        quizYaml('Q', '203.0.113.45', `answer_format: '***.*.***.**'\n${lab('from 203.0.113.45, port 22', 'ABC.D.EFG.HI\n')}`),
      ),
    );
    const { content } = await loadContent(dir);
    const quiz = content.courses[0]!.modules[0]!.items[1] as Quiz;
    expect(maskCandidates(quiz)).toEqual(['203.0.113.45', 'ABC.D.EFG.HI']);
    expect(maskCandidates({ ...quiz, answerFormat: '****', terminal: { ...quiz.terminal!, files: { '/a': 'Port PORT port' } } })).toEqual(['from', 'port']);
    expect(
      maskCandidates({
        ...quiz,
        caseSensitive: true,
        answerFormat: '****',
        terminal: { ...quiz.terminal!, entries: [], files: { '/a': 'Port PORT port' } },
      }),
    ).toEqual(['Port', 'PORT', 'port']);
  });
});

describe('content validate: an answer found by trying them all', () => {
  it('reports a quiz or step whose answer has fewer than 1,000 values, at its answer, and a warning without --strict', async () => {
    const files = {
      ...quizFolder(quizYaml('Q', '14')),
      [CHALLENGE]: challengeYaml('Leak').replace('answer: answer-2', "answer: ['0x11', '17']"),
    };
    const quizProblem = {
      file: QUIZ,
      line: 3,
      message: expect.stringMatching(/^the answer "14" is one of about 90 values, fewer than 1,000: trying them all/),
    };
    const stepProblem = {
      file: CHALLENGE,
      line: 16,
      message: expect.stringMatching(/^steps\.1: the answer "17" is one of about 90 values, fewer than 1,000/),
    };
    expect(await problemsOf(files)).toEqual([stepProblem, quizProblem]);
    const lenient = await checkContent(await folders.create(files), { strict: false });
    expect([lenient.problems, lenient.warnings]).toEqual([[], [stepProblem, quizProblem]]);
  });

  it('counts only the characters a mask leaves free', async () => {
    const masked = quizYaml('Q', 'RK-04', "answer_format: 'RK-**'\n");
    expect(await problemsOf(quizFolder(masked))).toEqual([
      { file: QUIZ, line: 3, message: expect.stringContaining('the answer "RK-04" is one of about 100 values') },
    ]);
  });

  it('accepts a set or an order, whatever its other spellings, and an answer with more values', async () => {
    const set = quizYaml('Q', '', '').replace("answer: ''", "answer: ['1,3,7', '1, 3, 7', '137']");
    for (const text of [set, quizYaml('Q', '1024'), quizYaml('Q', 'sysupd')]) {
      expect(await problemsOf(quizFolder(text))).toEqual([]);
    }
  });

  it('estimates the values from the answer’s free characters and their kind', () => {
    expect(answerValues('7')).toBe(9);
    expect(answerValues('443')).toBe(900);
    expect(answerValues('4755')).toBe(9000);
    expect(answerValues('017')).toBe(1000);
    expect(answerValues('17', '**')).toBe(90);
    expect(answerValues('10.20.0.93', '10.20.0.**')).toBe(90);
    expect(answerValues('SUP-4852', 'SUP-****')).toBe(9000);
    expect(answerValues('id')).toBe(26 ** 2);
    expect(answerValues('Id', undefined, true)).toBe(52 ** 2);
    expect(answerValues('md5')).toBe(36 ** 3);
    expect(answerValues('+11')).toBe(95 ** 3);
    expect(answerValues('FLAG{ok}', 'FLAG{**}')).toBe(26 ** 2);
    expect(answerValues('{{secret.flag}}')).toBe(Infinity);
    expect(asksForList(['22,443', '22 443'])).toBe(true);
    expect(asksForList(['Maren Holloway', '1,'])).toBe(false);
  });
});

describe('content validate: an attack course whose quiz declares its answer visible', () => {
  it('reports answer_visible in an attack course, at the field, and lets answer_at or another course declare it', async () => {
    const visible = quizYaml('Q', 'open-sesame-42', 'answer_visible: reading is the skill\n');
    const attack = { ...quizFolder(visible), 'courses/c/course.yaml': courseYaml('C', 'easy', 'attack: true\n') };
    expect(await problemsOf(attack)).toEqual([
      {
        file: QUIZ,
        line: 4,
        message: expect.stringMatching(/^answer_visible: C is an attack course, whose answers are earned by the attack/),
      },
    ]);
    expect(await problemsOf(quizFolder(visible))).toEqual([]);
    const at = quizYaml('Q', 'open-sesame-42', 'answer_at: [/home/ladder1/inhere/-file07]\n');
    expect(await problemsOf({ ...attack, [QUIZ]: at })).toEqual([]);
    const { content } = await loadContent(await folders.create({ ...attack, [QUIZ]: at }));
    const quiz = content.courses[0]!.modules[0]!.items[1] as Quiz;
    expect([content.courses[0]!.attack, quiz.answerAt]).toEqual([true, ['/home/ladder1/inhere/-file07']]);
  });
});

describe('quizzes without an explanation', () => {
  it('are reported at their first line by checkQuizExplanations, which content validate runs', async () => {
    const dir = await folders.create({
      ...quizFolder(unexplainedQuizYaml('Q')),
      'courses/c/01-m/03-explained.quiz.yaml': quizYaml('E', '4096', 'explanation: Because.\n'),
    });
    const { content } = await loadContent(dir);
    const unexplained = [{ file: QUIZ, line: 1, message: expect.stringMatching(/^quiz has no explanation/) }];
    expect(checkQuizExplanations(content, await lineFinder(dir, []))).toEqual(unexplained);
    expect(VALIDATE_CHECKS).toContain(checkQuizExplanations);
    expect((await checkContent(dir)).problems).toEqual(unexplained);
  });
});

describe('lessons under the word floor', () => {
  it('are reported at their first line by checkLessonWords, counting prose and not code, which validate runs', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    const code = `\n\n\`\`\`\n${words(300)}\n\`\`\`\n`;
    const dir = await folders.create({
      ...quizFolder(quizYaml('Q')),
      'courses/c/01-m/01-l.md': lessonMd('L', `${words(LESSON_MIN_PROSE_WORDS - 10)}${code}`),
      'courses/c/01-m/03-long.md': lessonMd('Long', words(LESSON_MIN_PROSE_WORDS)),
    });
    const { content } = await loadContent(dir);
    const short = [
      {
        file: 'courses/c/01-m/01-l.md',
        line: 1,
        message: expect.stringMatching(/^lesson has \d+ words of prose \(code blocks aside\), under the floor of 450/),
      },
    ];
    expect(checkLessonWords(content, await lineFinder(dir, []))).toEqual(short);
    expect(VALIDATE_CHECKS).toContain(checkLessonWords);
    expect((await checkContent(dir)).problems).toEqual(short);
  });
});
