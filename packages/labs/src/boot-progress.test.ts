import { describe, expect, it } from 'vitest';
import type { BootProfile } from './boot-profile-type.ts';
import { bootProgress } from './boot-progress.ts';

/** A boot measured at 10 s: 4 G instructions in its first 4 s, then a slow stretch, then 2 G more. */
const profile: BootProfile = {
  v86: 'test',
  image: [],
  readyMs: 10_000,
  points: [
    [4_000_000_000, 4_000],
    [4_300_000_000, 7_000],
    [6_300_000_000, 10_000],
  ],
};

describe('a cold boot’s progress', () => {
  it('is the share of the measured boot’s time its instructions took, below 100 % until the guest is ready', () => {
    expect(bootProgress(0, 0, profile).fraction).toBe(0);
    expect(bootProgress(2_000_000_000, 2_000, profile).fraction).toBeCloseTo(0.2);
    expect(bootProgress(4_150_000_000, 5_500, profile).fraction).toBeCloseTo(0.55);
    expect(bootProgress(9_000_000_000, 20_000, profile).fraction).toBe(0.99);
  });

  it('says no time until a little of the boot has run, then the time left at this machine’s pace', () => {
    expect(bootProgress(1_000_000_000, 1_000, profile).remainingMs).toBeNull();
    expect(bootProgress(4_000_000_000, 4_000, profile).remainingMs).toBeCloseTo(6_000);
    // A machine three times slower: the same instructions took three times as long, and so will the rest.
    expect(bootProgress(4_000_000_000, 12_000, profile).remainingMs).toBeCloseTo(18_000);
    expect(bootProgress(5_300_000_000, 25_500, profile).remainingMs).toBeCloseTo(4_500);
  });
});
