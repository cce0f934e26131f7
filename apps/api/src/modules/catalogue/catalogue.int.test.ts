import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterOptionsResponseSchema,
  productDetailResponseSchema,
  productListResponseSchema,
  type Product,
  heroImageUrl,
} from '@pehnava/shared';
import { products as productsTable } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ORIGIN_SLOTS, createCatalogueService } from './catalogue.service.js';

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

  it('finds the product by its code too, in any case, with the same answer as by _id', async () => {
    const wanted = products[11]!;
    const byId = await t.app.inject({ method: 'GET', url: `/api/product/list/${wanted._id}` });
    for (const code of [
      wanted.productId,
      wanted.productId.toLowerCase(),
      ` ${wanted.productId} `,
      wanted._id.toUpperCase(),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/product/list/${encodeURIComponent(code)}`,
      });
      expect(res.statusCode, code).toBe(200);
      expect(productDetailResponseSchema.parse(res.json()).product, code).toEqual(wanted);
      expect(res.headers.etag, code).toBe(byId.headers.etag);
    }
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-real-id'],
    ['an unknown product code', 'PHN-LEH-9999'],
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
    // Absolute, on the address the request came in on (inject's Host is localhost:80); the
    // seed's art is named as its picture at the product slot's width.
    expect(url).toMatch(/^http:\/\/localhost\/images\/products\/.+-v\d+-600\.webp$/);
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // The drawing it is made from is a file like any other.
    const drawing = new URL(url).pathname.replace(/-600\.webp$/, '.svg');
    const svg = await t.app.inject({ method: 'GET', url: drawing });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body.startsWith('<svg')).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: '/images/products/nope.svg' });
    expect(missing.statusCode).toBe(404);
    const escape = await t.app.inject({ method: 'GET', url: '/images/../../etc/passwd' });
    expect(escape.statusCode).toBe(404);
  });

  it('draws a picture once, at a width pages use, only of a drawing there is', async () => {
    const pathname = new URL(products[1]!.images[0]!).pathname;
    const key = pathname.replace('/images/', '');
    const store = t.app.services.images;
    expect(await store.exists(key)).toBe(false);
    // Five at once: one drawing, kept; the same bytes for all.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: pathname })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const kept = await store.get(key);
    expect(kept).toBeDefined();
    for (const res of answers) expect(res.rawPayload.equals(kept!)).toBe(true);
    const sharp = (await import('sharp')).default;
    expect(await sharp(kept!).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 800,
    });
    // Half the width, for cards on phones.
    const small = await t.app.inject({ method: 'GET', url: pathname.replace('-600.', '-300.') });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 300, height: 400 });
    // The hero at both its widths; any other width, or a drawing that is not there, is a 404.
    for (const width of [800, 1600]) {
      const hero = await t.app.inject({ method: 'GET', url: heroImageUrl(0, width) });
      expect(hero.statusCode, String(width)).toBe(200);
      expect((await sharp(hero.rawPayload).metadata()).width).toBe(width);
    }
    for (const url of [
      heroImageUrl(0, 700),
      pathname.replace('-600.webp', '-1200.webp'),
      '/images/products/phn-zzz-9999-1-v3-600.webp',
      '/images/uploads/phn-leh-0001-1-v3-600.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(await store.exists(key.replace('-600.webp', '-1200.webp'))).toBe(false);
  });
});

describe('image addresses', () => {
  const listFrom = async (headers: Record<string, string>) =>
    productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list', headers })).json(),
    ).products;

  it('start with the address the request came in on, in the list and the detail', async () => {
    const [first] = await listFrom({ host: 'Shop.Example:8080' });
    expect(first!.images.every((url) => url.startsWith('http://shop.example:8080/images/'))).toBe(
      true,
    );
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/product/list/${first!._id}`,
      headers: { host: '192.168.1.20:3000' },
    });
    expect(productDetailResponseSchema.parse(detail.json()).product.images[0]).toMatch(
      /^http:\/\/192\.168\.1\.20:3000\/images\//,
    );
    // Each origin is its own answer, with its own ETag.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/product/list',
      headers: { host: 'other.example' },
    });
    const local = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(other.headers.etag).not.toBe(local.headers.etag);
  });

  it('never carry a Host header that is not a plain host: such a request gets /images/… as stored', async () => {
    for (const host of ['evil.example"},{"x":"', 'a b', 'x.example/path']) {
      const [first] = await listFrom({ host });
      expect(first!.images[0], host).toMatch(/^\/images\/products\//);
    }
  });

  it('are not encoded again when a rebuild finds the catalogue unchanged, and are when it changed', async () => {
    const { catalogue } = t.app.services;
    const before = await catalogue.listBody('https://same.example');
    catalogue.invalidate();
    expect(await catalogue.listBody('https://same.example')).toBe(before);
    const [first] = (await catalogue.snapshot()).products;
    expect(await catalogue.setAvailability(first!._id, !first!.isAvailable)).toBe(true);
    const after = await catalogue.listBody('https://same.example');
    expect(after).not.toBe(before);
    expect(after.identity.equals(before.identity)).toBe(false);
    expect(await catalogue.setAvailability(first!._id, first!.isAvailable)).toBe(true);
    expect(
      (await catalogue.listBody('https://same.example')).identity.equals(before.identity),
    ).toBe(true);
  });

  it(`keep encoded answers for ${ORIGIN_SLOTS} origins; others are answered the same, made per request`, async () => {
    const { catalogue } = t.app.services;
    catalogue.invalidate();
    // An unchanged catalogue keeps the origins earlier tests' requests took (its snapshot is kept
    // whole); the rest of the slots are free.
    const free = ORIGIN_SLOTS - (await catalogue.snapshot()).byOrigin.size;
    expect(free).toBeGreaterThan(2);
    const origins = Array.from({ length: free + 1 }, (_, i) => `https://o${i}.example`);
    const bodies = [];
    for (const origin of origins) bodies.push(await catalogue.listBody(origin));
    for (const [i, origin] of origins.entries()) {
      const again = await catalogue.listBody(origin);
      // Kept: the very same buffers. Past the slots: equal content, encoded again.
      if (i < free) expect(again, origin).toBe(bodies[i]);
      else expect(again, origin).not.toBe(bodies[i]);
      expect(again.identity.equals(bodies[i]!.identity), origin).toBe(true);
      expect(brotliDecompressSync(again.br).equals(again.identity), origin).toBe(true);
      expect(JSON.parse(again.identity.toString()).products[0].images[0]).toMatch(
        new RegExp(`^${origin.replaceAll('.', '\\.')}/images/`),
      );
    }
    catalogue.invalidate();
  });
});

