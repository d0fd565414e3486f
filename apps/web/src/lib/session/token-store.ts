import { isExpired } from './jwt.ts';

/** The pair the API hands out at sign-in and rotates at every refresh (R12). */
export interface Tokens {
  access: string;
  refresh: string;
}

/**
 * R3: local storage holds only the auth tokens, the theme flag and the legacy
 * `access_token` / `refresh_token` entries. Tokens live under one key; the legacy pair is read once,
 * migrated and removed.
 */
export const TOKENS_STORAGE_KEY = 'bastion.tokens';
export const LEGACY_ACCESS_KEY = 'access_token';
export const LEGACY_REFRESH_KEY = 'refresh_token';

type Listener = () => void;
const listeners = new Set<Listener>();

let lastRaw: string | null | undefined;
let lastTokens: Tokens | null = null;

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode, quota): the session then lasts as long as the page.
  }
}

function storageRemove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

function parse(raw: string | null): Tokens | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object') {
      const { access, refresh } = value as Record<string, unknown>;
      if (typeof access === 'string' && access && typeof refresh === 'string' && refresh) return { access, refresh };
    }
  } catch {
    // A corrupted entry counts as no session.
  }
  return null;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * Reads straight from local storage every time (so another tab's rotation is seen at once) and
 * returns the same object while the stored text is unchanged, as `useSyncExternalStore` requires.
 */
function get(): Tokens | null {
  const raw = storageGet(TOKENS_STORAGE_KEY);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastTokens = parse(raw);
  }
  return lastTokens;
}

function set(tokens: Tokens): void {
  storageSet(TOKENS_STORAGE_KEY, JSON.stringify({ access: tokens.access, refresh: tokens.refresh }));
  notify();
}

/** Removes the tokens and the legacy entries. */
function clear(): void {
  const had = storageGet(TOKENS_STORAGE_KEY) !== null;
  storageRemove(TOKENS_STORAGE_KEY);
  storageRemove(LEGACY_ACCESS_KEY);
  storageRemove(LEGACY_REFRESH_KEY);
  if (had) notify();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === TOKENS_STORAGE_KEY) notify();
}

/** Listens to this tab's changes and, through `storage` events, to the other tabs' sign-ins, rotations and sign-outs. */
function subscribe(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** Moves a legacy `access_token` / `refresh_token` pair under the one key, then deletes the legacy entries. */
function migrateLegacy(): void {
  const access = storageGet(LEGACY_ACCESS_KEY);
  const refresh = storageGet(LEGACY_REFRESH_KEY);
  if (access === null && refresh === null) return;
  if (!get() && access && refresh) storageSet(TOKENS_STORAGE_KEY, JSON.stringify({ access, refresh }));
  storageRemove(LEGACY_ACCESS_KEY);
  storageRemove(LEGACY_REFRESH_KEY);
}

/**
 * R4, at start: migrate the legacy entries, then discard the stored tokens if the access token
 * has already expired. Returns what remains. Safe to call more than once.
 */
function initialize(nowMs: number = Date.now()): Tokens | null {
  migrateLegacy();
  const tokens = get();
  if (tokens && isExpired(tokens.access, nowMs)) {
    clear();
    return null;
  }
  return tokens;
}

export const tokenStore = { get, set, clear, subscribe, initialize };
