// docs/labs.md, "Starting and restoring": each lab's own saved state, taken at its first prompt, stored as files.
/**
 * A saved machine: the emulator's state, and what the guest had printed of the learner's session when it was saved
 * (a lab's state is saved at its shell's first prompt; the generic ready state has none).
 */
export interface SavedMachine {
  state: ArrayBuffer;
  session: string;
}

/** Where saved machines are kept between visits, by key (lab-state-key.ts). */
export interface StateCache {
  get(key: string): Promise<SavedMachine | null>;
  put(key: string, saved: SavedMachine): Promise<void>;
  delete(key: string): Promise<void>;
}

/** What the cache knows of an entry without reading its state. */
export interface StateEntry {
  key: string;
  bytes: number;
  usedAt: number;
}

/**
 * Saved states kept at most, together. A state is 45–70 MB (the guest's memory in use, v86's format); this keeps
 * the ready state and about six labs.
 */
export const stateBudgetBytes = 400 * 1024 * 1024;

/**
 * Which entries to drop so that `incoming` fits: every entry of another machine (an earlier image or emulator, whose
 * states can never be restored again), then the least recently used labs of this one until the total fits the
 * budget. `pinned` (the current machine's ready state, which every new lab starts from) goes only if nothing else is
 * left.
 */
export function entriesToEvict(
  entries: StateEntry[],
  incoming: StateEntry,
  machinePrefix: string,
  pinned: string,
  budget = stateBudgetBytes,
): string[] {
  const evicted: string[] = [];
  const kept: StateEntry[] = [];
  for (const entry of entries) {
    if (entry.key === incoming.key) continue;
    if (!entry.key.startsWith(machinePrefix)) evicted.push(entry.key);
    else kept.push(entry);
  }
  // Oldest first; the pinned entry after every other.
  kept.sort((a, b) => Number(a.key === pinned) - Number(b.key === pinned) || a.usedAt - b.usedAt);
  let total = incoming.bytes + kept.reduce((sum, entry) => sum + entry.bytes, 0);
  for (const entry of kept) {
    if (total <= budget) break;
    evicted.push(entry.key);
    total -= entry.bytes;
  }
  return evicted;
}

const DATABASE = 'bastion-lab';
const STATES = 'states';
const ENTRIES = 'entries';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  // Version 2: one store of states and one of their sizes and last use, for eviction without reading a state.
  const open = indexedDB.open(DATABASE, 2);
  open.onupgradeneeded = () => {
    const db = open.result;
    for (const name of Array.from(db.objectStoreNames)) db.deleteObjectStore(name);
    db.createObjectStore(STATES);
    db.createObjectStore(ENTRIES, { keyPath: 'key' });
  };
  return request(open);
}

/**
 * One state as IndexedDB keeps it: the name of the file holding its bytes in the origin's private file system, or
 * (where the browser has none) the bytes themselves. A Blob in entries written before is read as well.
 */
interface StoredState {
  file?: string;
  state?: ArrayBuffer | Blob;
  session: string;
}

/** The origin private file system's folder of states, where the browser has one that can be written. */
async function stateFolder(): Promise<FileSystemDirectoryHandle | null> {
  try {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('lab-states', { create: true });
    return 'createWritable' in FileSystemFileHandle.prototype ? folder : null;
  } catch {
    return null;
  }
}

