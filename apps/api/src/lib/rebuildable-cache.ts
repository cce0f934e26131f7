/**
 * A value rebuilt on demand: kept until invalidated (or older than ttlMs, a safety net for writes
 * made by another process), with concurrent rebuilds coalesced into one.
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
    if (this.value !== undefined && (this.ttlMs === 0 || this.now() - this.builtAt < this.ttlMs)) {
      return this.value;
    }
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
