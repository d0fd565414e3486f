import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TempFolders } from '../../test/content-fixtures.ts';
import { matchesAnswerPattern } from './answer-patterns.ts';
import { difficultyFor, loadCtfd, NO_HINT, slugify, summaryOf } from './load-ctfd.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/ctfd');
const folders = new TempFolders();
afterAll(() => folders.cleanup());

/** A step accepts an answer as the challenges code will: plain answers, then patterns. */
function accepts(step: { answers: string[]; caseSensitive: boolean; answerPatterns?: string[] }, answer: string) {
  const given = answer.trim();
  const plain = step.answers.some((a) => (step.caseSensitive ? a === given : a.toLowerCase() === given.toLowerCase()));
  return plain || (step.answerPatterns ?? []).some((p) => matchesAnswerPattern(p, given));
}

describe('loadCtfd on the sample challenge.yml set', () => {
  it('maps each file to one challenge of one step', async () => {
    const { content, problems } = await loadCtfd(fixtures);
    expect(problems).toEqual([]);
    expect(content.courses).toEqual([]);
    expect(content.badges).toEqual([]);
    expect(content.challenges.map((c) => [c.slug, c.category, c.difficulty, c.steps.length])).toEqual([
      ['hex-marks-the-spot', 'forensics', 'medium', 1],
      ['lost-in-robots', 'web', 'easy', 1],
      ['rot-and-roll', 'crypto', 'easy', 1],
    ]);
  });

  it('keeps static flags as answers and regex flags as patterns, with their case rules', async () => {
    const { content } = await loadCtfd(fixtures);
    const bySlug = new Map(content.challenges.map((c) => [c.slug, c]));

    const hex = bySlug.get('hex-marks-the-spot')!;
    expect(hex).toMatchObject({
      title: 'Hex Marks the Spot',
      access: 'free',
      summary: 'A technician printed part of a ledger file as hexadecimal bytes before the disk died. Turn the bytes back into text and find the flag.',
      attachments: ['hex-marks-the-spot/dist/dump.hex'],
    });
    const hexStep = hex.steps[0]!;
    expect(hexStep).toMatchObject({
      order: 1,
      points: 150,
      answers: ['BASTION{hexdump_reader}'],
      caseSensitive: true,
      answerPatterns: ['(?i)^flag=BASTION\\{hexdump_reader\\}$'],
      hint: "Each pair of hex digits is one byte; `xxd -r -p` reverses a plain hex dump.\n\n0x42 is the letter B.",
      hintCost: 35,
    });
    expect(accepts(hexStep, 'BASTION{hexdump_reader}')).toBe(true);
    expect(accepts(hexStep, 'bastion{hexdump_reader}')).toBe(false);
    expect(accepts(hexStep, 'FLAG=bastion{HEXDUMP_READER}')).toBe(true);

    const robots = bySlug.get('lost-in-robots')!.steps[0]!;
    expect(robots).toMatchObject({ points: 100, caseSensitive: false, hintCost: 20 });
    expect(accepts(robots, 'bastion{ROBOTS_are_not_access_control}')).toBe(true);
    expect(accepts(robots, 'robots_are_not_access_control')).toBe(true);
    expect(accepts(robots, 'robots_are_access_control')).toBe(false);

    // A case-sensitive string flag next to a case-insensitive one: the second becomes a (?i) pattern.
    const rot = bySlug.get('rot-and-roll')!;
    expect(rot.description).toContain('The flag looks like `BASTION{...}`.');
    const rotStep = rot.steps[0]!;
    expect(rotStep).toMatchObject({
      points: 50,
      answers: ['BASTION{rot13_is_not_encryption}'],
      caseSensitive: true,
      answerPatterns: ['(?i)rot13_is_not_encryption'],
      hintCost: 10,
    });
    expect(rotStep.hint).toBe(
      'ROT13 shifts each letter by 13 places; applying it twice gives back the original.\n\nLetters moved, punctuation and digits did not.',
    );
    expect(accepts(rotStep, 'bastion{rot13_is_not_encryption}')).toBe(false);
    expect(accepts(rotStep, 'ROT13_IS_NOT_ENCRYPTION')).toBe(true);
  });

  it('reads a single challenge folder too', async () => {
    const { content, problems } = await loadCtfd(path.join(fixtures, 'lost-in-robots'));
    expect(problems).toEqual([]);
    expect(content.challenges.map((c) => [c.slug, c.attachments])).toEqual([['lost-in-robots', ['dist/robots.txt']]]);
  });
});

