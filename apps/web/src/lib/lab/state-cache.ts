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
 * Saved states kept at most, together. A state is 45–60 MB (the guest's memory in use, v86's format); this keeps
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

interface StoredState {
  /** An ArrayBuffer; a Blob in entries written before (read as well). */
  state: ArrayBuffer | Blob;
  session: string;
}

/**
 * IndexedDB, storing each state as it is: an ArrayBuffer, which the browser copies when it is put. A Blob made from
 * it was read back as `NotReadableError` in about one start in ten when the page that stored it had closed soon
 * after (Chromium 156), and the lab was set up all over again. Gzip would shrink a state to about a fifth, but
 * undoing that costs about 0.9 s at every start and reset, more than the whole warm start's goal (the shipped ready
 * state is zstd, which v86 undoes itself). A
 * browser without IndexedDB (or a private window that refuses it) simply boots cold every time. `machinePrefix`
 * starts every key of the current image and emulator; `pinned` is its ready state.
 */
export function indexedDbStateCache(machinePrefix: string, pinned: string): StateCache {
  return {
    async get(key) {
      try {
        const db = await openDatabase();
        try {
          const transaction = db.transaction([STATES, ENTRIES], 'readwrite');
          const stored = await request(transaction.objectStore(STATES).get(key) as IDBRequest<unknown>);
          const entry = (await request(transaction.objectStore(ENTRIES).get(key))) as StateEntry | undefined;
          if (entry) transaction.objectStore(ENTRIES).put({ ...entry, usedAt: Date.now() });
          await done(transaction);
          const saved = stored as StoredState | undefined;
          if (saved?.state instanceof ArrayBuffer) return { state: saved.state, session: saved.session };
          if (!(saved?.state instanceof Blob)) return null;
          return { state: await saved.state.arrayBuffer(), session: saved.session };
        } finally {
          db.close();
        }
      } catch {
        return null;
      }
    },
    async put(key, saved) {
      const incoming: StateEntry = { key, bytes: saved.state.byteLength, usedAt: Date.now() };
      const db = await openDatabase();
      try {
        const write = async () => {
          const transaction = db.transaction([STATES, ENTRIES], 'readwrite');
          const entries = (await request(transaction.objectStore(ENTRIES).getAll())) as StateEntry[];
          for (const evicted of entriesToEvict(entries, incoming, machinePrefix, pinned)) {
            transaction.objectStore(STATES).delete(evicted);
            transaction.objectStore(ENTRIES).delete(evicted);
          }
          transaction
            .objectStore(STATES)
            .put({ state: saved.state, session: saved.session } satisfies StoredState, key);
          transaction.objectStore(ENTRIES).put(incoming);
          await done(transaction);
        };
        await write().catch(async (error: unknown) => {
          // Over the browser's quota: keep only this machine's ready state and try once more.
          if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) throw error;
          const transaction = db.transaction([STATES, ENTRIES], 'readwrite');
          const entries = (await request(transaction.objectStore(ENTRIES).getAll())) as StateEntry[];
          for (const entry of entries.filter((e) => e.key !== pinned)) {
            transaction.objectStore(STATES).delete(entry.key);
            transaction.objectStore(ENTRIES).delete(entry.key);
          }
          await done(transaction);
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
    },
  };
}
