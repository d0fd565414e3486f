import { describe, expect, it } from 'vitest';
import { absolutePath, createFileSystem, listDir, lookup, normalisePath } from './file-system.ts';
import { globToRegExp, hasWildcard, unescapeGlob } from './glob.ts';
import { parseOptions } from './options.ts';

describe('file tree', () => {
  const fs = createFileSystem({ '/a/b/c.txt': 'c', '/a/d.txt': 'd', '/a/b': 'conflict', '//x//y': 'y' }, ['/home/me']);

  it('implies directories from file paths and keeps extra ones', () => {
    expect([...fs.dirs].sort()).toEqual(['/', '/a', '/a/b', '/home', '/home/me', '/x']);
    expect(fs.files.has('/a/b')).toBe(false);
    expect(fs.files.get('/x/y')).toBe('y');
    expect(listDir(fs, '/a').map((entry) => `${entry.kind}:${entry.name}`)).toEqual(['dir:b', 'file:d.txt']);
  });

  it('normalises and resolves paths', () => {
    expect(normalisePath('/a/./b/../../..//c/')).toBe('/c');
    expect(absolutePath('/a/b', '../d.txt')).toBe('/a/d.txt');
    expect(absolutePath('/a', '/x')).toBe('/x');
  });

  it('looks paths up component by component', () => {
    expect(lookup(fs, '/a', 'b/c.txt')).toMatchObject({ kind: 'file', path: '/a/b/c.txt', content: 'c' });
    expect(lookup(fs, '/a/b', '..')).toEqual({ kind: 'dir', path: '/a' });
    expect(lookup(fs, '/', '../../a')).toEqual({ kind: 'dir', path: '/a' });
    expect(lookup(fs, '/a', 'd.txt/..')).toEqual({ kind: 'notdir' });
    expect(lookup(fs, '/a', 'd.txt/')).toEqual({ kind: 'notdir' });
    expect(lookup(fs, '/a', 'nope/..')).toEqual({ kind: 'missing' });
    expect(lookup(fs, '/a', '')).toEqual({ kind: 'missing' });
  });
});

describe('wildcards', () => {
  it('matches * ? and bracket sets, escapes taken literally', () => {
    expect(globToRegExp('*.log').test('auth.log')).toBe(true);
    expect(globToRegExp('*.log').test('auth.log.1')).toBe(false);
    expect(globToRegExp('file?.txt').test('file1.txt')).toBe(true);
    expect(globToRegExp('[a-c]*').test('banana')).toBe(true);
    expect(globToRegExp('[!a-c]*').test('banana')).toBe(false);
    expect(globToRegExp('\\*').test('*')).toBe(true);
    expect(globToRegExp('\\*').test('x')).toBe(false);
    expect(globToRegExp('a.b').test('axb')).toBe(false);
    expect(globToRegExp('HOSTS', true).test('hosts')).toBe(true);
    expect(globToRegExp('[oops').test('[oops')).toBe(true);
  });

  it('tells patterns from plain names', () => {
    expect(hasWildcard('a*')).toBe(true);
    expect(hasWildcard('a\\*')).toBe(false);
    expect(unescapeGlob('a\\*b')).toBe('a*b');
  });
});

describe('options', () => {
  const spec = { flags: 'abc', values: 'n', long: { all: 'a', lines: 'n' }, numberOption: 'n' };

  it('reads combined flags, values in every form, options after operands and --', () => {
    const parsed = parseOptions('x', ['-ab', 'file', '-n5', '--all', '--lines=7', '-c', '--', '-a'], spec);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect([...parsed.options.flags].sort()).toEqual(['a', 'b', 'c']);
    expect(parsed.options.values.get('n')).toBe('7');
    expect(parsed.options.lists.get('n')).toEqual(['5', '7']);
    expect(parsed.options.operands).toEqual(['file', '-a']);
  });

  it('takes -N as a number and - as an operand', () => {
    const parsed = parseOptions('head', ['-3', '-'], spec);
    expect(parsed.ok && parsed.options.values.get('n')).toBe('3');
    expect(parsed.ok && parsed.options.operands).toEqual(['-']);
  });

  it('reports bad options in GNU wording', () => {
    expect(parseOptions('x', ['-z'], spec)).toEqual({
      ok: false,
      error: "x: invalid option -- 'z'\nTry 'x --help' for more information.",
    });
    expect(parseOptions('x', ['--zz'], spec)).toEqual({
      ok: false,
      error: "x: unrecognized option '--zz'\nTry 'x --help' for more information.",
    });
    expect(parseOptions('x', ['-n'], spec)).toEqual({
      ok: false,
      error: "x: option requires an argument -- 'n'\nTry 'x --help' for more information.",
    });
    expect(parseOptions('x', ['--lines'], spec)).toEqual({
      ok: false,
      error: "x: option '--lines' requires an argument\nTry 'x --help' for more information.",
    });
  });
});
