import { describe, expect, it } from 'vitest';
import { entriesToEvict } from './state-cache.ts';

const MB = 1024 * 1024;
const entry = (key: string, mb: number, usedAt: number) => ({ key, bytes: mb * MB, usedAt });

describe('which saved states go', () => {
  it('drops every state of another image or emulator, whatever the room', () => {
    const entries = [entry('old/ready', 50, 1), entry('new/ready', 50, 2), entry('old/lab-a', 50, 3)];
    expect(entriesToEvict(entries, entry('new/lab-b', 50, 9), 'new/', 'new/ready', 1000 * MB)).toEqual([
      'old/ready',
      'old/lab-a',
    ]);
  });

  it('drops the labs used longest ago until the new state fits, the ready state last', () => {
    const entries = [
      entry('m/ready', 50, 1),
      entry('m/lab-a', 50, 5),
      entry('m/lab-b', 50, 2),
      entry('m/lab-c', 50, 8),
    ];
    expect(entriesToEvict(entries, entry('m/lab-d', 50, 9), 'm/', 'm/ready', 200 * MB)).toEqual(['m/lab-b']);
    expect(entriesToEvict(entries, entry('m/lab-d', 50, 9), 'm/', 'm/ready', 150 * MB)).toEqual(['m/lab-b', 'm/lab-a']);
    expect(entriesToEvict(entries, entry('m/lab-d', 50, 9), 'm/', 'm/ready', 1000 * MB)).toEqual([]);
    expect(entriesToEvict(entries, entry('m/lab-d', 190, 9), 'm/', 'm/ready', 200 * MB)).toEqual([
      'm/lab-b',
      'm/lab-a',
      'm/lab-c',
      'm/ready',
    ]);
  });

  it('replaces a lab’s own state without counting the old one', () => {
    const entries = [entry('m/ready', 50, 1), entry('m/lab-a', 150, 5)];
    expect(entriesToEvict(entries, entry('m/lab-a', 150, 9), 'm/', 'm/ready', 200 * MB)).toEqual([]);
  });
});
