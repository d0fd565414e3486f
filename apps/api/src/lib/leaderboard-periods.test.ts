import { describe, expect, it } from 'vitest';
import { awardPeriodKeys, isoWeek, liveKeys, periodKey } from './leaderboard-periods.ts';

describe('isoWeek', () => {
  it.each([
    ['2026-01-01T00:00:00Z', 2026, 1], // Thursday
    ['2025-12-29T00:00:00Z', 2026, 1], // Monday of 2026's week 1
    ['2025-12-28T23:59:59Z', 2025, 52], // Sunday before it
    ['2027-01-01T12:00:00Z', 2026, 53], // Friday in 2026's week 53
    ['2027-01-04T00:00:00Z', 2027, 1],
    ['2026-03-08T23:59:59Z', 2026, 10],
    ['2026-03-09T00:00:00Z', 2026, 11],
  ])('%s is %i-W%i', (at, year, week) => {
    expect(isoWeek(new Date(at))).toEqual({ year, week });
  });
});

describe('period keys', () => {
  it('names the UTC month and ISO week an instant belongs to', () => {
    const at = new Date('2026-03-31T23:30:00-02:00'); // 2026-04-01T01:30Z
    expect(periodKey('all', at)).toBe('all');
    expect(periodKey('month', at)).toBe('month:2026-04');
    expect(periodKey('week', at)).toBe('week:2026-W14');
    expect(awardPeriodKeys(at)).toEqual(['all', 'month:2026-04', 'week:2026-W14']);
  });

  it('keeps the current and previous month and week', () => {
    expect(liveKeys(new Date('2026-01-02T00:00:00Z'))).toEqual([
      'all',
      'month:2026-01',
      'month:2025-12',
      'week:2026-W01',
      'week:2025-W52',
    ]);
  });
});
