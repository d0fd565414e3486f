import { describe, expect, it } from 'vitest';
import { answerFormatMismatch, fitsAnswerFormat } from './answer-format.ts';

describe('fitsAnswerFormat', () => {
  it('lets * stand for exactly one character', () => {
    expect(fitsAnswerFormat('192.168.1.10', '***.***.*.**', false)).toBe(true);
    expect(fitsAnswerFormat('10.0.0.1', '***.***.*.**', false)).toBe(false);
  });
  it('requires the other characters literally', () => {
    expect(fitsAnswerFormat('FLAG{abc}', 'FLAG{***}', true)).toBe(true);
    expect(fitsAnswerFormat('flag{abc}', 'FLAG{***}', true)).toBe(false);
    expect(fitsAnswerFormat('flag{abc}', 'FLAG{***}', false)).toBe(true);
    expect(fitsAnswerFormat('FLAG[abc]', 'FLAG{***}', false)).toBe(false);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(fitsAnswerFormat('é', '*', false)).toBe(true);
  });
  it('says where an answer departs from the mask', () => {
    expect(answerFormatMismatch('10.0.0.1', '***.***.*.**')).toEqual({ kind: 'length', expected: 12, given: 8 });
    expect(answerFormatMismatch('FLAG[abc]', 'flag{***}')).toEqual({ kind: 'character', position: 5, expected: '{' });
    expect(answerFormatMismatch('flag{abc}', 'FLAG{***}')).toBeNull();
  });
});
