import { describe, expect, it } from 'vitest';
import type { ArtPictures } from './art-pictures.js';
import type { ImageStore } from './image-store.js';
import { createServedImages } from './served-images.js';

/** A store in memory that counts its reads, and can hold a read until the test lets it go. */
function memoryStore() {
  const kept = new Map<string, Buffer>();
  const reads: string[] = [];
  let gate: Promise<void> | undefined;
  const store: ImageStore = {
    urlFor: (key) => `/images/${key}`,
    exists: async (key) => kept.has(key),
    async get(key) {
      reads.push(key);
      await gate;
      return kept.get(key);
    },
    async put(key, body) {
      kept.set(key, Buffer.from(body));
    },
  };
  return {
    store,
    reads,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const noArt: Pick<ArtPictures, 'get'> = { get: async () => undefined };
const KB = 1024;

describe('served images', () => {
  it('reads an image from the store once, then from memory, with its type and an ETag of its bytes', async () => {
    const { store, reads } = memoryStore();
    const served = createServedImages({ store, artPictures: noArt, maxBytes: 64 * KB });
    await store.put('uploads/a-600.webp', Buffer.alloc(KB, 1));
    await store.put('products/p-v3.svg', '<svg/>');
    const first = await served.file('uploads/a-600.webp');
    const again = await served.file('uploads/a-600.webp');
    expect(again).toBe(first);
    expect(first).toMatchObject({
      type: 'image/webp',
      etag: expect.stringMatching(/^"[\w-]{27}"$/),
    });
    // SVG is compressed on the way out, so its ETag is weak.
    expect((await served.file('products/p-v3.svg'))?.etag).toMatch(/^W\/"/);
    expect(reads).toEqual(['uploads/a-600.webp', 'products/p-v3.svg']);
    // Two hosts reading the same bytes give the same ETag.
    const other = createServedImages({ store, artPictures: noArt, maxBytes: 64 * KB });
    expect((await other.file('uploads/a-600.webp'))?.etag).toBe(first?.etag);
  });

  it('keeps no miss: an image stored after it was asked for is served at once', async () => {
    const { store, reads } = memoryStore();
    const served = createServedImages({ store, artPictures: noArt, maxBytes: 64 * KB });
    expect(await served.file('uploads/b-600.webp')).toBeUndefined();
    await store.put('uploads/b-600.webp', Buffer.alloc(10, 2));
    expect((await served.file('uploads/b-600.webp'))?.body.length).toBe(10);
    expect(reads).toEqual(['uploads/b-600.webp', 'uploads/b-600.webp']);
  });

  it('never asks the store for what is no image or leaves its folder', async () => {
    const { store, reads } = memoryStore();
    const served = createServedImages({ store, artPictures: noArt, maxBytes: 64 * KB });
    for (const key of ['../config.json', 'uploads/x.txt', 'Uploads/A.WEBP', 'a//b.png', 'x']) {
      expect(await served.file(key), key).toBeUndefined();
    }
    expect(reads).toEqual([]);
  });

  it('shares one read among requests for one image at once', async () => {
    const { store, reads, hold } = memoryStore();
    const served = createServedImages({ store, artPictures: noArt, maxBytes: 64 * KB });
    await store.put('hero/hero-1-v3.svg', '<svg/>');
    const release = hold();
    const answers = Promise.all(Array.from({ length: 5 }, () => served.file('hero/hero-1-v3.svg')));
    release();
    expect(new Set(await answers).size).toBe(1);
    expect(reads).toEqual(['hero/hero-1-v3.svg']);
  });

  it('keeps at most its bytes, letting the least recently served go, and not an image too big', async () => {
    const { store, reads } = memoryStore();
    const served = createServedImages({ store, artPictures: noArt, maxBytes: 32 * KB });
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await store.put(`uploads/${name}-600.webp`, Buffer.alloc(4 * KB));
    }
    // An original of 5 KB is more than an eighth of 32 KB: served each time, never kept.
    await store.put('uploads/big-original.jpg', Buffer.alloc(5 * KB));
    for (const name of ['a', 'b', 'c', 'd', 'e']) await served.file(`uploads/${name}-600.webp`);
    expect(served.kept()).toEqual({ images: 5, bytes: 20 * KB });
    await served.file('uploads/big-original.jpg');
    await served.file('uploads/big-original.jpg');
    expect(served.kept()).toEqual({ images: 5, bytes: 20 * KB });
    // 'a' is served again, so 'b' and 'c' are the least recent when three more come.
    await served.file('uploads/a-600.webp');
    for (const name of ['f', 'g', 'h']) {
      await store.put(`uploads/${name}-600.webp`, Buffer.alloc(4 * KB));
      await served.file(`uploads/${name}-600.webp`);
    }
    expect(served.kept()).toEqual({ images: 8, bytes: 32 * KB });
    await store.put('uploads/i-600.webp', Buffer.alloc(4 * KB));
    await served.file('uploads/i-600.webp');
    expect(served.kept()).toEqual({ images: 8, bytes: 32 * KB });
    reads.length = 0;
    await served.file('uploads/a-600.webp');
    await served.file('uploads/b-600.webp');
    expect(reads).toEqual(['uploads/b-600.webp']);
  });

  it('keeps nothing with no room (IMAGE_CACHE_MB=0)', async () => {
    const { store, reads } = memoryStore();
    const served = createServedImages({ store, artPictures: noArt, maxBytes: 0 });
    await store.put('uploads/a-600.webp', Buffer.alloc(1));
    await served.file('uploads/a-600.webp');
    await served.file('uploads/a-600.webp');
    expect(reads).toHaveLength(2);
    expect(served.kept()).toEqual({ images: 0, bytes: 0 });
  });

  it("serves the seed's pictures as the art makes them", async () => {
    const { store } = memoryStore();
    const drawn: string[] = [];
    const artPictures: Pick<ArtPictures, 'get'> = {
      get: async (key) => {
        drawn.push(key);
        return Buffer.from('RIFF....WEBP');
      },
    };
    const served = createServedImages({ store, artPictures, maxBytes: 64 * KB });
    const picture = await served.picture('products/phn-leh-0001-1-v3-600.webp');
    expect(picture?.type).toBe('image/webp');
    await served.picture('products/phn-leh-0001-1-v3-600.webp');
    expect(drawn).toEqual(['products/phn-leh-0001-1-v3-600.webp']);
  });
});
