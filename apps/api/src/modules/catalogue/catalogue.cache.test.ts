import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  RebuildableCache,
  encodeJsonBody,
  etagMatches,
  negotiateEncoding,
} from './catalogue.cache.js';

describe('encodeJsonBody', () => {
  it('keeps identical JSON in every encoding with a weak ETag of its content', () => {
    const value = { success: true, products: [{ name: 'Rani Pink Lehenga' }] };
    const body = encodeJsonBody(value);
    expect(JSON.parse(body.identity.toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(body.gzip).toString())).toEqual(value);
    expect(JSON.parse(brotliDecompressSync(body.br).toString())).toEqual(value);
    expect(body.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(encodeJsonBody(value).etag).toBe(body.etag);
    expect(encodeJsonBody({ ...value, success: false }).etag).not.toBe(body.etag);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('etagMatches', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

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

  it('rebuilds after the TTL', async () => {
    let clock = 0;
    let builds = 0;
    const cache = new RebuildableCache(
      async () => ++builds,
      1000,
      () => clock,
    );
    await cache.get();
    clock = 999;
    expect(await cache.get()).toBe(1);
    clock = 1000;
    expect(await cache.get()).toBe(2);
  });
});
