/**
 * A small per-instance cache of promises with a time to live. Storing the promise makes concurrent misses of
 * one key share a single load; a failed load is forgotten at once. Time comes from the caller (the app clock).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, nowMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.until > nowMs) return hit.value;
    const value = load();
    this.set(key, nowMs, value);
    return value;
  }

  set(key: string, nowMs: number, value: Promise<T>): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (insertion order): drop the expired, or the oldest one when none is.
      for (const [oldKey, entry] of this.entries) {
        if (entry.until <= nowMs || this.entries.size >= this.maxEntries) this.entries.delete(oldKey);
        else break;
      }
    }
    const entry = { until: nowMs + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
