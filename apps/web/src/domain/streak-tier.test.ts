import { describe, expect, it } from 'vitest';
import { streakTier } from './streak-tier.ts';

describe('streakTier', () => {
  it.each([
    [0, 'none'],
    [1, 'rare'],
    [6, 'rare'],
    [7, 'epic'],
    [14, 'epic'],
    [15, 'legendary'],
    [365, 'legendary'],
  ])('%i days → %s', (days, tier) => {
    expect(streakTier(days)).toBe(tier);
  });
});
