import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImageStore } from '../adapters/images/image-store.js';
import { moveImages, uploadsLeftOnDisk } from '../adapters/images/move-images.js';
import { createPostgresImageStore } from '../adapters/images/postgres.js';
import { createS3Client, createS3ImageStore } from '../adapters/images/s3.js';
import { createStoredImagesRepository } from '../adapters/images/stored-images.repository.js';
import { openDatabase } from '../db/client.js';
import { storedImages } from '../db/schema/index.js';
import { systemClock } from '../lib/clock.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../test/database.js';
import { startS3Fake } from '../test/fakes/s3-fake.js';

/*
 * images:move (decision 076): the images a single host kept in DATA_DIR/images, copied into the
 * store every host reads, once however often it is run.
 */

/** A DATA_DIR/images as a host that ran for a while leaves it. */
const FILES: Record<string, Buffer | string> = {
  'uploads/0123456789abcdef01234567-original.jpg': Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]),
  'uploads/0123456789abcdef01234567-600.avif': Buffer.from([0, 0, 0, 0x1c, 0x66, 0x74]),
  'uploads/0123456789abcdef01234567-600.webp': Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
  'products/phn-leh-0001-1-v3.svg': '<svg><title>lehenga</title></svg>',
  'products/phn-leh-0001-1-v3-600.webp': Buffer.from('RIFF\x01\0\0\0WEBPVP8L'),
  'products/scale/lehenga-red-c9a227-2-v3.svg': '<svg/>',
  'hero/hero-1-v3.svg': '<svg><title>hero</title></svg>',
  // What is no image a store keeps: a write cut short, and a note someone left.
  'uploads/fedcba9876543210fedcba98-600.webp.4242-1a2b.tmp': 'half a file',
  'README.txt': 'old images',
};
const IMAGES = Object.keys(FILES).filter((key) => !/\.(tmp|txt)$/.test(key));

function writeImages(dir: string) {
  for (const [key, body] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, key)), { recursive: true });
    writeFileSync(join(dir, key), body);
  }
}

/** The store, recording the order keys were written in. */
function recording(store: ImageStore) {
  const written: string[] = [];
  return {
    written,
    store: {
      ...store,
      put: async (key: string, body: Buffer | string) => {
        written.push(key);
        await store.put(key, body);
      },
    } satisfies ImageStore,
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pehnava-move-'));
  writeImages(dir);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('moveImages into PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('copies every image once, WebP last, and nothing on a second run', async () => {
    const { store, written } = recording(
      createPostgresImageStore(createStoredImagesRepository(database.db, systemClock)),
    );
    const first = await moveImages({ from: dir, to: store });
    expect(first).toEqual({
      copied: IMAGES.length,
      alreadyThere: 0,
      skipped: ['README.txt', 'uploads/fedcba9876543210fedcba98-600.webp.4242-1a2b.tmp'],
    });
    // An upload's WebP says its other files are there: it is written after all of them.
    const lastOther = Math.max(...written.map((key, i) => (key.endsWith('.webp') ? -1 : i)));
    const firstWebp = written.findIndex((key) => key.endsWith('.webp'));
    expect(firstWebp).toBeGreaterThan(lastOther);
    for (const key of IMAGES) {
      expect((await store.get(key))?.equals(Buffer.from(FILES[key]!)), key).toBe(true);
    }

    written.length = 0;
    const second = await moveImages({ from: dir, to: store });
    expect(second).toMatchObject({ copied: 0, alreadyThere: IMAGES.length });
    expect(written).toEqual([]);

    // A photo uploaded on the old host since: noticed at start, and the next run copies it only.
    writeFileSync(join(dir, 'uploads/00000000000000000000abcd-600.webp'), 'RIFF');
    expect(await uploadsLeftOnDisk(dir, store)).toBe(1);
    expect(await moveImages({ from: dir, to: store })).toMatchObject({
      copied: 1,
      alreadyThere: IMAGES.length,
    });
    expect(await uploadsLeftOnDisk(dir, store)).toBe(0);
    expect(await uploadsLeftOnDisk(join(dir, 'nowhere'), store)).toBe(0);
  });
});

describe('moveImages into a bucket', () => {
  it('copies every image once, with its content type', async () => {
    const credentials = { accessKeyId: 'AKIAPEHNAVAMOVE01', secretAccessKey: 'move-them-all' };
    const s3 = await startS3Fake({ buckets: ['images'], region: 'ap-south-1', ...credentials });
    try {
      const store = createS3ImageStore(
        createS3Client({
          endpoint: s3.url,
          region: 'ap-south-1',
          forcePathStyle: true,
          credentials,
        }),
        'images',
      );
      expect(await moveImages({ from: dir, to: store })).toMatchObject({
        copied: IMAGES.length,
        alreadyThere: 0,
      });
      expect(await moveImages({ from: dir, to: store })).toMatchObject({
        copied: 0,
        alreadyThere: IMAGES.length,
      });
      expect(s3.objects('images').get('hero/hero-1-v3.svg')?.contentType).toBe('image/svg+xml');
      expect(s3.requests.filter((r) => r.method === 'PUT')).toHaveLength(IMAGES.length);
    } finally {
      await s3.close();
    }
  });
});

describe('npm run images:move', () => {
  // Three runs of the command, each a new process that opens the database (the first also
  // migrates it). The PostgreSQL run gives it a database of its own on that server
  // (DATABASE_URL, whose default store is PostgreSQL); the PGlite run, the embedded database of
  // DATA_DIR with IMAGE_STORE=postgres.
  it(
    'moves DATA_DIR/images into the database, and copies nothing the second time',
    { timeout: 240_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-move-cli-'));
      writeImages(join(dataDir, 'images'));
      const server = usingPostgres() ? await createTestDatabase({ migrate: false }) : undefined;
      try {
        const script = fileURLToPath(new URL('./move-images.ts', import.meta.url));
        const run = (env: Record<string, string>, ...args: string[]) =>
          spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
            env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
            encoding: 'utf8',
          });
        const env: Record<string, string> = server
          ? { DATABASE_URL: server.url! }
          : { DATABASE_URL: '', IMAGE_STORE: 'postgres' };

        const onDisk = run({ DATABASE_URL: '', IMAGE_STORE: 'disk' });
        expect(onDisk.status, onDisk.stderr).toBe(0);
        expect(onDisk.stdout).toContain('IMAGE_STORE is disk');

        const first = run(env);
        expect(first.stderr).toBe('');
        expect(first.status).toBe(0);
        expect(first.stdout).toContain('to the postgres store');
        expect(first.stdout).toContain(`Copied ${IMAGES.length}, already there 0, skipped 2`);
        const second = run(env);
        expect(second.stdout, `${second.status} ${second.stderr}`).toContain(
          `Copied 0, already there ${IMAGES.length}, skipped 2`,
        );
        // The command has exited: its database can be opened here to read what it wrote.
        const written = server ?? (await openDatabase({ kind: 'pglite', dataDir }));
        try {
          const rows = await written.db
            .select({ key: storedImages.key })
            .from(storedImages)
            .orderBy(asc(storedImages.key));
          expect(rows.map((row) => row.key)).toEqual([...IMAGES].sort());
        } finally {
          if (!server) await written.close();
        }
        const missing = run(env, '--from', join(dataDir, 'nowhere'));
        expect(missing.status).toBe(2);
        expect(missing.stderr).toContain('There is no folder');
      } finally {
        await server?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
