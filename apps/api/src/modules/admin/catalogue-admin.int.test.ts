import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProductResponseSchema,
  adminProductsResponseSchema,
  productDetailResponseSchema,
  productListResponseSchema,
  uploadedImageResponseSchema,
  type AdminProductBody,
} from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { newShopper, type Shopper } from '../../test/shopping.js';

/*
 * The catalogue as admins write it (issue [K]): products with every field, sizes and units,
 * filters and uploaded photos; the price tier from the MRP; no lost edit between two admins; and
 * a write in one API process seen by another within a second (PostgreSQL LISTEN/NOTIFY).
 */
let t: TestApp;
let admin: Shopper;
let photos: Buffer[];
let n = 0;

/** A photo as a phone would send it: big enough, in colour. */
const photo = (width: number, height: number, hue: number, format: 'jpeg' | 'png' = 'jpeg') => {
  const picture = sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 80, b: 255 - hue } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 3}" r="${width / 4}" fill="#c9a227"/></svg>`,
      ),
    },
  ]);
  return (format === 'png' ? picture.png() : picture.jpeg()).toBuffer();
};

beforeAll(async () => {
  t = await createTestApp({ jobs: false, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  admin = await newShopper(t, 'catalogue-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  photos = await Promise.all([photo(900, 1200, 200), photo(1200, 900, 40, 'png')]);
});
afterAll(async () => {
  await t.close();
});

async function upload(who: Shopper, body: Buffer, type = 'image/jpeg') {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
    payload: body,
  });
}

function body(over: Partial<AdminProductBody> = {}): AdminProductBody {
  n += 1;
  return {
    productId: `PHN-TST-${String(n).padStart(4, '0')}`,
    name: 'Marigold Zari Lehenga',
    description: 'Hand-finished zari on raw silk, with a net dupatta.',
    condition: 'Like new, dry-cleaned',
    mrp: 7500,
    twoDayRentalPrice: 700,
    fourDayRentalPrice: 910,
    sevenDayRentalPrice: 1190,
    fourteenDayRentalPrice: 1750,
    bestseller: false,
    isAvailable: true,
    sizes: [
      { size: 'S', available: true, units: 1 },
      { size: 'M', available: true, units: 2 },
    ],
    filters: [
      { type: 'category', value: 'Women' },
      { type: 'subCategory', value: 'Lehenga' },
      { type: 'occasion', value: 'Sangeet' },
    ],
    images: [],
    ...over,
  };
}

const create = (payload: AdminProductBody) => admin.call('POST', '/api/admin/products', payload);
/** PUT as `who` (the shoppers' helper speaks GET, POST and DELETE only). */
const putAs = (app: TestApp, who: Shopper, url: string, payload: object) =>
  app.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${who.token}` },
    payload,
  });
const save = (id: string, payload: AdminProductBody) =>
  putAs(t, admin, `/api/admin/products/${id}`, payload);

describe('uploading a photo', () => {
  it('crops it to the 600 × 800 slot as WebP and AVIF, serving AVIF to browsers that take it', async () => {
    const res = await upload(admin, photos[0]!);
    expect(res.statusCode, res.body).toBe(200);
    const stored = uploadedImageResponseSchema.parse(res.json());
    expect(stored).toMatchObject({ width: 600, height: 800, message: 'Image uploaded' });
    expect(stored.url).toMatch(
      /^http:\/\/localhost(:\d+)?\/images\/uploads\/[0-9a-f]{24}-600\.webp$/,
    );
    const path = new URL(stored.url).pathname;

    const webp = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'image/webp' },
    });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('accept');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ width: 600, height: 800 });
    const avif = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
    // The original is kept as it was sent.
    const original = await t.app.inject({
      method: 'GET',
      url: path.replace('-600.webp', '-original.jpg'),
    });
    expect(original.rawPayload.equals(photos[0]!)).toBe(true);
    // The same photo again is the same image.
    expect(uploadedImageResponseSchema.parse((await upload(admin, photos[0]!)).json()).url).toBe(
      stored.url,
    );
  });

  it('refuses what is not a photo, too small, too big or of another type, storing nothing', async () => {
    const text = await upload(admin, Buffer.from('GIF89a not really an image'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(
      'This file is not an image we can read: upload a JPEG, PNG, WebP or AVIF photo',
    );
    const small = await upload(admin, await photo(300, 400, 90));
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe(
      'This image is too small: it needs to be at least 600 pixels wide',
    );
    const plain = await upload(admin, Buffer.from('hello'), 'text/plain');
    expect(plain.statusCode).toBe(415);
    const huge = await upload(admin, Buffer.alloc(16 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/images/uploads/000000000000000000000000-600.webp',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('creating and editing products', () => {
  it('creates a product with two photos, seen by the shop with its tier from the MRP', async () => {
    const urls = [];
    for (const p of photos)
      urls.push(uploadedImageResponseSchema.parse((await upload(admin, p)).json()).url);
    const res = await create(body({ images: urls, bestseller: true }));
    expect(res.statusCode, res.body).toBe(200);
    const { product, message } = adminProductResponseSchema.parse(res.json());
    expect(message).toBe(`Product ${product.productId} created`);
    expect(product).toMatchObject({
      category: 'royal',
      categoryLabel: 'Royal · ₹5,000 to ₹10,000 MRP',
      images: urls,
      sizes: [
        { size: 'S', available: true, units: 1, retiredUnits: 0 },
        { size: 'M', available: true, units: 2, retiredUnits: 0 },
      ],
    });

    const list = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    const shown = list.products.find((p) => p._id === product._id)!;
    expect(shown).toMatchObject({ name: 'Marigold Zari Lehenga', category: 'royal', images: urls });
    const detail = productDetailResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/product/list/${product.productId}` })).json(),
    );
    expect(detail.product.sizes).toEqual([
      { size: 'S', available: true },
      { size: 'M', available: true },
    ]);
    const units = await admin.call('GET', `/api/admin/units?productId=${product._id}`);
    expect((units.json() as { units: { code: string }[] }).units.map((u) => u.code).sort()).toEqual(
      [`${product.productId}-M-1`, `${product.productId}-M-2`, `${product.productId}-S-1`],
    );
    const page = adminProductsResponseSchema.parse(
      (await admin.call('GET', `/api/admin/products?q=${product.productId.toLowerCase()}`)).json(),
    );
    expect(page.products).toEqual([
      expect.objectContaining({ _id: product._id, sizes: 2, units: 3, image: urls[0] }),
    ]);
  });

  it('refuses bad products with the reason, writing nothing', async () => {
    const before = await admin.call('GET', '/api/admin/products');
    const cases: [Partial<AdminProductBody>, string][] = [
      [{ twoDayRentalPrice: 8000 }, 'A rental price must be below the MRP'],
      [{ sevenDayRentalPrice: 800 }, 'A longer rental cannot cost less than a shorter one'],
      [{ mrp: 7500.555 }, 'Prices must be amounts in rupees above 0, with at most 2 decimals'],
      [
        { productId: '-BAD CODE' },
        'Product code must be 3 to 30 letters, digits or dashes, starting with a letter or digit',
      ],
      [{ sizes: [] }, 'Add at least one size'],
      [
        {
          sizes: [
            { size: 'M', available: true, units: 1 },
            { size: 'm', available: true, units: 1 },
          ],
        },
        'Size m is listed twice',
      ],
      [
        {
          filters: [
            { type: 'colour', value: 'Red' },
            { type: 'colour', value: 'red' },
          ],
        },
        'The filter colour: red is listed twice',
      ],
      [{ images: ['https://elsewhere.example/x.jpg'] }, 'Images must be ones uploaded here'],
      [
        { images: ['/images/uploads/111111111111111111111111-600.webp'] },
        'The image /images/uploads/111111111111111111111111-600.webp is no longer stored: upload it again',
      ],
      [{ images: ['/images/../config.json'] }, 'Images must be ones uploaded here'],
      [
        { sizes: [{ size: 'M', available: true, units: 51 }] },
        'Units must be a whole number from 0 to 50',
      ],
    ];
    for (const [over, message] of cases) {
      const res = await create(body(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toBe(message);
    }
    const after = await admin.call('GET', '/api/admin/products');
    expect(after.json().total).toBe(before.json().total);
  });

  it('gives a code once, even to two admins creating it at the same moment', async () => {
    const payload = body();
    const [a, b] = await Promise.all([create(payload), create(payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json().message).toBe(`Another product already has the code ${payload.productId}`);
    const again = await create({ ...payload, productId: payload.productId.toLowerCase() });
    expect(again.statusCode).toBe(409);
  });

  it('saves an edit made on the latest version only, adding sizes and units but never dropping them', async () => {
    const created = adminProductResponseSchema.parse((await create(body())).json()).product;
    const edit = {
      ...body(),
      productId: created.productId,
      mrp: 12_000,
      fourteenDayRentalPrice: 2500,
      sizes: [
        { size: 'S', available: false, units: 1 },
        { size: 'M', available: true, units: 3 },
        { size: 'L', available: true, units: 1 },
      ],
      filters: [{ type: 'colour', value: 'Marigold' }],
      version: created.version,
    };
    const saved = await save(created._id, edit);
    expect(saved.statusCode, saved.body).toBe(200);
    const product = adminProductResponseSchema.parse(saved.json()).product;
    expect(product).toMatchObject({
      category: 'luxury',
      categoryLabel: 'Luxury · above ₹10,000 MRP',
      mrp: 12_000,
      filters: [{ type: 'colour', value: 'Marigold' }],
      sizes: [
        { size: 'S', available: false, units: 1 },
        { size: 'M', available: true, units: 3 },
        { size: 'L', available: true, units: 1 },
      ],
    });
    expect(product.version).not.toBe(created.version);

    // Someone else's form, opened before that save: refused, nothing changes.
    const stale = await save(created._id, { ...edit, name: 'Stale name' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else changed this product since you opened it: reload to see their changes',
    );
    const current = { ...edit, version: product.version };
    const dropped = await save(created._id, { ...current, sizes: current.sizes.slice(1) });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().message).toBe(
      'Size S cannot be removed: switch it off instead, so its bookings keep their pieces',
    );
    const fewer = await save(created._id, {
      ...current,
      sizes: current.sizes.map((s) => (s.size === 'M' ? { ...s, units: 1 } : s)),
    });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().message).toBe(
      'Size M has 3 pieces in use: to take pieces out, retire them on the Units screen',
    );
    const other = adminProductResponseSchema.parse((await create(body())).json()).product;
    const taken = await save(created._id, { ...current, productId: other.productId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`Another product already has the code ${other.productId}`);
    const read = adminProductResponseSchema.parse(
      (await admin.call('GET', `/api/admin/products/${created._id}`)).json(),
    ).product;
    expect(read).toMatchObject({
      name: product.name,
      version: product.version,
      productId: created.productId,
    });
    const unknown = await admin.call(
      'GET',
      '/api/admin/products/4b0a4d3c-1111-4222-8333-944455556666',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only: staff and shoppers are refused', async () => {
    const staff = await newShopper(t, 'catalogue-staff@pehnava.test');
    await t.services.repos.users.setRole(staff.id, 'staff');
    expect((await staff.call('POST', '/api/admin/products', body())).statusCode).toBe(403);
    expect((await upload(staff, photos[0]!)).statusCode).toBe(403);
    const shopper = await newShopper(t, 'catalogue-shopper@pehnava.test');
    expect((await upload(shopper, photos[0]!)).statusCode).toBe(403);
  });
});

describe.runIf(usingPostgres())('two API processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  let boss: Shopper;
  // An hour: only the notification can refresh the other process's snapshot in time.
  const env = { AUTH_RATE_LIMIT_PER_IP: '1000', CATALOGUE_CACHE_TTL_MS: '3600000' };

  beforeAll(async () => {
    const database = await createTestDatabase();
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 4 });
    a = await createTestApp({ database, jobs: false, env, catalogueChanges: true });
    b = await createTestApp({ database: second, jobs: false, env, catalogueChanges: true });
    boss = await newShopper(a, 'catalogue-boss@pehnava.test');
    await a.services.repos.users.setRole(boss.id, 'admin');
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const listOn = async (app: TestApp) =>
    productListResponseSchema.parse(
      (await app.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    ).products;
  const within = async (ms: number, check: () => Promise<boolean>) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return undefined;
  };

  it('a product created and edited in one process is served by the other within a second', async () => {
    // The other process has its snapshot already (kept for an hour).
    const before = await listOn(b);
    const res = await boss.call('POST', '/api/admin/products', body({ name: 'Saffron Sherwani' }));
    expect(res.statusCode, res.body).toBe(200);
    const created = adminProductResponseSchema.parse(res.json()).product;
    expect(before.some((p) => p._id === created._id)).toBe(false);
    const seen = await within(1000, async () =>
      (await listOn(b)).some((p) => p._id === created._id),
    );
    expect(seen, 'the new product reached the other process').toBeDefined();

    const renamed = await putAs(a, boss, `/api/admin/products/${created._id}`, {
      ...body(),
      productId: created.productId,
      name: 'Saffron Silk Sherwani',
      version: created.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const edited = await within(1000, async () =>
      (await listOn(b)).some((p) => p._id === created._id && p.name === 'Saffron Silk Sherwani'),
    );
    expect(edited, 'the edit reached the other process').toBeDefined();
  });
});

describe('a product of the seed', () => {
  let shop: TestApp;
  let boss: Shopper;
  beforeAll(async () => {
    shop = await createTestApp({
      seed: true,
      jobs: false,
      env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    boss = await newShopper(shop, 'seed-editor@pehnava.test');
    await shop.services.repos.users.setRole(boss.id, 'admin');
  });
  afterAll(async () => {
    await shop.close();
  });

  it('is saved as the console read it, though its pictures were never asked for', async () => {
    // The seed writes drawings; each picture is made the first time someone asks for it, so on a
    // fresh shop an operator may save a product whose pictures do not exist yet.
    const { products } = productListResponseSchema.parse(
      (await shop.app.inject({ method: 'GET', url: '/api/product/list' })).json(),
    );
    const seeded = products.at(-1)!;
    const read = adminProductResponseSchema.parse(
      (await boss.call('GET', `/api/admin/products/${seeded._id}`)).json(),
    ).product;
    const { _id: _omitId, categoryLabel: _omitLabel, date: _omitDate, ...form } = read;
    const saved = await putAs(shop, boss, `/api/admin/products/${seeded._id}`, {
      ...form,
      name: `${read.name} (pressed)`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const product = adminProductResponseSchema.parse(saved.json()).product;
    expect(product.images).toEqual(read.images);
    // Its pictures are the ones the shop serves.
    const picture = await shop.app.inject({
      method: 'GET',
      url: new URL(product.images[0]!).pathname,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });
});
