import { describe, expect, it, vi } from 'vitest';
import { LearnerChanges } from './learner-cache.ts';

const ADA = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const changes = new LearnerChanges();
  changes.setListening(true);
  const cache = changes.cache<string>(options);
  let reads = 0;
  const read = (userId: string, value = `v${reads + 1}`) =>
    cache.get(userId, userId, async () => {
      reads += 1;
      return value;
    });
  return { changes, cache, read, reads: () => reads };
}

describe('learner cache', () => {
  it('answers from memory until the learner changes, then reads again', async () => {
    const { changes, read, reads } = setup();
    expect(await read(ADA)).toBe('v1');
    expect(await read(ADA)).toBe('v1');
    expect(reads()).toBe(1);
    changes.changed([BOB]);
    expect(await read(ADA)).toBe('v1');
    changes.announce(`${BOB},${ADA}`);
    expect(await read(ADA)).toBe('v2');
    expect(reads()).toBe(2);
  });

  it('drops every learner on "*" and when the listener is lost or comes back', async () => {
    const { changes, read, reads } = setup();
    await read(ADA);
    changes.announce('*');
    await read(ADA);
    changes.setListening(true);
    await read(ADA);
    expect(reads()).toBe(3);
  });

  it('reads through, storing nothing, while nothing listens', async () => {
    const { changes, read, reads } = setup();
    changes.setListening(false);
    await read(ADA);
    await read(ADA);
    expect(reads()).toBe(2);
    changes.setListening(true);
    await read(ADA);
    await read(ADA);
    expect(reads()).toBe(3);
  });

  it('does not keep a read that a change overtook', async () => {
    const { changes, cache } = setup();
    let finish!: (value: string) => void;
    const slow = cache.get(ADA, ADA, () => new Promise<string>((resolve) => (finish = resolve)));
    changes.changed([ADA]); // committed while the read was in flight: its result may predate the change
    finish('before the change');
    expect(await slow).toBe('before the change');
    expect(await cache.get(ADA, ADA, async () => 'after the change')).toBe('after the change');
  });

  it('keeps an entry no longer than its time to live', async () => {
    vi.useFakeTimers();
    try {
      const { read, reads } = setup({ ttlMs: 1_000 });
      await read(ADA);
      vi.advanceTimersByTime(999);
      await read(ADA);
      vi.advanceTimersByTime(2);
      await read(ADA);
      expect(reads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never answers one learner with an entry of another under the same key', async () => {
    const { cache } = setup();
    await cache.get('session-1', ADA, async () => 'ada');
    expect(await cache.get('session-1', BOB, async () => 'bob')).toBe('bob');
  });

  it('stays within its bound on entries', async () => {
    const { read, reads } = setup({ maxEntries: 2 });
    await read(ADA);
    await read(BOB);
    await read('c0000000-0000-4000-8000-000000000003'); // full: starts over
    await read(ADA);
    expect(reads()).toBe(4);
  });
});
