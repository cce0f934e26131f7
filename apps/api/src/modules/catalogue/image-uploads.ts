import { createHash } from 'node:crypto';
import {
  CATALOGUE_ADMIN_MESSAGES as M,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_MAX_BYTES,
} from '@pehnava/shared';
import sharp from 'sharp';
import type { ImageStore } from '../../adapters/images/image-store.js';
import { HttpError, badRequest } from '../../lib/http-error.js';

/**
 * The slot every product image fills in the shop: cards and the gallery show 600 × 800 (3:4).
 * An upload is cropped to it around its most interesting part, as WebP (the address the product
 * keeps) and AVIF (served in its place to browsers that accept it); the original is kept as sent.
 */
export const PRODUCT_IMAGE = { width: 600, height: 800 } as const;
/** A review photo's longest side, at most. */
export const REVIEW_PHOTO_SIDE = 1200;
/** The largest upload taken, in bytes. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

const FORMATS: Readonly<Record<string, string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  heif: 'heic',
};

/** Where an upload's files go: one folder name per content, so the same photo twice is one. */
export const uploadKeys = (hash: string, originalExt: string) => ({
  original: `uploads/${hash}-original.${originalExt}`,
  webp: `uploads/${hash}-${PRODUCT_IMAGE.width}.webp`,
  avif: `uploads/${hash}-${PRODUCT_IMAGE.width}.avif`,
});

export function createImageUploads(store: ImageStore) {
  return {
    /**
     * Check and store an uploaded photo; its WebP address. A file that is not a photo sharp can
     * read, or is smaller than the slot, is refused with a clear 400 and nothing is stored.
     */
    async upload(data: Buffer): Promise<{ url: string; width: number; height: number }> {
      if (data.length > MAX_UPLOAD_BYTES) throw badRequest(M.imageTooLarge);
      let format: string | undefined;
      let width: number;
      try {
        const meta = await sharp(data, { failOn: 'error' }).metadata();
        format = meta.format;
        // A phone photo's width as seen, after its EXIF turn.
        width = (meta.orientation ?? 1) >= 5 ? (meta.height ?? 0) : (meta.width ?? 0);
      } catch {
        throw badRequest(M.imageUnreadable);
      }
      const ext = format ? FORMATS[format] : undefined;
      if (!ext) throw badRequest(M.imageUnreadable);
      if (width < PRODUCT_IMAGE.width) throw badRequest(M.imageTooSmall);

      const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
      const keys = uploadKeys(hash, ext);
      if (!(await store.exists(keys.webp))) {
        // Turned upright (EXIF), cropped to 3:4 around what draws the eye, metadata dropped.
        const slot = sharp(data).rotate().resize(PRODUCT_IMAGE.width, PRODUCT_IMAGE.height, {
          fit: 'cover',
          position: sharp.strategy.attention,
        });
        const [webp, avif] = await Promise.all([
          slot.clone().webp({ quality: 80 }).toBuffer(),
          slot.clone().avif({ quality: 55, effort: 4 }).toBuffer(),
        ]);
        await store.put(keys.original, data);
        await store.put(keys.avif, avif);
        // Last: its presence says the upload is whole.
        await store.put(keys.webp, webp);
      }
      return { url: store.urlFor(keys.webp), ...PRODUCT_IMAGE };
    },

    /**
     * A shopper's photo for a review (decision 071): JPEG, PNG or WebP of at most 10 MB, else a
     * 422 and nothing stored. Turned upright and fitted within 1200 × 1200 as WebP and AVIF; its
     * metadata (EXIF, GPS) is dropped and the original is not kept.
     */
    async reviewPhoto(data: Buffer): Promise<string> {
      const refused = new HttpError(422, REVIEW_MESSAGES.photoType);
      if (data.length === 0 || data.length > REVIEW_PHOTO_MAX_BYTES) throw refused;
      let format: string | undefined;
      try {
        format = (await sharp(data, { failOn: 'error' }).metadata()).format;
      } catch {
        throw refused;
      }
      if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw refused;
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
      const webpKey = `uploads/${hash}-${REVIEW_PHOTO_SIDE}.webp`;
      if (!(await store.exists(webpKey))) {
        const fitted = sharp(data).rotate().resize(REVIEW_PHOTO_SIDE, REVIEW_PHOTO_SIDE, {
          fit: 'inside',
          withoutEnlargement: true,
        });
        const [webp, avif] = await Promise.all([
          fitted.clone().webp({ quality: 80 }).toBuffer(),
          fitted.clone().avif({ quality: 55, effort: 4 }).toBuffer(),
        ]);
        await store.put(`uploads/${hash}-${REVIEW_PHOTO_SIDE}.avif`, avif);
        // Last: its presence says the photo is whole.
        await store.put(webpKey, webp);
      }
      return store.urlFor(webpKey);
    },
  };
}

export type ImageUploads = ReturnType<typeof createImageUploads>;
