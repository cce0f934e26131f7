import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { imageUrlFor, isImageKey, unsafeImageKey, type ImageStore } from './image-store.js';

/** Where the local store keeps images: DATA_DIR/images. */
export function imagesDirFor(config: { DATA_DIR: string }): string {
  return resolve(config.DATA_DIR, 'images');
}

/** Images in a folder on disk, served by the app at /images/. */
export function createLocalDiskImageStore(rootDir: string): ImageStore {
  const root = resolve(rootDir);
  const pathFor = (key: string) => {
    const full = resolve(join(root, key));
    if (!isImageKey(key) || !full.startsWith(root + sep)) throw unsafeImageKey(key);
    return full;
  };
  return {
    urlFor: imageUrlFor,
    async exists(key) {
      try {
        await access(pathFor(key));
        return true;
      } catch {
        return false;
      }
    },
    async get(key) {
      try {
        return await readFile(pathFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async put(key, body) {
      const target = pathFor(key);
      await mkdir(dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file. Each write has a file of its own:
      // two writes of one key at once (the same photo uploaded twice, from two tabs or in one
      // request) would otherwise share it, and the second rename would find it gone.
      const temp = `${target}.${process.pid}-${randomUUID()}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
  };
}
