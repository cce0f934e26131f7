/**
 * Where images live. The default keeps them on disk under DATA_DIR/images and serves them at
 * /images/…; object storage can replace it behind this interface.
 */
export interface ImageStore {
  /** The public URL of a key, e.g. products/phn-leh-0001-1-a1.svg → /images/products/… */
  urlFor(key: string): string;
  exists(key: string): Promise<boolean>;
  /** The bytes kept under `key`, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, body: Buffer | string): Promise<void>;
}
