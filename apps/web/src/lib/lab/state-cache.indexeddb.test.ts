import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexedDbStateCache } from './state-cache.ts';

const PREFIX = 'machine-1/';
const READY = `${PREFIX}ready`;
const state = (bytes: number, fill: number) => new Uint8Array(bytes).fill(fill).buffer;

/**
 * The saved states as a browser without the origin private file system keeps them (WebKitGTK, Safari before 15.2,
 * jsdom here): the bytes in IndexedDB itself. And what a browser's storage quota does to them: Safari asks before an
 * origin passes its quota, and refuses a write over it with QuotaExceededError.
 */
describe('saved lab states in IndexedDB', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps a state’s bytes in IndexedDB and reads them back whole; a state never saved is null', async () => {
    const cache = indexedDbStateCache(PREFIX, READY);
    await cache.put(`${PREFIX}lab-a`, { state: state(1024, 7), session: 'student@lab:~$ ' });
    const saved = await cache.get(`${PREFIX}lab-a`);
    expect(saved?.session).toBe('student@lab:~$ ');
    expect(new Uint8Array(saved!.state)).toEqual(new Uint8Array(1024).fill(7));
    expect(await cache.get(`${PREFIX}lab-b`)).toBeNull();
    await cache.delete(`${PREFIX}lab-a`);
    expect(await cache.get(`${PREFIX}lab-a`)).toBeNull();
  });

  it('over the quota, keeps only the ready state and stores the new lab’s state', async () => {
    const cache = indexedDbStateCache(PREFIX, READY);
    await cache.put(READY, { state: state(64, 1), session: '' });
    await cache.put(`${PREFIX}lab-a`, { state: state(64, 2), session: 'a' });
    await cache.put(`${PREFIX}lab-b`, { state: state(64, 3), session: 'b' });
    // The browser refuses the next state once: the origin is at its quota.
    const put = IDBObjectStore.prototype.put;
    let refused = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      const value = args[0] as { session?: string } | undefined;
      if (value?.session === 'c' && refused++ === 0) throw new DOMException('Over the quota', 'QuotaExceededError');
      return put.apply(this, args);
    });
    await cache.put(`${PREFIX}lab-c`, { state: state(64, 4), session: 'c' });
    expect(refused).toBe(2);
    expect(new Uint8Array((await cache.get(`${PREFIX}lab-c`))!.state)[0]).toBe(4);
    expect(new Uint8Array((await cache.get(READY))!.state)[0]).toBe(1);
    expect(await cache.get(`${PREFIX}lab-a`)).toBeNull();
    expect(await cache.get(`${PREFIX}lab-b`)).toBeNull();
  });

  it('does not keep a state another error refused', async () => {
    const cache = indexedDbStateCache(PREFIX, READY);
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The disk is gone', 'UnknownError');
    });
    await expect(cache.put(`${PREFIX}lab-a`, { state: state(64, 2), session: 'a' })).rejects.toThrow(
      'The disk is gone',
    );
    vi.restoreAllMocks();
    expect(await cache.get(`${PREFIX}lab-a`)).toBeNull();
  });
});
