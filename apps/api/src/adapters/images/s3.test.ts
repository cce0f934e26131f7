import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Fake, type S3Fake } from '../../test/fakes/s3-fake.js';
import { createS3Client, createS3ImageStore } from './s3.js';

/*
 * The S3 image store through the official AWS SDK, against the local S3 stand-in
 * (test/fakes/s3-fake.ts), which checks every request's Signature Version 4 as S3 does.
 */
const BUCKET = 'pehnava-images';
const credentials = { accessKeyId: 'AKIAPEHNAVATEST0001', secretAccessKey: 'marigold/secret+key' };
let s3: S3Fake;

const storeWith = (over: { secretAccessKey?: string; bucket?: string; region?: string } = {}) =>
  createS3ImageStore(
    createS3Client({
      endpoint: s3.url,
      region: over.region ?? 'ap-south-1',
      forcePathStyle: true,
      credentials: { ...credentials, ...(over.secretAccessKey ? over : {}) },
    }),
    over.bucket ?? BUCKET,
  );

beforeAll(async () => {
  s3 = await startS3Fake({ buckets: [BUCKET], region: 'ap-south-1', ...credentials });
});
afterAll(async () => {
  await s3.close();
});
beforeEach(() => {
  s3.requests.length = 0;
  s3.fail(0);
});

describe('S3 image store', () => {
  it('puts, finds and reads an image, with its content type and a year of caching', async () => {
    const store = storeWith();
    // Every byte value, so nothing is read or written as text on the way.
    const body = Buffer.from(Array.from({ length: 1024 }, (_, i) => i % 256));
    const key = 'uploads/0123456789abcdef01234567-600.webp';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    await store.put(key, body);
    expect(await store.exists(key)).toBe(true);
    expect((await store.get(key))?.equals(body)).toBe(true);
    const kept = s3.objects(BUCKET).get(key)!;
    expect(kept.contentType).toBe('image/webp');
    expect(kept.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(store.urlFor(key)).toBe(`/images/${key}`);
    expect(s3.requests.map((r) => `${r.method} ${r.key} ${r.status}`)).toEqual([
      `HEAD ${key} 404`,
      `GET ${key} 404`,
      `PUT ${key} 200`,
      `HEAD ${key} 200`,
      `GET ${key} 200`,
    ]);
  });

  it('keeps a drawing written as text, in folders', async () => {
    const store = storeWith();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>जरी</title></svg>';
    await store.put('products/scale/lehenga-red-c9a227-2-v3.svg', svg);
    expect((await store.get('products/scale/lehenga-red-c9a227-2-v3.svg'))?.toString()).toBe(svg);
    expect(s3.objects(BUCKET).get('products/scale/lehenga-red-c9a227-2-v3.svg')?.contentType).toBe(
      'image/svg+xml',
    );
  });

  it('tries again when the store is briefly unavailable', async () => {
    const store = storeWith();
    s3.fail(2, 500, 'InternalError');
    await store.put('hero/hero-1-v3.svg', '<svg/>');
    expect(s3.requests.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(await store.exists('hero/hero-1-v3.svg')).toBe(true);
  });

  it('fails loudly on a wrong secret, a missing bucket or a key that leaves its folder', async () => {
    await expect(
      storeWith({ secretAccessKey: 'not-the-secret' }).get('hero/x.svg'),
    ).rejects.toThrow(/signature/i);
    await expect(storeWith({ region: 'eu-west-1' }).exists('hero/x.svg')).rejects.toThrow();
    await expect(storeWith({ bucket: 'nowhere' }).put('hero/x.svg', 'x')).rejects.toThrow(
      /bucket does not exist/,
    );
    const store = storeWith();
    await expect(store.put('../outside.jpg', 'x')).rejects.toThrow('Unsafe image key');
    expect(await store.get('../outside.jpg')).toBeUndefined();
    expect(await store.exists('Uploads/X.JPG')).toBe(false);
    // Nothing unsafe ever reached the bucket.
    expect(s3.requests.some((r) => r.key.includes('..') || r.key.startsWith('Uploads'))).toBe(
      false,
    );
  });
});
