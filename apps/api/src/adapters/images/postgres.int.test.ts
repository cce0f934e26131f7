import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { storedImages } from '../../db/schema/index.js';
import { systemClock } from '../../lib/clock.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createPostgresImageStore } from './postgres.js';
import { createStoredImagesRepository } from './stored-images.repository.js';

/*
 * The PostgreSQL image store (decision 076) on the test database: PGlite, or the server named by
 * TEST_DATABASE_URL, where a second pool stands for a second host.
 */
let database: TestDatabase;
let second: DatabaseHandle | undefined;

const storeOn = (handle: DatabaseHandle) =>
  createPostgresImageStore(createStoredImagesRepository(handle.db, systemClock));

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.url) second = await openDatabase({ kind: 'postgres', url: database.url });
});
afterAll(async () => {
  await second?.close();
  await database.close();
});

describe('PostgreSQL image store', () => {
  it('keeps every byte of an image, with its content type and size', async () => {
    const store = storeOn(database);
    const body = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    const key = 'uploads/00112233445566778899aabb-original.jpg';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    await store.put(key, body);
    expect(await store.exists(key)).toBe(true);
    const read = await store.get(key);
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read!.equals(body)).toBe(true);
    const [row] = await database.db
      .select({ contentType: storedImages.contentType, byteSize: storedImages.byteSize })
      .from(storedImages)
      .where(eq(storedImages.key, key));
    expect(row).toEqual({ contentType: 'image/jpeg', byteSize: 70_000 });
    // A drawing written as text comes back as the same text.
    await store.put('hero/hero-1-v3.svg', '<svg><title>सेहरा</title></svg>');
    expect((await store.get('hero/hero-1-v3.svg'))?.toString()).toBe(
      '<svg><title>सेहरा</title></svg>',
    );
    expect(store.urlFor(key)).toBe(`/images/${key}`);
  });

  it('takes one key written by two hosts at once, and keeps the first write for good', async () => {
    const hosts = [storeOn(database), storeOn(second ?? database)];
    const key = 'products/phn-leh-0001-1-v3-600.webp';
    const bodies = Array.from({ length: 12 }, (_, i) => Buffer.alloc(32 * 1024, i));
    await Promise.all(bodies.map((body, i) => hosts[i % 2]!.put(key, body)));
    const rows = await database.db
      .select({ bytes: storedImages.bytes })
      .from(storedImages)
      .where(eq(storedImages.key, key));
    expect(rows).toHaveLength(1);
    const kept = rows[0]!.bytes;
    expect(bodies.some((body) => body.equals(kept))).toBe(true);
    // Both hosts read that one body; a later write of the key changes nothing.
    await hosts[1]!.put(key, Buffer.from('something else'));
    for (const host of hosts) expect((await host.get(key))?.equals(kept)).toBe(true);
  });

  it('refuses a key that leaves its folder, and finds nothing under one', async () => {
    const store = storeOn(database);
    await expect(store.put('../outside.jpg', 'x')).rejects.toThrow('Unsafe image key');
    expect(await store.get('../outside.jpg')).toBeUndefined();
    expect(await store.exists('../outside.jpg')).toBe(false);
  });
});
