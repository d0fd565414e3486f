import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a header and rows, quoting what needs it', () => {
    expect(
      toCsv(
        ['day', 'count'],
        [
          ['2026-11-01', 3],
          ['Say "hi", ok', 4],
        ],
      ),
    ).toBe('day,count\r\n2026-11-01,3\r\n"Say ""hi"", ok",4\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(toCsv(['title'], [['=HYPERLINK("x")'], ['-1'], ['@cmd']])).toBe(
      `title\r\n"'=HYPERLINK(""x"")"\r\n'-1\r\n'@cmd\r\n`,
    );
    expect(toCsv(['n'], [[-1]])).toBe('n\r\n-1\r\n');
  });

  it('leaves a missing value empty', () => {
    expect(toCsv(['a', 'b'], [[null, 'x']])).toBe('a,b\r\n,x\r\n');
  });
});
