/** Where a lab's saved machine state is kept between visits: one entry, under the image's key. */
export interface StateCache {
  get(key: string): Promise<ArrayBuffer | null>;
  put(key: string, state: ArrayBuffer): Promise<void>;
}

const DATABASE = 'bastion-lab';
const STORE = 'machine-state';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

/**
 * IndexedDB, storing the state as it is (a Blob, kept on disk by the browser). Gzip would shrink it to about a
 * fifth, but undoing that costs about 0.9 s at every start and reset, more than the whole warm start's goal.
 * A browser without IndexedDB (or a private window that refuses it) simply boots cold every time.
 */
export function indexedDbStateCache(): StateCache {
  return {
    async get(key) {
      try {
        const db = await openDatabase();
        const stored = await request(db.transaction(STORE).objectStore(STORE).get(key) as IDBRequest<unknown>);
        db.close();
        if (!(stored instanceof Blob)) return null;
        return await stored.arrayBuffer();
      } catch {
        return null;
      }
    },
    async put(key, state) {
      const blob = new Blob([state]);
      const db = await openDatabase();
      const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
      // States of earlier images or emulator versions can never be restored again.
      await request(store.clear());
      await request(store.put(blob, key));
      db.close();
    },
  };
}
