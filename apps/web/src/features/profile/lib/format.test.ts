import { describe, expect, it } from 'vitest';
import { formatDay, formatMonthYear, signedPoints } from './format.ts';
import { plural } from '@/lib/plural.ts';

describe('profile formats', () => {
  it('days read "12 Sep 2025"', () => {
    expect(formatDay('2025-09-12T12:00:00Z')).toMatch(/^1[123] Sep 2025$/);
    expect(formatDay(null)).toBe('');
  });

  it('months, counts and signed points', () => {
    expect(formatMonthYear('2025-03-14T10:00:00Z')).toBe('March 2025');
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(1200, 'day')).toBe('1,200 days');
    expect(signedPoints(25)).toBe('+25');
    expect(signedPoints(-5)).toBe('-5');
    expect(signedPoints(0)).toBe('0');
  });
});
