/**
 * Generated images carry this version in their names so they can be cached for a year; bump it
 * when the drawings change (apps/api/src/db/seed/art). Version 3 sends them as pictures (WebP),
 * drawn from the SVG at the widths below, rather than as SVG, which the browser lays out and
 * paints on its main thread.
 */
export const ART_VERSION = 3;
export const HERO_COUNT = 5;

/** The widths generated art is sent at, by kind; a picture's address names one of them. */
export const ART_WIDTHS = {
  /**
   * The gallery and cards: the shop's 600 × 800 slot (as operators' uploads are cropped), the
   * address a product names; and half that for cards on phones, whose slot is about 170 px wide.
   */
  product: [600, 300],
  /** The hero: full width on a desktop, and half that for phones. */
  hero: [800, 1600],
} as const;

/** The folders under /images/ that hold generated art: the seed's, seed:scale's and the hero's. */
export const ART_DIRS = ['products', 'products/scale', 'hero'] as const;

/** A generated picture's file name within its folder: `phn-leh-0001-1-v3-600.webp`. */
export const ART_PICTURE_FILE = /^[a-z0-9-]+-v\d+-\d+\.webp$/;

/**
 * A generated picture's name (`products/phn-leh-0001-1-v3-600.webp`) read as the drawing it is
 * made from (`products/phn-leh-0001-1-v3.svg`) and its width.
 */
export const ART_PICTURE = new RegExp(
  `^((?:${ART_DIRS.map((dir) => dir.replace('/', '\\/')).join('|')})\\/[a-z0-9-]+-v\\d+)-(\\d+)\\.webp$`,
);

/** The picture of a drawing (`x-v3.svg`) at `width`: `x-v3-600.webp`. */
export const artPictureKey = (drawingKey: string, width: number): string =>
  `${drawingKey.replace(/\.svg$/, '')}-${width}.webp`;

/** Where the seed stores hero artwork `index` (0-based), relative to /images/: its drawing. */
export function heroImageKey(index: number): string {
  return `hero/hero-${index + 1}-v${ART_VERSION}.svg`;
}

/** The hero's picture at `width` (the desktop's by default). */
export function heroImageUrl(index: number, width: number = ART_WIDTHS.hero[1]): string {
  return `/images/${artPictureKey(heroImageKey(index), width)}`;
}

/** The hero's pictures as a `srcset`, for the browser to take the one its screen needs. */
export function heroImageSrcSet(index: number): string {
  return ART_WIDTHS.hero.map((width) => `${heroImageUrl(index, width)} ${width}w`).join(', ');
}

/**
 * A product picture's `srcset` when it is the seed's art (which comes at every width of
 * ART_WIDTHS.product); undefined for any other picture (an operator's upload comes at 600 only).
 */
export function productPictureSrcSet(url: string): string | undefined {
  const named = /^(.*\/images\/)(.+)$/.exec(url);
  const picture = named && ART_PICTURE.exec(named[2]!);
  if (!named || !picture || Number(picture[2]) !== ART_WIDTHS.product[0]) return undefined;
  return ART_WIDTHS.product
    .map((width) => `${named[1]}${artPictureKey(picture[1]!, width)} ${width}w`)
    .join(', ');
}

/**
 * How wide a product card's picture is drawn (its `sizes`, for the card and for the page's
 * preload of the first one, which must choose the same picture): at most 300 px, a quarter, a
 * third, or on a phone half the screen less the page's margins and the gap between the two
 * columns (px-4, gap-4: 48 px).
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, calc(50vw - 24px)';

/** How wide the hero is drawn: the screen's width, up to its 1600 px frame. */
export const HERO_IMAGE_SIZES = '(min-width: 1600px) 1600px, 100vw';
