/**
 * Answers kept by key, at most `maxEntries` (least recently used out first), each for up to ttlMs
 * (0: until cleared). Concurrent misses of one key share one build; a build that fails is not
 * kept, and one that was running when the cache was cleared is handed to its callers but not kept.
 */
export class KeyedCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; at: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      if (this.ttlMs === 0 || this.now() - kept.at < this.ttlMs) {
        this.entries.set(key, kept);
        return kept.value;
      }
    }
    const entry = { value: build(), at: this.now() };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
