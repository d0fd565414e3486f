import type { V86 } from 'v86';
import { describe, expect, it, vi } from 'vitest';
import { prefetchRootFiles, shareRootFileDownloads } from './root-files.ts';

/** v86's root filesystem as root-files.ts reaches it: two image files, a file the learner wrote, a server. */
function fakeMachine() {
  const held = new Map<string, Uint8Array>();
  const downloads: string[] = [];
  let arrive = () => {};
  const storage = {
    load_from_server: vi.fn((name: string, size: number) => {
      downloads.push(name);
      return new Promise<Uint8Array>((resolve) => {
        arrive = () => {
          const bytes = new Uint8Array(size);
          held.set(name, bytes);
          resolve(bytes);
        };
      });
    }),
    async read(name: string, offset: number, count: number, size: number) {
      const bytes = held.get(name) ?? (await storage.load_from_server(name, size));
      return bytes.subarray(offset, offset + count);
    },
  };
  const inodes = [
    { status: 2, sha256sum: 'aa.zst', size: 4 },
    { status: 2, sha256sum: 'bb.zst', size: 8 },
    { status: 0, sha256sum: '', size: 3 },
  ];
  const ids: Record<string, number> = { '/usr/bin/nmap': 0, '/usr/lib/libpcap.so': 1, '/home/student/notes': 2 };
  const fs9p = { storage, inodes, SearchPath: (path: string) => ({ id: ids[path] ?? -1 }) };
  return { emulator: { fs9p } as unknown as V86, storage, downloads, held, arriveAll: () => arrive() };
}

describe('shareRootFileDownloads', () => {
  it('fetches a file once for reads that ask for it while its download is under way', async () => {
    const machine = fakeMachine();
    shareRootFileDownloads(machine.emulator);
    const reads = [machine.storage.read('aa.zst', 0, 4, 4), machine.storage.read('aa.zst', 2, 2, 4)];
    await Promise.resolve();
    machine.arriveAll();
    expect((await Promise.all(reads)).map((bytes) => bytes.length)).toEqual([4, 2]);
    expect(machine.downloads).toEqual(['aa.zst']);
  });
});

describe('prefetchRootFiles', () => {
  it('fetches each image file at the paths, whole, and passes over what the image does not serve', async () => {
    const machine = fakeMachine();
    const done = prefetchRootFiles(machine.emulator, [
      '/usr/bin/nmap',
      '/usr/lib/libpcap.so',
      '/home/student/notes',
      '/no/such/file',
    ]);
    // One at a time: the second waits for the first.
    for (let file = 0; file < 2; file++) {
      await vi.waitFor(() => expect(machine.downloads).toHaveLength(file + 1));
      machine.arriveAll();
    }
    expect(await done).toBe(2);
    expect([...machine.held.entries()].map(([name, bytes]) => [name, bytes.length])).toEqual([
      ['aa.zst', 4],
      ['bb.zst', 8],
    ]);
  });

  it('does nothing in a machine without a root filesystem', async () => {
    expect(await prefetchRootFiles({} as V86, ['/usr/bin/nmap'])).toBe(0);
  });
});
