import {
  imageContentType,
  imageUrlFor,
  isImageKey,
  unsafeImageKey,
  type ImageStore,
} from './image-store.js';
import type { StoredImagesRepository } from './stored-images.repository.js';

/**
 * Images in PostgreSQL (table stored_images), the default with DATABASE_URL (decision 076): every
 * host behind the load balancer reads what any of them stored, with nothing else to run. The app
 * keeps the images it serves in memory (served-images.ts), so a hot image costs no query.
 */
export function createPostgresImageStore(repository: StoredImagesRepository): ImageStore {
  const checked = (key: string) => {
    if (!isImageKey(key)) throw unsafeImageKey(key);
    return key;
  };
  return {
    urlFor: imageUrlFor,
    async exists(key) {
      return isImageKey(key) && repository.has(key);
    },
    async get(key) {
      if (!isImageKey(key)) return undefined;
      return (await repository.find(key))?.bytes;
    },
    async put(key, body) {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      await repository.insert(
        checked(key),
        imageContentType(key) ?? 'application/octet-stream',
        bytes,
      );
    },
  };
}
