import { afterAll, describe, expect, it } from 'vitest';
import { TempFolders } from '../../test/content-fixtures.ts';
import { categoryKey, loadCtfd } from './load-ctfd.ts';

/** Challenge files in the shapes public CTFd packs use. */
const folders = new TempFolders();
afterAll(() => folders.cleanup());

const spec = (name: string, category: string, extra = '') =>
  `name: ${JSON.stringify(name)}\ncategory: ${JSON.stringify(category)}\nvalue: 100\nflags:\n  - flag{${name.length}}\n${extra}`;

describe('CTFd packs as their authors wrote them', () => {
  it('keeps every category: the known names mapped, any other as a category of its own', async () => {
    const dir = await folders.create({
      'misc/sanity/challenge.yml': spec('Sanity Check', 'misc'),
      'pwn/overflow/challenge.yml': spec('Overflow', 'pwn'),
      'stego/pixels/challenge.yml': spec('Hidden Pixels', 'Stego'),
      'programming/fizz/challenge.yml': spec('Fizz Buzz', 'programming'),
      'contracts/chain/challenge.yml': spec('Chain', 'Smart Contracts'),
      'web/start/challenge.yml': spec('Start Here', 'Web_Exploitation'),
    });
    const { content, problems } = await loadCtfd(dir);
    expect(problems).toEqual([]);
    expect(content.challenges.map((c) => [c.slug, c.category])).toEqual([
      ['chain', 'smart-contracts'],
      ['sanity-check', 'misc'],
      ['fizz-buzz', 'programming'],
      ['overflow', 'reverse'],
      ['hidden-pixels', 'forensics'],
      ['start-here', 'web'],
    ]);
    expect(content.challenges.find((c) => c.slug === 'fizz-buzz')!.summary).toBe('A programming challenge.');
  });

  it('reads fields left empty (files:, hints:, tags:) as none, as ctfcli does', async () => {
    const dir = await folders.create({
      'empty/challenge.yml': spec('Empty Lists', 'crypto', 'files:\nhints:\ntags:\nconnection_info:\ndescription:\n'),
    });
    const { content, problems } = await loadCtfd(dir);
    expect(problems).toEqual([]);
    expect(content.challenges).toEqual([
      expect.objectContaining({ slug: 'empty-lists', attachments: [], description: '', steps: [expect.objectContaining({ hintCost: 0 })] }),
    ]);
  });

  it('leaves out a broken challenge and keeps its neighbours, naming the file and line of each problem', async () => {
    const dir = await folders.create({
      'good/challenge.yml': spec('Good One', 'misc', 'files:\n  - dist/notes.txt\n'),
      'good/dist/notes.txt': 'notes\n',
      'missing-file/challenge.yml': spec('Missing File', 'web', 'files:\n  - dist/gone.txt\n'),
      'no-value/challenge.yml': 'name: No Value\ncategory: misc\nvalue:\nflags: [x]\n',
      'punctuation/challenge.yml': spec('Odd Category', '???'),
      'syntax/challenge.yml': 'name: [broken\n',
    });
    const { content, problems } = await loadCtfd(dir);
    expect(content.challenges.map((c) => [c.slug, c.attachments])).toEqual([['good-one', ['good/dist/notes.txt']]]);
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      'missing-file/challenge.yml:7: file dist/gone.txt does not exist',
      'no-value/challenge.yml:3: value: is required (the points of the challenge)',
      'punctuation/challenge.yml:2: category: needs letters or digits',
      expect.stringMatching(/^syntax\/challenge\.yml:\d+: invalid YAML/),
    ]);
  });
});

describe('categoryKey', () => {
  it('makes a category name a key of lowercase words joined by hyphens, at most 40 characters', () => {
    expect(categoryKey('Web 3')).toBe('web-3');
    expect(categoryKey('  Réseau & Systèmes ')).toBe('reseau-systemes');
    expect(categoryKey(`${'long '.repeat(7)}x`)).toBe('long-long-long-long-long-long-long-x');
    expect(categoryKey('a'.repeat(39) + ' b')).toBe('a'.repeat(39));
    expect(categoryKey('???')).toBe('');
  });
});
