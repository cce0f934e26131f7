import { describe, expect, it } from 'vitest';
import { createArtPictures } from './art-pictures.js';
import type { ImageStore } from './image-store.js';

/** A store in memory holding one product drawing, as the seed writes it. */
function storeWithDrawing() {
  const drawing =
    '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="80"><rect width="60" height="80" fill="#8a1c2b"/></svg>';
  const kept = new Map<string, Buffer>([['products/phn-leh-0001-1-v3.svg', Buffer.from(drawing)]]);
  const store: ImageStore = {
    urlFor: (key) => `/images/${key}`,
    exists: async (key) => kept.has(key),
    get: async (key) => kept.get(key),
    async put(key, body) {
      kept.set(key, Buffer.from(body));
    },
  };
  return { store, kept };
}

describe("the seed's art as pictures", () => {
  it('counts a picture not made yet as there when its drawing is, without drawing it', async () => {
    const { store, kept } = storeWithDrawing();
    const art = createArtPictures(store);
    const key = 'products/phn-leh-0001-1-v3-600.webp';
    expect(await art.exists(key)).toBe(true);
    expect(kept.has(key)).toBe(false);
    // Asked for, it is made and kept; it still exists.
    expect((await art.get(key))?.subarray(8, 12).toString()).toBe('WEBP');
    expect(kept.has(key)).toBe(true);
    expect(await art.exists(key)).toBe(true);
  });

  it('counts nothing else: another width, a drawing the store lacks, or no picture name', async () => {
    const { store } = storeWithDrawing();
    const art = createArtPictures(store);
    expect(await art.exists('products/phn-leh-0001-1-v3-1234.webp')).toBe(false);
    expect(await art.exists('products/phn-leh-0002-1-v3-600.webp')).toBe(false);
    expect(await art.exists('products/phn-leh-0001-1-v3.svg')).toBe(false);
    expect(await art.exists('uploads/0123456789abcdef01234567-600.webp')).toBe(false);
  });
});
