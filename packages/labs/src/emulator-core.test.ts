import { describe, expect, it } from 'vitest';
import { whenStarted } from './emulator-core.ts';

/** The part of v86's event bus whenStarted uses: listeners by event, called as v86 calls them. */
function fakeEmulator() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    add_listener(event: string, listener: () => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    remove_listener(event: string, listener: () => void) {
      listeners.get(event)?.delete(listener);
    },
    emit(event: string) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener();
    },
    count: (event: string) => listeners.get(event)?.size ?? 0,
  };
}

describe('a machine that starts', () => {
  it('is started once, however often v86 says it started again (after each restore)', async () => {
    const emulator = fakeEmulator();
    let setUp = 0;
    const started = whenStarted(emulator as never).then(() => setUp++);
    for (let restore = 0; restore < 3; restore++) emulator.emit('emulator-started');
    await started;
    expect(setUp).toBe(1);
    expect(emulator.count('emulator-started')).toBe(0);
  });
});
