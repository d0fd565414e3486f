import type { V86 } from 'v86';

// v86's root filesystem beyond its typed API (lib/filesystem.js and src/browser/filestorage.js); these names survive
// its build, as emulator-core.ts's do. Each file of the image is fetched, decompressed and kept whole in the storage
// on its first read (docs/labs.md, "The machine").
interface FileStorage {
  read(sha256sum: string, offset: number, count: number, size: number): Promise<Uint8Array | null>;
  load_from_server?(sha256sum: string, size: number): Promise<Uint8Array>;
  /** What the server wrapper keeps each fetched file in. */
  storage?: FileStorage;
}

interface RootFilesystem {
  storage: FileStorage;
  inodes: { status: number; sha256sum: string; size: number }[];
  SearchPath(path: string): { id: number };
}

/** v86's STATUS_ON_STORAGE: an image file whose bytes the storage holds or fetches. */
const onStorage = 2;

function rootFilesystemOf(emulator: V86): RootFilesystem | undefined {
  const fs = (emulator as unknown as { fs9p?: Partial<RootFilesystem> }).fs9p;
  return fs?.storage && fs.inodes && fs.SearchPath ? (fs as RootFilesystem) : undefined;
}

/**
 * Fetches each image file once however many ask for it at the same time: v86 fetches a file again for every read
 * that misses it while its first fetch is under way, and a prefetch (`prefetchRootFiles`) would race the guest's
 * reads of the same file.
 */
export function shareRootFileDownloads(emulator: V86): void {
  const storage = rootFilesystemOf(emulator)?.storage;
  const load = storage?.load_from_server?.bind(storage);
  if (!storage || !load) return;
  const underWay = new Map<string, Promise<Uint8Array>>();
  storage.load_from_server = (sha256sum, size) => {
    let loading = underWay.get(sha256sum);
    if (!loading) {
      loading = load(sha256sum, size);
      underWay.set(sha256sum, loading);
      // Its reader sees a failure; this copy of it must not count as unhandled.
      loading.finally(() => underWay.delete(sha256sum)).catch(() => undefined);
    }
    return loading;
  };
}

/**
 * Fetches the image's files at `paths` into the machine's file storage, one after another, without the guest reading
 * them: a program the learner runs then finds its files on the host's side. Resolves with how many of the paths are
 * image files (a path the image lacks is passed over).
 */
export async function prefetchRootFiles(emulator: V86, paths: readonly string[]): Promise<number> {
  const fs = rootFilesystemOf(emulator);
  if (!fs) return 0;
  let found = 0;
  for (const path of paths) {
    const { id } = fs.SearchPath(path);
    const inode = id >= 0 ? fs.inodes[id] : undefined;
    if (!inode || inode.status !== onStorage || !inode.sha256sum) continue;
    // A read of nothing fetches the whole file (or finds it held), as the guest's first read would.
    await fs.storage.read(inode.sha256sum, 0, 0, inode.size);
    found++;
  }
  return found;
}

/**
 * Calls `onRead` with the content name of each image file the guest reads from now on, and whether the machine held
 * it already (node/tool-files.ts records what a program reads); returns the function that stops it.
 */
export function watchRootFileReads(emulator: V86, onRead: (sha256sum: string, held: boolean) => void): () => void {
  const storage = rootFilesystemOf(emulator)?.storage;
  if (!storage) return () => undefined;
  const read = storage.read;
  storage.read = async function (this: FileStorage, sha256sum, offset, count, size) {
    // The wrapper's own store (v86's MemoryFileStorage) answers null for a file it does not hold.
    onRead(sha256sum, (await this.storage?.read(sha256sum, 0, 0, size)) != null);
    return read.call(this, sha256sum, offset, count, size);
  };
  return () => {
    storage.read = read;
  };
}
