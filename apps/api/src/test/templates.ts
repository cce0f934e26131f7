// The template databases of one API test run, made once by the global set-up (global-setup.ts) so
// that each test file copies a database instead of migrating and seeding its own (decision 035).
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imagesDirFor } from '../app.js';
import { seed } from '../bootstrap.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { SEED_NOW, createTestApp } from './app.js';
import {
  adminQuery,
  databaseStamp,
  scratchDir,
  stampedAt,
  withDatabase,
  type TestTemplates,
} from './database.js';

/** Databases and folders of a crashed run are removed by the next run once they are this old. */
export const STALE_AFTER_MS = 6 * 3_600_000;

export interface PreparedTemplates {
  templates: TestTemplates;
  /** Drop the template databases and delete the folders. */
  dispose(): Promise<void>;
}

/**
 * Make the empty, migrated and seeded templates: PGlite folders, or, when `postgresUrl` is given,
 * template databases on that server. The seed is the one every test app used to run itself, at
 * SEED_NOW, but for its past rentals; its images are kept in one folder that seeded test apps
 * link to.
 */
export async function prepareTemplates(postgresUrl?: string): Promise<PreparedTemplates> {
  for (const dir of new Set([tmpdir(), scratchDir()])) removeStaleFolders(dir);
  const root = mkdtempSync(join(scratchDir(), 'pehnava-templates-'));
  const seededImages = join(root, 'images');
  const removeRoot = () => rmSync(root, { recursive: true, force: true });
  try {
    if (!postgresUrl) {
      const folder = (name: string) => join(root, name);
      await closeAfter(openDatabase({ kind: 'pglite', dataDir: folder('empty') }), async () => {});
      cpSync(folder('empty'), folder('migrated'), { recursive: true });
      await closeAfter(openDatabase({ kind: 'pglite', dataDir: folder('migrated') }), (db) =>
        runMigrations(db),
      );
      cpSync(folder('migrated'), folder('seeded'), { recursive: true });
      await seedInto(openDatabase({ kind: 'pglite', dataDir: folder('seeded') }), seededImages);
      return {
        templates: {
          pglite: {
            empty: folder('empty'),
            migrated: folder('migrated'),
            seeded: folder('seeded'),
          },
          seededImages,
        },
        dispose: async () => removeRoot(),
      };
    }

    await removeStaleDatabases(postgresUrl);
    const stamp = databaseStamp();
    const migrated = `pehnava_tpl_migrated_${stamp}`;
    const seeded = `pehnava_tpl_seeded_${stamp}`;
    const dropTemplates = async () => {
      for (const name of [seeded, migrated]) {
        await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
      }
    };
    const open = (name: string) =>
      openDatabase({ kind: 'postgres', url: withDatabase(postgresUrl, name), poolSize: 2 });
    try {
      // PostgreSQL copies a template only while nobody is connected to it: each is closed at once.
      await adminQuery(postgresUrl, `create database ${migrated}`);
      await closeAfter(open(migrated), (db) => runMigrations(db));
      await adminQuery(postgresUrl, `create database ${seeded} template ${migrated}`);
      await seedInto(open(seeded), seededImages);
    } catch (err) {
      await dropTemplates();
      throw err;
    }
    return {
      templates: { postgres: { migrated, seeded }, seededImages },
      dispose: async () => {
        try {
          await dropTemplates();
        } finally {
          removeRoot();
        }
      },
    };
  } catch (err) {
    removeRoot();
    throw err;
  }
}

async function closeAfter(
  opening: Promise<DatabaseHandle>,
  work: (db: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const db = await opening;
  try {
    await work(db);
  } finally {
    await db.close();
  }
}

/** Seed through a test app, as every seeded test app did itself before, and keep its images. */
async function seedInto(opening: Promise<DatabaseHandle>, imagesTarget: string): Promise<void> {
  const t = await createTestApp({ database: await opening, jobs: false });
  try {
    // Without the seed's past rentals and reviews (decision 072): a test's bookings, reviews and
    // cards' ratings are its own. The seed's own tests write them (seed.int.test.ts).
    await seed(t.services, SEED_NOW, { pastRentals: false });
    cpSync(imagesDirFor(t.config), imagesTarget, { recursive: true });
  } finally {
    await t.close();
  }
}

/** Template and test databases that a run which never finished left behind. */
export async function removeStaleDatabases(postgresUrl: string): Promise<void> {
  const { rows } = await adminQuery(
    postgresUrl,
    `select datname from pg_database where datname like 'pehnava\\_t%'`,
  );
  for (const { datname } of rows as { datname: string }[]) {
    const madeAt = stampedAt(datname);
    if (madeAt !== undefined && Date.now() - madeAt > STALE_AFTER_MS) {
      await adminQuery(postgresUrl, `drop database if exists ${datname} with (force)`);
    }
  }
}

/** Template, database and DATA_DIR folders that a run which never finished left behind. */
export function removeStaleFolders(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!/^pehnava-(templates|db|test)-/.test(name)) continue;
    const path = join(dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS) {
        rmSync(path, { recursive: true, force: true });
      }
    } catch {
      // Removed meanwhile by its own run.
    }
  }
}
