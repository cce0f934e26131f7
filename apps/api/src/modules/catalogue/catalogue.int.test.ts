import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterOptionsResponseSchema,
  productDetailResponseSchema,
  productListResponseSchema,
  type Product,
} from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
let products: Product[];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
  products = productListResponseSchema.parse(res.json()).products;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/product/list', () => {
  it('returns the seeded catalogue with every field of a product', () => {
    expect(products.length).toBeGreaterThanOrEqual(100);
    const tiers = new Set(products.map((p) => p.category));
    expect([...tiers].sort()).toEqual(['luxury', 'premium', 'royal']);
    expect(products.filter((p) => p.bestseller).length).toBeGreaterThanOrEqual(8);
    for (const p of products) {
      expect(p.name.length, p.productId).toBeGreaterThan(0);
      expect(p.description.length, p.productId).toBeGreaterThan(40);
      expect(p.condition.length, p.productId).toBeGreaterThan(0);
      expect(p.productId).toMatch(/^PHN-[A-Z]{3}-\d{4}$/);
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.sizes.length).toBeGreaterThanOrEqual(1);
      expect(p.mrp).toBeGreaterThan(p.fourteenDayRentalPrice);
      expect(p.twoDayRentalPrice).toBeLessThan(p.fourDayRentalPrice);
      expect(p.fourDayRentalPrice).toBeLessThan(p.sevenDayRentalPrice);
      expect(p.sevenDayRentalPrice).toBeLessThan(p.fourteenDayRentalPrice);
      const types = new Set(p.filters.map((f) => f.type));
      for (const type of ['category', 'subCategory', 'occasion', 'colour']) {
        expect(types, `${p.productId} ${type}`).toContain(type);
      }
    }
  });

  it('keeps the server order (the default sort) stable', async () => {
    const again = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    ).products;
    expect(again.map((p) => p._id)).toEqual(products.map((p) => p._id));
  });

  it('is compressed for clients that accept it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/product/list',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/product/list',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('carries an ETag, so a repeat load costs a 304 with no body', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const repeat = await t.app.inject({
      method: 'GET',
      url: '/api/product/list',
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/product/list',
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('is rebuilt when a product is written', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    const target = products.find((p) => p.isAvailable)!;
    await t.app.services.catalogue.setAvailability(target._id, false);
    try {
      const after = await t.app.inject({ method: 'GET', url: '/api/product/list' });
      expect(after.headers.etag).not.toBe(first.headers.etag);
      const changed = productListResponseSchema
        .parse(after.json())
        .products.find((p) => p._id === target._id);
      expect(changed?.isAvailable).toBe(false);
      const detail = await t.app.inject({ method: 'GET', url: `/api/product/list/${target._id}` });
      expect(detail.json().product.isAvailable).toBe(false);
    } finally {
      await t.app.services.catalogue.setAvailability(target._id, true);
    }
  });
});

describe('GET /api/product/list/:id', () => {
  it('returns the product whose _id matches', async () => {
    const wanted = products[7]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/product/list/${wanted._id}` });
    expect(res.statusCode).toBe(200);
    expect(productDetailResponseSchema.parse(res.json()).product).toEqual(wanted);
    expect(res.headers.etag).toBeDefined();
    const repeat = await t.app.inject({
      method: 'GET',
      url: `/api/product/list/${wanted._id}`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(repeat.statusCode).toBe(304);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-real-id'],
    ['the merchant code instead of _id', 'PHN-LEH-0001'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers %s with 404 Product not found', async (_label, id) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/list/${encodeURIComponent(id)}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Product not found' });
  });
});

describe('GET /api/product/filter-options', () => {
  it('lists every filter type in use with its values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/filter-options' });
    const { filterOptions } = filterOptionsResponseSchema.parse(res.json());
    expect(Object.keys(filterOptions).slice(0, 2)).toEqual(['category', 'subCategory']);
    expect(Object.keys(filterOptions)).toEqual(
      expect.arrayContaining(['category', 'subCategory', 'occasion', 'colour']),
    );
    expect(filterOptions.category).toEqual(['Women', 'Men', 'Accessories']);
    for (const [type, values] of Object.entries(filterOptions)) {
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        expect(
          products.some((p) => p.filters.some((f) => f.type === type && f.value === value)),
          `${type}=${value}`,
        ).toBe(true);
      }
    }
    const repeat = await t.app.inject({
      method: 'GET',
      url: '/api/product/filter-options',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(repeat.statusCode).toBe(304);
  });
});

describe('images', () => {
  it('are served with long-lived cache headers', async () => {
    const url = products[0]!.images[0]!;
    expect(url).toMatch(/^\/images\/products\/.+\.svg$/);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.startsWith('<svg')).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: '/images/products/nope.svg' });
    expect(missing.statusCode).toBe(404);
    const escape = await t.app.inject({ method: 'GET', url: '/images/../../etc/passwd' });
    expect(escape.statusCode).toBe(404);
  });
});
