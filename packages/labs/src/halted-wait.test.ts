import { describe, expect, it } from 'vitest';
import { haltedWaitMs } from './halted-wait.ts';

describe('the wait of a halted guest', () => {
  it('is at least a millisecond when a timer event is due, and none when the guest runs or a timer is due now', () => {
    expect(haltedWaitMs(0.2)).toBe(1);
    expect(haltedWaitMs(0.999)).toBe(1);
    expect(haltedWaitMs(2.5)).toBe(2.5);
    expect(haltedWaitMs(100)).toBe(100);
    expect(haltedWaitMs(0)).toBe(0);
  });
});
