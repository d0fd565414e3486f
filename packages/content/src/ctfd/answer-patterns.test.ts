import { describe, expect, it } from 'vitest';
import { compileAnswerPattern, fromCtfdRegex, literalPattern, matchesAnswerPattern, PatternError } from './answer-patterns.ts';

describe('answer patterns', () => {
  it('match the whole trimmed answer, case-sensitively unless led by (?i)', () => {
    expect(matchesAnswerPattern('flag\\{\\w+\\}', '  flag{abc}  ')).toBe(true);
    expect(matchesAnswerPattern('flag\\{\\w+\\}', 'FLAG{abc}')).toBe(false);
    expect(matchesAnswerPattern('flag\\{\\w+\\}', 'xflag{abc}')).toBe(false);
    expect(matchesAnswerPattern('flag\\{\\w+\\}', 'flag{abc}x')).toBe(false);
    expect(matchesAnswerPattern('(?i)flag\\{\\w+\\}', 'FLAG{abc}')).toBe(true);
    // Alternatives stay inside the whole-answer anchors.
    expect(matchesAnswerPattern('a|b', 'ab')).toBe(false);
    expect(matchesAnswerPattern('a|b', 'b')).toBe(true);
    // A stray parenthesis cannot reach outside the anchors either.
    expect(() => compileAnswerPattern('a)|(b')).toThrow(PatternError);
  });

  it('understand (?s) and refuse other inline flags and broken patterns, never throwing on match', () => {
    expect(matchesAnswerPattern('(?is)a.b', 'A\nB')).toBe(true);
    expect(matchesAnswerPattern('(?i)a.b', 'A\nB')).toBe(false);
    expect(() => compileAnswerPattern('(?x)a b')).toThrow(PatternError);
    expect(() => compileAnswerPattern('(unclosed')).toThrow(PatternError);
    expect(matchesAnswerPattern('(unclosed', '(unclosed')).toBe(false);
  });

  it('are matched by RE2: backreferences and lookaround are refused, and a catastrophic pattern stays linear', () => {
    for (const pattern of ['(\\w+)-\\1', '(?<x>\\d+)-\\k<x>', 'flag(?=\\{)', 'a(?!b)', '(?<=a)b']) {
      expect(() => compileAnswerPattern(pattern), pattern).toThrow(/backreferences and lookaround are not supported/);
    }
    // With a backtracking engine this answer takes about 2^32 steps (the server froze for 30 s).
    const catastrophic = fromCtfdRegex('flag\\{(\\w+\\s?)+\\}', false);
    expect(matchesAnswerPattern(catastrophic, `flag{${'a'.repeat(32)}!`)).toBe(false);
    expect(matchesAnswerPattern(catastrophic, `flag{${'a'.repeat(32)}}`)).toBe(true);
  });

  it('translate CTFd (Python) regex flags', () => {
    expect(fromCtfdRegex('^flag=(?P<x>\\d+)$', false)).toBe('^flag=(?P<x>\\d+)$');
    expect(matchesAnswerPattern(fromCtfdRegex('flag=(?P<x>\\d+)', false), 'flag=12')).toBe(true);
    expect(fromCtfdRegex('\\Aabc\\Z', true)).toBe('(?i)^abc$');
    expect(fromCtfdRegex('(?s)abc', true)).toBe('(?is)abc');
    expect(fromCtfdRegex('(?i)abc', true)).toBe('(?i)abc');
    expect(() => fromCtfdRegex('[a-', false)).toThrow(PatternError);
    expect(() => fromCtfdRegex('(?P<x>\\d+)-(?P=x)', false)).toThrow(/backreferences/);
  });

  it('turn a literal answer into a pattern that matches only it', () => {
    const pattern = literalPattern('flag{a.b*c}', true);
    expect(matchesAnswerPattern(pattern, 'FLAG{A.B*C}')).toBe(true);
    expect(matchesAnswerPattern(pattern, 'flag{aXbbc}')).toBe(false);
  });
});
