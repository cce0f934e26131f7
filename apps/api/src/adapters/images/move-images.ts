import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { imageContentType, isImageKey, type ImageStore } from './image-store.js';

export interface MoveReport {
  /** Images written to the store by this run. */
  copied: number;
  /** Images the store had already (an earlier run, or written there since). */
  alreadyThere: number;
  /** Files that are no image a store keeps (an unfinished write's temporary file, a note). */
  skipped: string[];
}

/** Images copied at once: a bucket answers each in tens of milliseconds. */
const AT_ONCE = 8;

/** Every file under `root`, as keys (`uploads/…-600.webp`), following linked folders. */
async function filesUnder(root: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(join(root, prefix), { withFileTypes: true })) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    const isFolder = entry.isSymbolicLink()
      ? (await stat(join(root, key))).isDirectory()
      : entry.isDirectory();
    if (isFolder) found.push(...(await filesUnder(root, key)));
    else found.push(key);
  }
  return found;
}

async function eachAtOnce(keys: string[], work: (key: string) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < keys.length) await work(keys[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, keys.length) }, worker));
}

/**
 * Copy the images kept on disk in `from` (DATA_DIR/images) into `to`, the store every host reads
 * (images:move, decision 076). An image the store has already is left alone, so a second run copies
 * nothing and a run cut short is finished by the next. WebP files go last: an upload's WebP is the
 * mark that its other files are there (modules/catalogue/image-uploads.ts), and stays so in the
 * store. The files on disk are left where they are.
 */
export async function moveImages({
  from,
  to,
  onProgress,
}: {
  from: string;
  to: ImageStore;
  /** Told after each image is copied or found there, with how many of those found are done. */
  onProgress?: (done: number, total: number) => void;
}): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, skipped: [] };
  const images: string[] = [];
  for (const key of (await filesUnder(from)).sort()) {
    if (isImageKey(key) && imageContentType(key)) images.push(key);
    else report.skipped.push(key);
  }
  const isWebp = (key: string) => key.endsWith('.webp');
  let done = 0;
  const copy = async (key: string) => {
    if (await to.exists(key)) {
      report.alreadyThere += 1;
    } else {
      await to.put(key, await readFile(join(from, key)));
      report.copied += 1;
    }
    done += 1;
    onProgress?.(done, images.length);
  };
  await eachAtOnce(
    images.filter((key) => !isWebp(key)),
    copy,
  );
  await eachAtOnce(images.filter(isWebp), copy);
  return report;
}

/** Uploads looked for in the store at start: enough to notice a move never made, cheaply. */
const LOOKED_FOR = 50;

/**
 * How many of the uploads on disk in `from` (up to 50 looked for) the store lacks: photos a
 * single host kept in DATA_DIR/images before IMAGE_STORE put them elsewhere, and images:move has
 * not copied. 0 when there is no such folder.
 */
export async function uploadsLeftOnDisk(from: string, store: ImageStore): Promise<number> {
  let names: string[];
  try {
    names = await readdir(join(from, 'uploads'));
  } catch {
    return 0;
  }
  let missing = 0;
  for (const name of names.filter((file) => file.endsWith('.webp')).slice(0, LOOKED_FOR)) {
    if (!(await store.exists(`uploads/${name}`))) missing += 1;
  }
  return missing;
}
