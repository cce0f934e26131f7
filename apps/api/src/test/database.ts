import { randomBytes } from 'node:crypto';
import { accessSync, constants, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

/**
 * The databases every API test file starts from, made once per run by the global set-up
 * (templates.ts): an empty one, one with every migration applied, and one also seeded.
 */
export interface TestTemplates {
  /** PGlite: folders holding `pglite/`, copied for each test file. */
  pglite?: { empty: string; migrated: string; seeded: string };
  /** PostgreSQL: names of template databases on the TEST_DATABASE_URL server. */
  postgres?: { migrated: string; seeded: string };
  /** The images the seed wrote, shared read-only by every seeded test app. */
  seededImages: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pehnavaTemplates: TestTemplates;
  }
}

export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A database of its own for one test file, copied from a template: migrated by default, seeded with
 * `seeded: true` (the catalogue, plans and coupons of SEED_NOW, images in `templates().seededImages`),
 * or empty with `migrate: false` (for tests of the migrations or the seed themselves). PGlite on a
 * copied folder by default, or a new database on the PostgreSQL server named by TEST_DATABASE_URL.
 * Closing it deletes it.
 */
export async function createTestDatabase(
  options: { migrate?: boolean; seeded?: boolean } = {},
): Promise<TestDatabase> {
  const from = options.migrate === false ? 'empty' : options.seeded ? 'seeded' : 'migrated';
  const serverUrl = process.env.TEST_DATABASE_URL;
  const available = templates();
  if (!serverUrl) {
    if (!available.pglite) throw new Error('No PGlite templates were made for this run.');
    const dir = mkdtempSync(join(scratchDir(), 'pehnava-db-'));
    try {
      cpSync(available.pglite[from], dir, { recursive: true });
      const inner = await openDatabase({ kind: 'pglite', dataDir: dir });
      return {
        ...inner,
        close: async () => {
          await inner.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }
  if (!available.postgres) throw new Error('No PostgreSQL templates were made for this run.');
  const name = `pehnava_t_${databaseStamp()}`;
  const template = from === 'empty' ? '' : ` template ${available.postgres[from]}`;
  await adminQuery(serverUrl, `create database ${name}${template}`);
  const url = withDatabase(serverUrl, name);
  const inner = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    ...inner,
    url,
    close: async () => {
      await inner.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * Where PGlite templates and their copies go: /dev/shm (memory) where it exists, else the temporary
 * folder. Copying and deleting a 40 MB database folder there takes a fraction of the time it takes
 * on a busy disk.
 */
export function scratchDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/** What the global set-up made for this run (apps/api/src/test/global-setup.ts). */
export function templates(): TestTemplates {
  const provided = inject('pehnavaTemplates');
  if (!provided) {
    throw new Error(
      'The API test databases are made by the global set-up of the Vitest project "api" ' +
        '(vitest.config.ts): run these tests with `vitest run --project api`.',
    );
  }
  return provided;
}

/**
 * A unique suffix for a database name that says when it was made (base-36 milliseconds), so a later
 * run can tell a stale database left by a crashed run from one in use.
 */
export function databaseStamp(now = Date.now()): string {
  return `${now.toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** The time a name made with databaseStamp() was made, or undefined for any other name. */
export function stampedAt(name: string): number | undefined {
  const match = /^pehnava_(?:t|tpl_[a-z]+)_([0-9a-z]+)_[0-9a-f]{8}$/.exec(name);
  return match ? parseInt(match[1]!, 36) : undefined;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
