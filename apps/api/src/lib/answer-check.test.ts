import { describe, expect, it } from 'vitest';
import { answerMatches, normalizeAnswer } from './answer-check.ts';

describe('answerMatches', () => {
  it('trims and ignores case unless the content is case-sensitive', () => {
    expect(answerMatches('  Root \n', ['root'], false)).toBe(true);
    expect(answerMatches('ROOT', ['root'], true)).toBe(false);
    expect(answerMatches(' root ', ['root'], true)).toBe(true);
  });

  it('accepts any of the accepted answers, whichever position it holds', () => {
    expect(answerMatches('443', ['80', '443', '8443'], false)).toBe(true);
    expect(answerMatches('8443', ['80', '443', '8443'], false)).toBe(true);
    expect(answerMatches('8080', ['80', '443', '8443'], false)).toBe(false);
  });

  it('does not match prefixes, empty guesses or empty lists', () => {
    expect(answerMatches('roo', ['root'], false)).toBe(false);
    expect(answerMatches('', ['root'], false)).toBe(false);
    expect(answerMatches('root', [], false)).toBe(false);
  });

  it('treats canonically equivalent Unicode as equal', () => {
    expect(answerMatches('caf\u0065\u0301', ['café'], false)).toBe(true);
    expect(normalizeAnswer(' ÉCOLE ', false)).toBe('école');
  });
});
