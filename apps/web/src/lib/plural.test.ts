import { describe, expect, it } from 'vitest';
import { formatNumber, plural } from './plural.ts';

describe('plural', () => {
  it('chooses the noun by the plural rules and formats the count', () => {
    expect(plural(1, 'module')).toBe('1 module');
    expect(plural(0, 'module')).toBe('0 modules');
    expect(plural(2, 'challenge')).toBe('2 challenges');
    expect(plural(1250, 'point')).toBe('1,250 points');
    expect(plural(3, 'day', 'days')).toBe('3 days');
    expect(plural(1, 'activity', 'activities')).toBe('1 activity');
    expect(formatNumber(1000000)).toBe('1,000,000');
  });
});
