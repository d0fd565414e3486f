import { describe, expect, it } from 'vitest';
import { progressOf, remainingText, startingText } from './lab-status.tsx';

describe('a starting lab’s status', () => {
  it('names the stage in words and measures it apart, so the announcement does not change with each number', () => {
    const booting = { kind: 'booting', progress: { fraction: 0.42, remainingMs: 11_200 } } as const;
    expect(startingText(booting)).toBe('Starting Linux (only the first start boots it)…');
    expect(progressOf(booting)).toEqual({ percent: 42, text: '42%, about 15 s left' });
    expect(progressOf({ kind: 'downloading', loadedBytes: 1_500_000, totalBytes: 13_470_000 })).toEqual({
      percent: (1_500_000 / 13_470_000) * 100,
      text: '1.5 of 13.5 MB',
    });
    expect(progressOf({ kind: 'restoring' })).toBeNull();
  });

  it('says the time left as a person would, and nothing before it is measured', () => {
    expect(remainingText(null)).toBe('measuring this device’s speed');
    expect(remainingText(3_000)).toBe('a few seconds left');
    expect(remainingText(41_000)).toBe('about 45 s left');
    expect(remainingText(95_000)).toBe('about 2 min left');
  });
});
