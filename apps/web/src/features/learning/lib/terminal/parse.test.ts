import { describe, expect, it } from 'vitest';
import { expandWord, parseLine, type Word } from './parse.ts';

const vars: Record<string, string> = { HOME: '/home/student', USER: 'student', '?': '0' };
const expand = (word: Word) => expandWord(word, '/home/student', (name) => vars[name] ?? '');

function argv(line: string): string[][] {
  const parsed = parseLine(line);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.list.flatMap((item) => item.pipeline.map((command) => command.words.map((word) => expand(word).text)));
}

describe('parseLine', () => {
  it('splits words on blanks and keeps quoted blanks', () => {
    expect(argv('ls  -la   /etc')).toEqual([['ls', '-la', '/etc']]);
    expect(argv(`grep "two words" 'and $HOME' file`)).toEqual([['grep', 'two words', 'and $HOME', 'file']]);
    expect(argv('echo a\\ b "c\\"d" \'e\\f\'')).toEqual([['echo', 'a b', 'c"d', 'e\\f']]);
    expect(argv('echo "" x')).toEqual([['echo', '', 'x']]);
    expect(argv('echo pre"mid"post')).toEqual([['echo', 'premidpost']]);
  });

  it('expands variables and a leading tilde only where bash does', () => {
    expect(argv('echo $HOME ${USER} $? $NOPE "$USER" x$USER')).toEqual([
      ['echo', '/home/student', 'student', '0', '', 'student', 'xstudent'],
    ]);
    expect(argv('echo ~ ~/notes a~ "~" ~root')).toEqual([
      ['echo', '/home/student', '/home/student/notes', 'a~', '~', '~root'],
    ]);
    expect(argv('echo $ cost$')).toEqual([['echo', '$', 'cost$']]);
  });

  it('reads pipelines and lists', () => {
    const parsed = parseLine('cat f | grep x && echo ok || echo no; pwd');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.list.map((item) => [item.pipeline.length, item.next])).toEqual([
      [2, '&&'],
      [1, '||'],
      [1, ';'],
      [1, null],
    ]);
  });

  it('reads redirections, including 2>&1 and &>', () => {
    const parsed = parseLine('find / -name x 2>/dev/null >out 2>&1 &>both <in');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const redirects = parsed.list[0]?.pipeline[0]?.redirects ?? [];
    expect(redirects.map((r) => [r.fd, r.append, r.toFd, r.target ? expand(r.target).text : null])).toEqual([
      [2, false, null, '/dev/null'],
      [1, false, null, 'out'],
      [2, false, 1, null],
      ['all', false, null, 'both'],
      [0, false, null, 'in'],
    ]);
    expect(argv('echo 2 > x')[0]).toEqual(['echo', '2']);
  });

  it('marks unquoted wildcards only', () => {
    const parsed = parseLine(`ls *.txt "*.md" 'a?' b\\*`);
    if (!parsed.ok) throw new Error(parsed.error);
    const words = parsed.list[0]?.pipeline[0]?.words.map((word) => expand(word)) ?? [];
    expect(words.map((word) => word.pattern)).toEqual([null, '*.txt', null, null, null]);
  });

  it('drops comments', () => {
    expect(argv('echo hi # not this')).toEqual([['echo', 'hi']]);
    expect(argv('echo a#b')).toEqual([['echo', 'a#b']]);
    expect(parseLine('# only a comment')).toEqual({ ok: true, list: [] });
  });

  it('reports syntax errors', () => {
    const error = (line: string) => {
      const parsed = parseLine(line);
      return parsed.ok ? null : parsed.error;
    };
    expect(error('echo (x)')).toBe("bash: syntax error near unexpected token `('");
    expect(error('; ls')).toBe("bash: syntax error near unexpected token `;'");
    expect(error('ls || ')).toBe('bash: syntax error: unexpected end of file');
    expect(error('ls ;')).toBeNull();
    expect(error('cat < |')).toBe("bash: syntax error near unexpected token `|'");
    expect(error('echo ${HOME')).toBe('bash: ${HOME: bad substitution');
    expect(error('echo `id`')).toMatch(/not supported/);
  });
});
