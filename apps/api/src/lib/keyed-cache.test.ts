import { describe, expect, it } from 'vitest';
import { KeyedCache } from './keyed-cache.js';

describe('KeyedCache', () => {
  it('builds a key once for concurrent readers, and again after clear', async () => {
    let builds = 0;
    const cache = new KeyedCache<number>(10, 0);
    const build = async () => ++builds;
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    expect(await cache.get('other', build)).toBe(2);
    cache.clear();
    expect(await cache.get('k', build)).toBe(3);
  });

  it('keeps at most maxEntries, the least recently used out first', async () => {
    const cache = new KeyedCache<string>(2, 0);
    let builds = 0;
    const build = (key: string) => async () => `${key}${++builds}`;
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    await cache.get('a', build('a')); // a used again: b is now the oldest
    await cache.get('c', build('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', build('a'))).toBe('a1');
    expect(await cache.get('b', build('b'))).toBe('b4');
  });

  it('does not keep a failed build, nor one that was running when cleared', async () => {
    const cache = new KeyedCache<number>(10, 0);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 1)).toBe(1);
    let release: (n: number) => void = () => undefined;
    const running = cache.get('slow', () => new Promise<number>((r) => (release = r)));
    cache.clear();
    release(5);
    expect(await running).toBe(5);
    expect(await cache.get('slow', async () => 6)).toBe(6);
  });

  it('builds again after the TTL', async () => {
    let now = 0;
    const cache = new KeyedCache<number>(10, 1000, () => now);
    let builds = 0;
    const build = async () => ++builds;
    expect(await cache.get('k', build)).toBe(1);
    now = 999;
    expect(await cache.get('k', build)).toBe(1);
    now = 1000;
    expect(await cache.get('k', build)).toBe(2);
  });
});
