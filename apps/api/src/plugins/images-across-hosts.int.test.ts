import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductResponseSchema, uploadedImageResponseSchema } from '@pehnava/shared';
import { imagesDirFor } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDatabase } from '../test/database.js';
import { startS3Fake, type S3Fake } from '../test/fakes/s3-fake.js';
import { newShopper, type Shopper } from '../test/shopping.js';

/*
 * Images where every host reads them (issue [Q] §2, decision 076): two apps, each with a DATA_DIR
 * of its own, on one database (PostgreSQL: a pool each, as two hosts have; PGlite: one handle), with
 * IMAGE_STORE=postgres or IMAGE_STORE=s3 on the local S3 stand-in. What one host stores, the other
 * serves at once, and then from memory.
 */
const S3 = {
  bucket: 'pehnava-images',
  region: 'ap-south-1',
  accessKeyId: 'AKIAPEHNAVAHOSTS01',
  secretAccessKey: 'two-hosts-one-bucket',
};
let s3: S3Fake;
beforeAll(async () => {
  s3 = await startS3Fake({ buckets: [S3.bucket], ...S3 });
});
afterAll(async () => {
  await s3.close();
});

/** A phone photo: big enough for the 600 × 800 slot, in colour. */
const photo = (hue: number) =>
  sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: hue, g: 90, b: 200 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="1200"><circle cx="450" cy="400" r="220" fill="#c9a227"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

const DRAWING =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">' +
  '<rect width="600" height="800" fill="#7a1f3d"/><circle cx="300" cy="300" r="120" fill="#c9a227"/></svg>';

describe.each(['postgres', 's3'] as const)('IMAGE_STORE=%s on two hosts', (kind) => {
  let a: TestApp;
  let b: TestApp;
  let admin: Shopper;
  let sent: Buffer;

  beforeAll(async () => {
    const env = {
      IMAGE_STORE: kind,
      // One deployment: a session made on one host is good on the other.
      JWT_SECRET: 'one-secret-for-every-host-of-the-shop-0123456789',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      ...(kind === 's3'
        ? {
            S3_BUCKET: S3.bucket,
            S3_ENDPOINT: s3.url,
            S3_REGION: S3.region,
            S3_ACCESS_KEY_ID: S3.accessKeyId,
            S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
            S3_FORCE_PATH_STYLE: 'true',
          }
        : {}),
    };
    const database = await createTestDatabase();
    const other: DatabaseHandle = database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 })
      : // PGlite serves one process: the second app shares its handle, closed by the first.
        { ...database, close: async () => undefined };
    a = await createTestApp({ database, jobs: false, env });
    b = await createTestApp({ database: other, jobs: false, env });
    admin = await newShopper(a, `images-${kind}@pehnava.test`);
    await a.services.repos.users.setRole(admin.id, 'admin');
    sent = await photo(kind === 's3' ? 40 : 200);
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves a photo uploaded through one host from the other at once, then from memory', async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/jpeg' },
      payload: sent,
    });
    expect(res.statusCode, res.body).toBe(200);
    const path = new URL(uploadedImageResponseSchema.parse(res.json()).url).pathname;

    const onB = await get(b, path, { accept: 'image/webp' });
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['content-type']).toBe('image/webp');
    expect(onB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(onB.headers.vary).toBe('accept');
    expect(await sharp(onB.rawPayload).metadata()).toMatchObject({ width: 600, height: 800 });
    const onA = await get(a, path, { accept: 'image/webp' });
    expect(onA.rawPayload.equals(onB.rawPayload)).toBe(true);
    // One image, one ETag, whichever host answers: a browser's copy is current on both.
    expect(onA.headers.etag).toBe(onB.headers.etag);
    const current = await get(b, path, {
      accept: 'image/webp',
      'if-none-match': String(onA.headers.etag),
    });
    expect(current.statusCode).toBe(304);

    const avif = await get(b, path, { accept: 'image/avif,image/webp,*/*' });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
    const original = await get(b, path.replace('-600.webp', '-original.jpg'));
    expect(original.rawPayload.equals(sent)).toBe(true);

    // Neither host wrote a file: the images are in the store every host reads.
    expect(existsSync(imagesDirFor(a.config))).toBe(false);
    expect(existsSync(imagesDirFor(b.config))).toBe(false);

    // Served again, from memory: the store is not asked.
    const store = b.services.images;
    const read = store.get.bind(store);
    let reads = 0;
    store.get = async (key) => {
      reads += 1;
      return read(key);
    };
    try {
      for (const accept of ['image/webp', 'image/avif']) {
        expect((await get(b, path, { accept })).statusCode).toBe(200);
      }
      expect(reads).toBe(0);
    } finally {
      store.get = read;
    }
  });

  it('lets a product saved through one host name a photo uploaded through the other', async () => {
    const upload = await b.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/jpeg' },
      payload: await photo(120),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url } = uploadedImageResponseSchema.parse(upload.json());
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {
        productId: kind === 's3' ? 'PHN-IMG-0002' : 'PHN-IMG-0001',
        name: 'Indigo Bandhani Saree',
        description: 'Tie-dyed by hand in Kutch.',
        condition: 'Like new',
        mrp: 4_000,
        twoDayRentalPrice: 500,
        fourDayRentalPrice: 650,
        sevenDayRentalPrice: 850,
        fourteenDayRentalPrice: 1250,
        bestseller: false,
        isAvailable: true,
        sizes: [{ size: 'FREE', available: true, units: 1 }],
        filters: [{ type: 'category', value: 'Women' }],
        images: [url],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminProductResponseSchema.parse(saved.json()).product.images).toEqual([url]);
  });

  it("draws the seed's picture once, on whichever host is asked first, for every host", async () => {
    const drawing = `products/phn-img-000${kind === 's3' ? 2 : 1}-1-v3`;
    await a.services.images.put(`${drawing}.svg`, DRAWING);
    const svg = await get(b, `/images/${drawing}.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toBe(DRAWING);

    const picture = await get(b, `/images/${drawing}-600.webp`);
    expect(picture.statusCode).toBe(200);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
    });
    // Kept in the store by the host that drew it, and read from there by the other.
    expect(await a.services.images.exists(`${drawing}-600.webp`)).toBe(true);
    const onA = await get(a, `/images/${drawing}-600.webp`);
    expect(onA.rawPayload.equals(picture.rawPayload)).toBe(true);
    expect((await get(a, `/images/${drawing}-1200.webp`)).statusCode).toBe(404);
  });

  it('serves a review photo kept through one host from the other', async () => {
    const url = await a.services.imageUploads.reviewPhoto(await photo(60));
    const res = await get(b, url, { accept: 'image/avif' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect((await get(b, url.replace('-1200.webp', '-9999.webp'))).statusCode).toBe(404);
  });
});
