import { ART_PICTURE, ART_WIDTHS } from '@pehnava/shared';
import sharp from 'sharp';
import type { ImageStore } from './image-store.js';

/** WebP at this quality: the generated art's flat colours and fine patterns stay clean. */
const WEBP_QUALITY = 78;

/** The widths a picture of this drawing may be asked at: the hero's, or a product's. */
const widthsFor = (drawingKey: string): readonly number[] =>
  drawingKey.startsWith('hero/') ? ART_WIDTHS.hero : ART_WIDTHS.product;

/**
 * The seed's art as pictures (ART_VERSION 3): the seed writes each drawing once, as SVG, and its
 * WebP at the widths pages use is made from it the first time it is asked for, on whichever host
 * is asked, then kept in the store beside it for every host, so a fresh start costs nothing and
 * every later request is a read (served-images.ts keeps it in memory after that). A browser
 * decodes a WebP off its main thread; an SVG it parses, lays out and paints on it. Only the
 * widths of ART_WIDTHS are made (no one can have the server draw at any size), and requests for
 * one picture at once share one drawing.
 */
export function createArtPictures(store: ImageStore) {
  const drawing = new Map<string, Promise<Buffer | undefined>>();

  async function draw(key: string, drawingKey: string, width: number) {
    const svg = await store.get(`${drawingKey}.svg`);
    if (!svg) return undefined;
    const picture = await sharp(svg).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
    await store.put(key, picture);
    return picture;
  }

  return {
    /**
     * The picture stored under `key` (`products/phn-leh-0001-1-v3-600.webp`), made from its
     * drawing if it is not there yet; undefined when `key` names no picture of a drawing the
     * store has, or a width pages do not use.
     */
    async get(key: string): Promise<Buffer | undefined> {
      const [, drawingKey, width] = ART_PICTURE.exec(key) ?? [];
      if (!drawingKey || !widthsFor(drawingKey).includes(Number(width))) return undefined;
      const kept = await store.get(key);
      if (kept) return kept;
      let made = drawing.get(key);
      if (!made) {
        made = draw(key, drawingKey, Number(width)).finally(() => drawing.delete(key));
        drawing.set(key, made);
      }
      return made;
    },

    /**
     * Whether `key` names a picture `get` gives: kept already, or to be made from a drawing the
     * store has. Nothing is drawn to find out (a product saved before its pictures were first
     * asked for names pictures not made yet).
     */
    async exists(key: string): Promise<boolean> {
      const [, drawingKey, width] = ART_PICTURE.exec(key) ?? [];
      if (!drawingKey || !widthsFor(drawingKey).includes(Number(width))) return false;
      return (await store.exists(key)) || store.exists(`${drawingKey}.svg`);
    },
  };
}

export type ArtPictures = ReturnType<typeof createArtPictures>;