// Each on an app of its own (created in a hook: seeding a second catalogue takes a while).
describe('image addresses behind a trusted proxy', () => {
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ seed: true, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await behindProxy.close();
  });

  it('believe X-Forwarded-Proto and -Host only from a trusted proxy', async () => {
    const forwarded = {
      host: 'internal:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'pehnava.in',
    };
    const first = async (app: TestApp) =>
      productListResponseSchema.parse(
        (
          await app.app.inject({ method: 'GET', url: '/api/product/list', headers: forwarded })
        ).json(),
      ).products[0]!.images[0];
    expect(await first(t)).toMatch(/^http:\/\/internal:3000\/images\//);
    expect(await first(behindProxy)).toMatch(/^https:\/\/pehnava\.in\/images\//);
  });
});

describe('image addresses with PUBLIC_URL set', () => {
  let fixed: TestApp;
  beforeAll(async () => {
    fixed = await createTestApp({ seed: true, env: { PUBLIC_URL: 'https://pehnava.example/' } });
  });
  afterAll(async () => {
    await fixed.close();
  });

  it('start with PUBLIC_URL, whatever the Host', async () => {
    for (const host of ['localhost:3000', 'other.example']) {
      const res = await fixed.app.inject({
        method: 'GET',
        url: '/api/product/list',
        headers: { host },
      });
      const [first] = productListResponseSchema.parse(res.json()).products;
      expect(first!.images[0], host).toMatch(/^https:\/\/pehnava\.example\/images\/products\//);
    }
  });
});

describe('the catalogue change mark (decision 063)', () => {
  const version = () => t.services.repos.catalogue.catalogueVersion();
  const db = () => t.database.db;

  /** Rename a product by SQL, past every catalogue service (as another process would), then back. */
  async function renamedBySql(id: string, name: string, run: () => Promise<void>) {
    const [row] = await db()
      .select({ name: productsTable.name })
      .from(productsTable)
      .where(eq(productsTable.id, id));
    await db().execute(sql`update products set name = ${name} where id = ${id}`);
    try {
      await run();
    } finally {
      await db().execute(sql`update products set name = ${row!.name} where id = ${id}`);
    }
  }

  it('is raised by every committed write to products, their sizes and their filters', async () => {
    const id = products[0]!._id;
    const marks = [await version()];
    expect(marks[0]).toEqual(expect.any(Number));
    for (const write of [
      sql`update products set bestseller = bestseller where id = ${id}`,
      sql`update product_sizes set available = available where product_id = ${id}`,
      sql`update product_filters set position = position where product_id = ${id}`,
    ]) {
      await db().execute(write);
      marks.push(await version());
      expect(marks.at(-1)!).toBeGreaterThan(marks.at(-2)!);
    }
    // A write rolled back leaves it where it was.
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update products set bestseller = bestseller where id = ${id}`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await version()).toBe(marks.at(-1));
  });

  it('lets a rebuild keep the snapshot, reading no product, while it has not moved', async () => {
    let reads = 0;
    const repository = t.services.repos.catalogue;
    const catalogue = createCatalogueService(
      {
        ...repository,
        listProducts: () => {
          reads += 1;
          return repository.listProducts();
        },
      },
      { cacheTtlMs: 0 },
    );
    const first = await catalogue.snapshot();
    expect(reads).toBe(1);
    catalogue.invalidate();
    expect(await catalogue.snapshot()).toBe(first);
    expect(reads).toBe(1);

    const id = first.products[0]!._id;
    await renamedBySql(id, 'Renamed Behind Its Back', async () => {
      catalogue.invalidate();
      const second = await catalogue.snapshot();
      expect(reads).toBe(2);
      expect(second).not.toBe(first);
      expect(second.byId.get(id)?.name).toBe('Renamed Behind Its Back');
    });
  });

  it("brings in another process's write at the periodic check (CATALOGUE_CACHE_TTL_MS)", async () => {
    const catalogue = createCatalogueService(t.services.repos.catalogue, { cacheTtlMs: 20 });
    const id = (await catalogue.snapshot()).products[0]!._id;
    await renamedBySql(id, 'Renamed Elsewhere', async () => {
      let seen = false;
      for (let tries = 0; tries < 100 && !seen; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = (await catalogue.snapshot()).byId.get(id)?.name === 'Renamed Elsewhere';
      }
      expect(seen).toBe(true);
    });
  });
});
