import { afterAll, describe, expect, it } from 'vitest';
import { courseYaml, lessonMd, moduleYaml, quizYaml, TempFolders } from '../test/content-fixtures.ts';
import { checkContent } from './content-checks.ts';
import { renderSecrets, secretBits, secretValue, secretValues, type LabSecretForm } from './lab-secrets.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

const FLAG: LabSecretForm = { length: 24, alphabet: 'alnum', prefix: 'FLAG{', suffix: '}' };
const ada = { learnerId: 'ada', itemId: 'quiz-1' };

describe('lab secret values', () => {
  it('are derived per key, learner, item and name, in the declared form', () => {
    const value = secretValue('key', ada, 'flag', FLAG);
    expect(value).toMatch(/^FLAG\{[A-Za-z0-9]{24}\}$/);
    expect(secretValue('key', ada, 'flag', FLAG)).toBe(value);
    const others = [
      secretValue('other key', ada, 'flag', FLAG),
      secretValue('key', { ...ada, learnerId: 'grace' }, 'flag', FLAG),
      secretValue('key', { ...ada, itemId: 'quiz-2' }, 'flag', FLAG),
      secretValue('key', ada, 'other', FLAG),
    ];
    expect(new Set([value, ...others]).size).toBe(5);
    expect(secretValue('key', ada, 'key', { length: 40, alphabet: 'hex', prefix: 'sk_', suffix: '' })).toMatch(
      /^sk_[0-9a-f]{40}$/,
    );
  });

  it('are shared by the items that name the same scope: one value per learner across them', () => {
    const password: LabSecretForm = { length: 32, alphabet: 'alnum', prefix: '', suffix: '', shared: 'ladder' };
    const value = secretValue('key', ada, 'level2', password);
    expect(secretValue('key', { ...ada, itemId: 'quiz-2' }, 'level2', password)).toBe(value);
    expect(secretValue('key', { ...ada, learnerId: 'grace' }, 'level2', password)).not.toBe(value);
    expect(secretValue('key', ada, 'level2', { ...password, shared: 'other' })).not.toBe(value);
    expect(secretValue('key', ada, 'level2', { ...password, shared: undefined })).not.toBe(value);
  });

  it('use every character of the alphabet alike', () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 400; n += 1) {
      const value = secretValue('key', { learnerId: `learner${n}`, itemId: 'quiz' }, 'flag', {
        length: 40,
        alphabet: 'hex',
        prefix: '',
        suffix: '',
      });
      for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    // 16,000 characters over 16 symbols: 1,000 each expected; a biased mapping would skew some far off.
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it('render into every string of a lab, leaving unknown names as written', () => {
    const values = secretValues('key', ada, { flag: FLAG });
    const lab = {
      files: { '/root/flag.txt': '{{secret.flag}}\n' },
      accounts: [{ name: 'root', password: 'x{{secret.flag}}' }],
      entries: [{ command: 'cat flag', output: '{{secret.other}}' }],
      port: 80,
    };
    expect(renderSecrets(lab, values)).toEqual({
      files: { '/root/flag.txt': `${values.flag}\n` },
      accounts: [{ name: 'root', password: `x${values.flag}` }],
      entries: [{ command: 'cat flag', output: '{{secret.other}}' }],
      port: 80,
    });
    expect(secretBits(FLAG)).toBeCloseTo(24 * Math.log2(62));
  });
});

const terminal = (secrets: string, file = '{{secret.flag}}') =>
  [
    'terminal:',
    '  hostname: lab',
    '  user: student',
    '  cwd: /home/student',
    '  files:',
    `    /root/flag.txt: { content: "${file}", owner: root, mode: "0600" }`,
    '  secrets:',
    secrets,
  ].join('\n');

async function problemsOf(quiz: string) {
  const dir = await folders.create({
    'courses/c/course.yaml': courseYaml('C'),
    'courses/c/01-m/module.yaml': moduleYaml('M'),
    'courses/c/01-m/01-read.md': lessonMd('Read'),
    'courses/c/01-m/02-flag.quiz.yaml': quiz,
  });
  const { problems } = await checkContent(dir);
  return problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`);
}

describe('content validate on lab secrets', () => {
  it('accepts a flag declared, placed in the lab and named by the answer, with a mask it fits', async () => {
    const quiz = quizYaml(
      'Flag',
      '{{secret.flag}}',
      `answer_format: 'FLAG{************************}'\n${terminal('    flag: { prefix: "FLAG{", suffix: "}", length: 24 }')}\n`,
    );
    expect(await problemsOf(quiz)).toEqual([]);
  });

  it('refuses an undeclared name, a secret in the question and an unused secret', async () => {
    const quiz = [
      'title: Flag',
      'question: Is it {{secret.flag}}?',
      "answer: '{{secret.flg}}'",
      'explanation: Because.',
      terminal('    flag: { length: 24 }\n    unused: { length: 24 }', 'x'),
      '',
    ].join('\n');
    const file = 'courses/c/01-m/02-flag.quiz.yaml';
    expect(await problemsOf(quiz)).toEqual([
      `${file}:2: question cannot hold a lab secret: only the lab, its recording, the answers and the explanation or write-up are rendered for the learner`,
      `${file}:3: answer.0 uses {{secret.flg}}, which terminal.secrets does not declare`,
      // Shown in the question only, which is never rendered: nothing the lab or the answer holds uses it.
      `${file}:12: secret flag is declared but used nowhere`,
      `${file}:13: secret unused is declared but used nowhere`,
    ]);
  });

  it('refuses a secret that could be guessed', async () => {
    const quiz = quizYaml('Flag', '{{secret.short}}', `${terminal('    short: { length: 8, alphabet: hex }', '{{secret.short}}')}\n`);
    expect(await problemsOf(quiz)).toEqual([
      'courses/c/01-m/02-flag.quiz.yaml:11: terminal.secrets.short: must have at least 64 bits: make it longer',
    ]);
  });
});
