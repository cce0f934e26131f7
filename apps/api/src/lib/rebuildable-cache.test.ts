import { describe, expect, it } from 'vitest';
import { RebuildableCache } from './rebuildable-cache.js';

describe('RebuildableCache', () => {
  it('builds once for concurrent readers and again after invalidate', async () => {
    let builds = 0;
    const cache = new RebuildableCache(async () => ++builds, 0);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    expect(await cache.get()).toBe(1);
    cache.invalidate();
    expect(await cache.get()).toBe(2);
  });

  it('peek gives only a value get would answer at once, and never builds one', async () => {
    let builds = 0;
    let now = 0;
    const cache = new RebuildableCache(
      async () => ++builds,
      1_000,
      () => now,
    );
    expect(cache.peek()).toBeUndefined();
    expect(builds).toBe(0);
    expect(await cache.get()).toBe(1);
    expect(cache.peek()).toBe(1);
    now = 1_000;
    // Past its TTL: get() still answers from it while it rebuilds; peek() does not.
    expect(cache.peek()).toBeUndefined();
    expect(builds).toBe(1);
    expect(await cache.get()).toBe(1);
    await Promise.resolve();
    expect(cache.peek()).toBe(2);
    cache.invalidate();
    expect(cache.peek()).toBeUndefined();
  });

  it('does not keep a value built across an invalidation', async () => {
    let builds = 0;
    let release: () => void = () => undefined;
    const cache = new RebuildableCache(async () => {
      builds += 1;
      if (builds === 1) await new Promise<void>((r) => (release = r));
      return builds;
    }, 0);
    const first = cache.get();
    cache.invalidate();
    release();
    expect(await first).toBe(1);
    expect(await cache.get()).toBe(2);
  });

  it('rebuilds after the TTL, answering from the old value until the new one is built', async () => {
    let clock = 0;
    let builds = 0;
    let release: () => void = () => undefined;
    const cache = new RebuildableCache(
      async () => {
        builds += 1;
        if (builds === 2) await new Promise<void>((r) => (release = r));
        return builds;
      },
      1000,
      () => clock,
    );
    await cache.get();
    clock = 999;
    expect(await cache.get()).toBe(1);
    clock = 1000;
    // Old, not invalidated: served at once while one rebuild runs.
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    expect(builds).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get()).toBe(2);
    expect(builds).toBe(2);
  });

  it('never serves an invalidated value, even one past the TTL', async () => {
    let clock = 0;
    let builds = 0;
    const cache = new RebuildableCache(
      async () => ++builds,
      1000,
      () => clock,
    );
    await cache.get();
    clock = 5000;
    cache.invalidate();
    expect(await cache.get()).toBe(2);
  });

  it('keeps the old value when a rebuild after the TTL fails, and tries again on the next read', async () => {
    let clock = 0;
    let builds = 0;
    const cache = new RebuildableCache(
      async () => {
        builds += 1;
        if (builds === 2) throw new Error('database away');
        return builds;
      },
      1000,
      () => clock,
    );
    await cache.get();
    clock = 1000;
    expect(await cache.get()).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get()).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get()).toBe(3);
  });
});
