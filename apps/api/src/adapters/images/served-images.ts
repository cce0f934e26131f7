import { digestOf } from '../../lib/encoded-body.js';
import type { ArtPictures } from './art-pictures.js';
import { imageContentType, isImageKey, type ImageStore } from './image-store.js';

/** An image as /images/… sends it. */
export interface ServedImage {
  body: Buffer;
  type: string;
  /** Made from its bytes, so every host gives one image the same ETag. */
  etag: string;
}

/** An image larger than this share of the cache is served but not kept (an upload's original). */
const LARGEST_SHARE = 8;

/**
 * The images the app serves, read from the configured store and kept in memory, most recently
 * served first, up to `maxBytes` (IMAGE_CACHE_MB): with the store in PostgreSQL or a bucket, a hot
 * image costs no query and no request. Keeping them is safe because a key's bytes never change
 * once written (image-store.ts). What is not there is not kept: an image uploaded through another
 * host is found the first time it is asked for. Requests for one image at once share one read.
 */
export function createServedImages({
  store,
  artPictures,
  maxBytes,
}: {
  store: ImageStore;
  artPictures: Pick<ArtPictures, 'get'>;
  maxBytes: number;
}) {
  const kept = new Map<string, ServedImage>();
  let keptBytes = 0;
  const reading = new Map<string, Promise<ServedImage | undefined>>();
  const largest = Math.floor(maxBytes / LARGEST_SHARE);

  function keep(key: string, image: ServedImage) {
    if (image.body.length > largest) return;
    kept.set(key, image);
    keptBytes += image.body.length;
    for (const [oldKey, old] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldKey);
      keptBytes -= old.body.length;
    }
  }

  function read(
    key: string,
    load: () => Promise<Buffer | undefined>,
  ): Promise<ServedImage | undefined> {
    const type = imageContentType(key);
    if (!type || !isImageKey(key)) return Promise.resolve(undefined);
    const hit = kept.get(key);
    if (hit) {
      // Most recently served last: the first entries are the ones to let go.
      kept.delete(key);
      kept.set(key, hit);
      return Promise.resolve(hit);
    }
    let pending = reading.get(key);
    if (!pending) {
      pending = load()
        .then((body) => {
          if (!body) return undefined;
          // SVG is compressed on the way out: its ETag is weak, as for every encoded answer.
          const digest = `"${digestOf(body)}"`;
          const image = { body, type, etag: type === 'image/svg+xml' ? `W/${digest}` : digest };
          keep(key, image);
          return image;
        })
        .finally(() => reading.delete(key));
      reading.set(key, pending);
    }
    return pending;
  }

  return {
    /** The image stored under `key`, or undefined when there is none. */
    file: (key: string) => read(key, () => store.get(key)),
    /** The seed's art as a picture (art-pictures.ts), drawn from its drawing if not stored yet. */
    picture: (key: string) => read(key, () => artPictures.get(key)),
    /** What is kept in memory now. */
    kept: () => ({ images: kept.size, bytes: keptBytes }),
  };
}

export type ServedImages = ReturnType<typeof createServedImages>;
