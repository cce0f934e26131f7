/**
 * A value rebuilt on demand: kept until invalidated (or older than ttlMs, a safety net for writes
 * made by another process), with concurrent rebuilds coalesced into one.
 *
 * An invalidated value is never served again: readers wait for the rebuild. A value that has only
 * outlived ttlMs is still served while its rebuild runs (no reader waits on the safety net), and
 * is replaced when the rebuild ends; a rebuild that fails leaves it in place, to be tried again by
 * the next reader.
 */
export class RebuildableCache<T> {
  private value: T | undefined;
  private builtAt = 0;
  private generation = 0;
  private inFlight: Promise<T> | undefined;

  constructor(
    private readonly build: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    const fresh = this.peek();
    if (fresh !== undefined) return fresh;
    const value = this.value;
    const rebuild = this.rebuild();
    if (value === undefined) return rebuild;
    // Only old: answer from it now; the rebuild's failure is the next reader's to retry.
    rebuild.catch(() => undefined);
    return value;
  }

  /**
   * The value as get() would answer it without waiting and without starting a rebuild: undefined
   * when there is none, it was invalidated, or it has outlived ttlMs (get() then rebuilds it).
   */
  peek(): T | undefined {
    const value = this.value;
    if (value !== undefined && (this.ttlMs === 0 || this.now() - this.builtAt < this.ttlMs)) {
      return value;
    }
    return undefined;
  }

  private rebuild(): Promise<T> {
    if (!this.inFlight) {
      const generation = this.generation;
      this.inFlight = this.build()
        .then((value) => {
          // A write that landed while building makes this result stale: serve it once, keep nothing.
          if (generation === this.generation) {
            this.value = value;
            this.builtAt = this.now();
          }
          return value;
        })
        .finally(() => {
          this.inFlight = undefined;
        });
    }
    return this.inFlight;
  }

  invalidate(): void {
    this.generation += 1;
    this.value = undefined;
  }
}