describe('loadCtfd on other files', () => {
  it('maps dynamic values, keeps a category with no Bastion equivalent, connection info, no hints, and leaves hidden ones out', async () => {
    const dir = await folders.create({
      'a/challenge.yml': `name: "Dyn Amic"\ncategory: Misc\ntags: [intro, Networking]\ntype: dynamic\nextra: {initial: 500, decay: 10, minimum: 100}\nflags: [abc]\nconnection_info: nc ctf.example 31337\ndescription: "Find it."\n`,
      'b/challenge.yml': `name: Hidden one\ncategory: web\nvalue: 10\nflags: [x]\nstate: hidden\n`,
    });
    const { content, problems } = await loadCtfd(dir);
    expect(problems).toEqual([]);
    expect(content.challenges).toHaveLength(1);
    expect(content.challenges[0]).toMatchObject({
      slug: 'dyn-amic',
      // A tag naming a known category does not replace the author's own.
      category: 'misc',
      difficulty: 'hard',
      description: 'Find it.\n\n**Connection:** `nc ctf.example 31337`',
      steps: [{ points: 500, answers: ['abc'], caseSensitive: true, answerPatterns: [], hint: NO_HINT, hintCost: 0 }],
    });
  });

  it('reports every problem with its file and line, and leaves out the challenges that have one', async () => {
    const dir = await folders.create({
      'one/challenge.yml': `name: One\ncategory: misc\nvalue: 10\nflags:\n  - {type: regex, content: "[a-"}\nfiles:\n  - dist/missing.txt\n`,
      'two/challenge.yml': `name: Two\ncategory: web\nflags: []\n`,
      'five/challenge.yml': `name: "Three!"\ncategory: web\nvalue: 5\nflags: [f]\n`,
      'three/challenge.yml': `name: "Three"\ncategory: web\nvalue: 5\nhints: [{content: "h", cost: 9}]\nflags: [f]\n`,
      'four/challenge.yml': `name: [broken\n`,
    });
    const { content, problems } = await loadCtfd(dir);
    const lines = problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^four\/challenge\.yml:\d+: invalid YAML/),
        expect.stringMatching(/^one\/challenge\.yml:5: flags\.0: invalid regular expression/),
        'one/challenge.yml:7: file dist/missing.txt does not exist',
        'two/challenge.yml:1: value: is required (the points of the challenge)',
        'two/challenge.yml:3: flags: needs at least one flag',
      ]),
    );
    // "Three!" and "Three" make one slug: the second one found is the duplicate.
    expect(lines).toContain('three/challenge.yml:1: duplicate challenge name (as a slug) three (also in five/challenge.yml)');
    expect(lines).toHaveLength(6);
    // "Three!" came first and stands; every file with a problem is left out.
    expect(content.challenges.map((c) => [c.slug, c.file])).toEqual([['three', 'five/challenge.yml']]);
  });

  it('reports a missing folder or one without challenge files', async () => {
    expect((await loadCtfd(path.join(fixtures, 'nope'))).problems[0]!.message).toMatch(/is not a folder/);
    const empty = await folders.create({ 'readme.txt': 'nothing' });
    expect((await loadCtfd(empty)).problems).toEqual([{ file: '.', line: 1, message: 'no challenge.yml found' }]);
  });
});

describe('CTFd mapping helpers', () => {
  it('slugs names, sets difficulty from points and summarises descriptions', () => {
    expect(slugify('Héx Marks  the Spot!')).toBe('hex-marks-the-spot');
    expect([50, 100, 101, 300, 301].map(difficultyFor)).toEqual(['easy', 'easy', 'medium', 'medium', 'hard']);
    expect(summaryOf('', 'fallback')).toBe('fallback');
    expect(summaryOf('**Bold** `code`\n\nsecond', 'x')).toBe('Bold code');
    const long = summaryOf('word '.repeat(100), 'x');
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('word…')).toBe(true);
  });
});
