import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('loads once per key while fresh, and again once expired', async () => {
    const cache = new TtlCache<number>(100);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', 0, load), cache.get('k', 50, load)])).toEqual([1, 1]);
    expect(await cache.get('k', 99, load)).toBe(1);
    expect(await cache.get('k', 100, load)).toBe(2);
    expect(await cache.get('other', 100, load)).toBe(3);
  });

  it('forgets a failed load at once', async () => {
    const cache = new TtlCache<number>(100);
    await expect(cache.get('k', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', 1, async () => 7)).toBe(7);
  });

  it('keeps nothing with a time to live of 0', async () => {
    const cache = new TtlCache<number>(0);
    let loads = 0;
    await cache.get('k', 0, async () => ++loads);
    await cache.get('k', 0, async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('stays within its size, dropping the oldest entries first', async () => {
    const cache = new TtlCache<number>(1_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, 0, async () => 1);
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.get('a', 1, async () => {
      reloaded = true;
      return 2;
    });
    expect(reloaded).toBe(true);
  });
});
