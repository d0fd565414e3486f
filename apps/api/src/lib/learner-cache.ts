/**
 * In-memory caches of what signed-in learners poll, kept exact by change announcements: the database
 * announces the ids of learners whose account, sessions or notifications changed (migration 0006), and
 * every cached entry of such a learner stops counting at once. While the announcements are not known to
 * arrive (starting, the listening connection lost or deaf: plugins/learner-changes.ts) every read goes to
 * the database.
 *
 * An entry records the learner's version when its read began; an announcement bumps the version, so a
 * read that raced with a change is never stored as current.
 */
export class LearnerChanges {
  #listening = false;
  /** Bumped when every entry must go: everyone changed, or the listener was lost or came back. */
  #epoch = 0;
  #versions = new Map<string, number>();
  readonly #maxVersions: number;

  constructor(options: { maxVersions?: number } = {}) {
    this.#maxVersions = options.maxVersions ?? 200_000;
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** Whether announcements arrive: entries are trusted only while they do, and none survive a gap. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.everyoneChanged();
  }

  changed(userIds: Iterable<string>): void {
    for (const id of userIds) this.#versions.set(id, (this.#versions.get(id) ?? 0) + 1);
    if (this.#versions.size > this.#maxVersions) this.everyoneChanged();
  }

  everyoneChanged(): void {
    this.#epoch += 1;
    this.#versions.clear();
  }

  /** Applies one announcement payload: '*' or comma-separated user ids. */
  announce(payload: string): void {
    if (payload === '*') this.everyoneChanged();
    else if (payload) this.changed(payload.split(','));
  }

  /** @internal the learner's current version, as an entry records it. */
  stamp(userId: string): Stamp {
    return { epoch: this.#epoch, version: this.#versions.get(userId) ?? 0 };
  }

  /** @internal */
  isCurrent(userId: string, stamp: Stamp): boolean {
    return stamp.epoch === this.#epoch && stamp.version === (this.#versions.get(userId) ?? 0);
  }

  /** A cache of values that depend only on one learner's announced data. */
  cache<T>(options: LearnerCacheOptions = {}): LearnerCache<T> {
    return new LearnerCache<T>(this, options);
  }
}

interface Stamp {
  epoch: number;
  version: number;
}

export interface LearnerCacheOptions {
  /**
   * A bound on an entry's life should an announcement ever be missed (default 5 minutes: a learner polling
   * every 30 s is read from the database once in ten polls at most).
   */
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry<T> extends Stamp {
  userId: string;
  value: T;
  until: number;
}

/** What `peek` answers when nothing current is kept. */
export const MISS: unique symbol = Symbol('not cached');

/** Reads what `key` (which belongs to `userId`) stands for. Built once, not per call: a hit allocates nothing. */
export type Loader<T> = (key: string, userId: string) => Promise<T>;

export class LearnerCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(
    private readonly changes: LearnerChanges,
    options: LearnerCacheOptions,
  ) {
    this.#ttlMs = options.ttlMs ?? 300_000;
    this.#maxEntries = options.maxEntries ?? 100_000;
  }

  /** The current entry under `key`, or MISS. */
  peek(key: string, userId: string): T | typeof MISS {
    const entry = this.#entries.get(key);
    if (entry && entry.userId === userId && this.changes.isCurrent(userId, entry) && entry.until > Date.now()) {
      return entry.value;
    }
    return MISS;
  }

  /** The current entry (at once, no promise), or `load`'s result, stored if no change overtook the read. */
  get(key: string, userId: string, load: Loader<T>): T | Promise<T> {
    const kept = this.peek(key, userId);
    return kept === MISS ? this.#load(key, userId, load) : kept;
  }

  async #load(key: string, userId: string, load: Loader<T>): Promise<T> {
    if (!this.changes.listening) return load(key, userId);
    const stamp = this.changes.stamp(userId);
    const value = await load(key, userId);
    if (this.changes.listening && this.changes.isCurrent(userId, stamp)) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      // Spelled out: an entry built by spreading `stamp` makes every later lookup several times slower.
      const entry = { epoch: stamp.epoch, version: stamp.version, userId, value, until: Date.now() + this.#ttlMs };
      this.#entries.set(key, entry);
    }
    return value;
  }
}
