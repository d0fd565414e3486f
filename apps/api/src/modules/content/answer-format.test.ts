import { describe, expect, it } from 'vitest';
import { matchesAnswerFormat } from './answer-format.ts';

describe('matchesAnswerFormat', () => {
  it('lets * stand for exactly one character', () => {
    expect(matchesAnswerFormat('192.168.1.10', '***.***.*.**', false)).toBe(true);
    expect(matchesAnswerFormat('10.0.0.1', '***.***.*.**', false)).toBe(false);
  });
  it('requires the other characters literally', () => {
    expect(matchesAnswerFormat('FLAG{abc}', 'FLAG{***}', true)).toBe(true);
    expect(matchesAnswerFormat('flag{abc}', 'FLAG{***}', true)).toBe(false);
    expect(matchesAnswerFormat('flag{abc}', 'FLAG{***}', false)).toBe(true);
    expect(matchesAnswerFormat('FLAG[abc]', 'FLAG{***}', false)).toBe(false);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(matchesAnswerFormat('é', '*', false)).toBe(true);
  });
});
