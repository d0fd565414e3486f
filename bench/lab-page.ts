// What the lab benchmarks run in a page, whatever drives the browser: scripts as strings, evaluated in the page.

/** How many labs' own states the page's IndexedDB holds (apps/web/src/lib/lab/state-cache.ts). */
// A profile that never ran a lab has no database: opening it must not create one the app would then not upgrade.
export const LAB_STATES_STORED = `new Promise(async (resolve, reject) => {
  if (!(await indexedDB.databases()).some((database) => database.name === 'bastion-lab')) return resolve(0);
  const open = indexedDB.open('bastion-lab');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('entries')) { db.close(); return resolve(0); }
    const keys = db.transaction('entries').objectStore('entries').getAllKeys();
    keys.onsuccess = () => { db.close(); resolve(keys.result.filter((k) => String(k).includes('/lab-')).length); };
    keys.onerror = () => reject(keys.error);
  };
})`;

/** The page's restores of a lab's own state into the running emulator (each Reset), in ms (lab-session.ts). */
export const RESET_RESTORES = `performance
  .getEntriesByName('bastion:lab-restore')
  .filter((entry) => entry.detail?.emulatorRunning === true)
  .map((entry) => entry.duration)`;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Whether the lab's terminal shows `text`: an expression for a page's wait. */
export const screenShows = (text: string, without?: string) =>
  `((document.querySelector('.xterm-rows')?.textContent ?? '').includes(${JSON.stringify(text)})` +
  (without
    ? ` && !(document.querySelector('.xterm-rows')?.textContent ?? '').includes(${JSON.stringify(without)}))`
    : ')');

/** The enabled button whose text is `name`: an expression for a page's wait. */
export const enabledButton = (name: string) =>
  `Array.from(document.querySelectorAll('button')).find((b) => b.textContent.trim() === ${JSON.stringify(name)} && !b.disabled)`;