/** A file name for a key (keys hold slashes and run long): FNV-1a, twice, in hex. */
function fileNameOf(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    a = Math.imul(a ^ key.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ key.charCodeAt(key.length - 1 - i), 0x811c9dc5) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}.state`;
}

async function readState(saved: StoredState): Promise<ArrayBuffer | null> {
  if (saved.file) {
    const folder = await stateFolder();
    return folder ? (await (await folder.getFileHandle(saved.file)).getFile()).arrayBuffer() : null;
  }
  if (!saved.state) return null;
  return saved.state instanceof Blob ? saved.state.arrayBuffer() : saved.state;
}

/** Writes a state's bytes to its file: whole once `close` resolves, and not at all if the page goes before. */
async function writeFile(folder: FileSystemDirectoryHandle, name: string, state: ArrayBuffer) {
  const writable = await (await folder.getFileHandle(name, { create: true })).createWritable();
  await writable.write(state);
  await writable.close();
}

/** A file with no entry may be another tab's state on its way in; once this old, its page has long gone. */
const orphanAgeMs = 10 * 60 * 1000;

/** The evicted states' files, and the files whose entry was never written (their page closed in between). */
async function unwantedFiles(
  folder: FileSystemDirectoryHandle,
  entries: StateEntry[],
  key: string,
  evicted: string[],
): Promise<string[]> {
  const gone = new Set(evicted.map(fileNameOf));
  const kept = new Set([...entries.map((entry) => entry.key), key].map(fileNameOf).filter((name) => !gone.has(name)));
  const names: string[] = [];
  for await (const [name, handle] of folder.entries()) {
    if (kept.has(name)) continue;
    if (gone.has(name)) names.push(name);
    else if (
      handle.kind === 'file' &&
      (await (handle as FileSystemFileHandle).getFile()).lastModified < Date.now() - orphanAgeMs
    )
      names.push(name);
  }
  return names;
}

async function removeFiles(names: string[]) {
  const folder = names.length > 0 ? await stateFolder() : null;
  for (const name of names) await folder?.removeEntry(name).catch(() => undefined);
}

/**
 * IndexedDB for the list of states, their sizes and last use, and the origin private file system for their bytes:
 * a file is written whole before its entry is, and reads back as fast as a Blob. A Blob kept in IndexedDB was read
 * back as `NotReadableError` in about one start in six when the page that stored it had closed soon after
 * (Chromium 156), and the lab was set up all over again; an ArrayBuffer kept there reads back about 0.1 s slower,
 * which is where a browser without that file system keeps it. Gzip would shrink a state to about a fifth, but
 * undoing it costs about 0.9 s at every start and reset (the shipped ready state is zstd, which v86 undoes itself).
 * A browser without IndexedDB (or a private window that refuses it) simply boots cold every time. `machinePrefix`
 * starts every key of the current image and emulator; `pinned` is its ready state.
 */
export function indexedDbStateCache(machinePrefix: string, pinned: string): StateCache {
  return {
    async get(key) {
      try {
        const db = await openDatabase();
        let saved: StoredState | undefined;
        try {
          const transaction = db.transaction([STATES, ENTRIES], 'readwrite');
          saved = (await request(transaction.objectStore(STATES).get(key) as IDBRequest<unknown>)) as
            StoredState | undefined;
          const entry = (await request(transaction.objectStore(ENTRIES).get(key))) as StateEntry | undefined;
          if (entry) transaction.objectStore(ENTRIES).put({ ...entry, usedAt: Date.now() });
          await done(transaction);
        } finally {
          db.close();
        }
        const state = saved && (await readState(saved));
        return saved && state ? { state, session: saved.session } : null;
      } catch (error) {
        console.warn(`A saved lab state could not be read; the lab is set up again. ${String(error)}`);
        return null;
      }
    },
    async put(key, saved) {
      const incoming: StateEntry = { key, bytes: saved.state.byteLength, usedAt: Date.now() };
      const folder = await stateFolder();
      const file = folder ? fileNameOf(key) : undefined;
      const db = await openDatabase();
      try {
        const write = async () => {
          if (folder && file) await writeFile(folder, file, saved.state);
          const transaction = db.transaction([STATES, ENTRIES], 'readwrite');
          const entries = (await request(transaction.objectStore(ENTRIES).getAll())) as StateEntry[];
          const evicted = entriesToEvict(entries, incoming, machinePrefix, pinned);
          for (const gone of evicted) {
            transaction.objectStore(STATES).delete(gone);
            transaction.objectStore(ENTRIES).delete(gone);
          }
          const stored: StoredState = file
            ? { file, session: saved.session }
            : { state: saved.state, session: saved.session };
          transaction.objectStore(STATES).put(stored, key);
          transaction.objectStore(ENTRIES).put(incoming);
          await done(transaction);
          if (folder) await removeFiles(await unwantedFiles(folder, entries, key, evicted));
        };
        await write().catch(async (error: unknown) => {
          // Over the browser's quota: keep only this machine's ready state and try once more.
          if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) throw error;
          const transaction = db.transaction([STATES, ENTRIES], 'readwrite');
          const entries = (await request(transaction.objectStore(ENTRIES).getAll())) as StateEntry[];
          const others = entries.filter((e) => e.key !== pinned).map((e) => e.key);
          for (const other of others) {
            transaction.objectStore(STATES).delete(other);
            transaction.objectStore(ENTRIES).delete(other);
          }
          await done(transaction);
          await removeFiles(others.filter((other) => other !== key).map(fileNameOf));
          await write();
        });
      } finally {
        db.close();
      }
    },
    async delete(key) {
      const db = await openDatabase();
      try {
        const transaction = db.transaction([STATES, ENTRIES], 'readwrite');
        transaction.objectStore(STATES).delete(key);
        transaction.objectStore(ENTRIES).delete(key);
        await done(transaction);
      } finally {
        db.close();
      }
      await removeFiles([fileNameOf(key)]);
    },
  };
}
