import { describe, expect, it } from 'vitest';
import { lineDiff, normaliseOutput } from './output-diff.ts';

describe('comparing a recording with what the lab printed', () => {
  it('ignores CRLF, spaces at line ends and trailing newlines, and shows tabs as a terminal does', () => {
    expect(normaliseOutput('a  \r\nb\t\r\n\n\n')).toBe('a\nb');
    expect(normaliseOutput('.  ..  .bash_history  app.conf\tnotes.txt\n')).toBe(
      '.  ..  .bash_history  app.conf  notes.txt',
    );
    expect(normaliseOutput('ab\tc')).toBe('ab      c');
    expect(normaliseOutput('x\n\nlast')).toBe('x\n\nlast');
  });

  it('keeps every other difference: case, inner spaces, blank lines in the middle', () => {
    expect(normaliseOutput('Total 4')).not.toBe(normaliseOutput('total 4'));
    expect(normaliseOutput('a  b')).not.toBe(normaliseOutput('a b'));
    expect(normaliseOutput('a\n\nb')).not.toBe(normaliseOutput('a\nb'));
  });

  it('lists the lines only the recording has (-) and only the lab printed (+), and shortens a long diff', () => {
    expect(lineDiff('total 4\nold\nsame', 'total 4\nnew\nsame')).toEqual(['+ new', '- old']);
    const long = lineDiff(Array.from({ length: 20 }, (_, i) => `r${i}`).join('\n'), 'x', 5);
    expect(long).toHaveLength(6);
    expect(long.at(-1)).toBe('… and 16 more lines');
  });
});
