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
  });

  it('understand (?s) and refuse other inline flags and broken patterns, never throwing on match', () => {
    expect(compileAnswerPattern('(?is)a.b').flags).toBe('is');
    expect(() => compileAnswerPattern('(?x)a b')).toThrow(PatternError);
    expect(() => compileAnswerPattern('(unclosed')).toThrow(PatternError);
    expect(matchesAnswerPattern('(unclosed', '(unclosed')).toBe(false);
  });

  it('translate CTFd (Python) regex flags', () => {
    expect(fromCtfdRegex('^flag=(?P<x>\\d+)-(?P=x)$', false)).toBe('^flag=(?<x>\\d+)-\\k<x>$');
    expect(matchesAnswerPattern(fromCtfdRegex('(?P<x>\\d+)-(?P=x)', false), '12-12')).toBe(true);
    expect(fromCtfdRegex('\\Aabc\\Z', true)).toBe('(?i)^abc$');
    expect(fromCtfdRegex('(?s)abc', true)).toBe('(?is)abc');
    expect(fromCtfdRegex('(?i)abc', true)).toBe('(?i)abc');
    expect(() => fromCtfdRegex('[a-', false)).toThrow(PatternError);
  });

  it('turn a literal answer into a pattern that matches only it', () => {
    const pattern = literalPattern('flag{a.b*c}', true);
    expect(matchesAnswerPattern(pattern, 'FLAG{A.B*C}')).toBe(true);
    expect(matchesAnswerPattern(pattern, 'flag{aXbbc}')).toBe(false);
  });
});
