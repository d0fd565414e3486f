import { describe, expect, it } from 'vitest';
import { setupBegun, type SetupProgress } from '@bastion/labs';
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

  it('names each stage of a setup by what it starts, with the steps done of the four every setup has', () => {
    const setting = (progress: SetupProgress) => ({ kind: 'setting-up', progress }) as const;
    expect(startingText(setting(setupBegun))).toBe('Putting your files in place…');
    expect(progressOf(setting(setupBegun))).toEqual({ percent: 0, text: 'step 1 of 4' });
    const network = setting({ stage: { kind: 'network', hosts: 3 }, step: 1, steps: 4 });
    expect(startingText(network)).toBe('Connecting 3 hosts to the lab network…');
    expect(progressOf(network)).toEqual({ percent: 25, text: 'step 2 of 4' });
    expect(startingText(setting({ stage: { kind: 'network', hosts: 1 }, step: 1, steps: 4 }))).toBe(
      'Connecting 1 host to the lab network…',
    );
    // A sealed lab's hosts are not counted.
    expect(startingText(setting({ stage: { kind: 'network', hosts: null }, step: 1, steps: 4 }))).toBe(
      'Connecting the lab network…',
    );
    expect(startingText(setting({ stage: { kind: 'services' }, step: 2, steps: 4 }))).toBe(
      'Starting the lab’s services…',
    );
    expect(startingText(setting({ stage: { kind: 'shell' }, step: 3, steps: 4 }))).toBe('Opening your shell…');
  });

  it('says the time left as a person would, and nothing before it is measured', () => {
    expect(remainingText(null)).toBe('measuring this device’s speed');
    expect(remainingText(3_000)).toBe('a few seconds left');
    expect(remainingText(41_000)).toBe('about 45 s left');
    expect(remainingText(95_000)).toBe('about 2 min left');
  });
});
