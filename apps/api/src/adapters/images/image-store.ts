/**
 * Where images live (decision 076): on disk under DATA_DIR/images for the embedded default, in
 * PostgreSQL (the default with DATABASE_URL) or in an S3-compatible object store, so an image
 * written through one host is read by every other. The app serves them at /images/….
 *
 * A key's bytes never change once written: uploads are named by their content's hash and the
 * seed's art by its version, and what is made from them (an upload's WebP and AVIF, a drawing's
 * picture at one width) is made the same way by every host. Writing a key again (the same photo
 * from two tabs, two hosts drawing one picture at once) writes what is there already, so every
 * store may keep whichever write came first and a reader may keep what it read.
 */
export interface ImageStore {
  /** The public URL of a key, e.g. products/phn-leh-0001-1-a1.svg → /images/products/… */
  urlFor(key: string): string;
  exists(key: string): Promise<boolean>;
  /** The bytes kept under `key`, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, body: Buffer | string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/** True for a key a store may hold: lower-case names in folders, never leaving them. */
export function isImageKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//') && !key.endsWith('/');
}

/** The content types of the files images are kept as, by extension. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  heic: 'image/heic',
  svg: 'image/svg+xml',
};

/** The content type of an image by its key's extension; undefined when it is no image's. */
export function imageContentType(key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  return dot === -1 ? undefined : CONTENT_TYPES[key.slice(dot + 1)];
}

/** The public URL of every store's key: the app serves /images/ from whichever is configured. */
export const imageUrlFor = (key: string): string => `/images/${key}`;

/** A key a store refuses to hold. */
export function unsafeImageKey(key: string): Error {
  return new Error(`Unsafe image key: ${key}`);
}
