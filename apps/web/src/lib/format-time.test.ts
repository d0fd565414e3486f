import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime, parseTime } from './format-time.ts';

const NOW = Date.parse('2026-03-12T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('format-time', () => {
  it('reads ISO times and refuses anything else', () => {
    expect(parseTime('2026-03-12T12:00:00Z')?.toISOString()).toBe('2026-03-12T12:00:00.000Z');
    expect(parseTime(null)).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime('not a date')).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
  });

  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [26 * 3_600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(text);
  });

  it('shows the date itself after a week, and nothing for a missing time', () => {
    expect(formatRelativeTime(ago(8 * 86_400_000), NOW)).toBe(formatDateTime(ago(8 * 86_400_000)));
    expect(formatRelativeTime(null, NOW)).toBeNull();
  });

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('just now');
  });
});
