import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatLongDate } from './format.ts';
import { plural } from '@/lib/plural.ts';

describe('challenge formatting', () => {
  it('formats durations', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(252)).toBe('4 min 12 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(183_600)).toBe('2 d 3 h');
  });

  it('formats sizes, dates, counts and waits', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatLongDate('2026-03-14T23:30:00Z')).toBe('14 March 2026');
    expect(formatLongDate('not a date')).toBe('not a date');
    expect(plural(1, 'step')).toBe('1 step');
    expect(plural(3, 'step')).toBe('3 steps');
  });
});
