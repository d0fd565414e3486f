import { describe, expect, it } from 'vitest';
import { nextOpen } from './next-step.ts';

const item = (id: string, state: { completed?: boolean; locked?: boolean } = {}) => ({
  id,
  completed: state.completed ?? false,
  locked: state.locked ?? false,
});

describe('nextOpen', () => {
  it('is the first open item after the current one, skipping completed and locked ones', () => {
    const items = [item('a'), item('b'), item('c', { completed: true }), item('d', { locked: true }), item('e')];
    expect(nextOpen(items, 'b')?.id).toBe('e');
  });

  it('comes back to an open item before the current one when none follows', () => {
    expect(nextOpen([item('a', { completed: true }), item('b'), item('c')], 'c')?.id).toBe('b');
  });

  it('is null when everything else is done or locked, and works when the current one is not listed', () => {
    expect(nextOpen([item('a', { completed: true }), item('b', { locked: true })], 'c')).toBeNull();
    expect(nextOpen([item('a'), item('b')], 'gone')?.id).toBe('a');
  });
});
