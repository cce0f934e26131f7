import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { imagesDirFor } from '../app.js';
import { buildSeedCatalogue } from '../db/seed/catalogue/catalogue.js';
import { productImageKey } from '../db/seed/seed.js';
import { coupons } from '../db/schema/index.js';
import { createTestApp } from './app.js';
import {
  adminQuery,
  createTestDatabase,
  databaseStamp,
  stampedAt,
  templates,
  usingPostgres,
  type TestDatabase,
} from './database.js';
import { STALE_AFTER_MS, removeStaleDatabases, removeStaleFolders } from './templates.js';

const open: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});
async function database(options: Parameters<typeof createTestDatabase>[0]) {
  const db = await createTestDatabase(options);
  open.push(db);
  return db;
}
const count = async (db: TestDatabase, table: string) =>
  (
    (
      (await db.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as {
        rows: unknown[];
      }
    ).rows[0] as {
      n: number;
    }
  ).n;
const publicTables = async (db: TestDatabase) =>
  count(db, `information_schema.tables where table_schema = 'public'`);

describe('test databases', () => {
  it('start seeded with seeded: true: the whole catalogue, the plans and the coupons', async () => {
    const db = await database({ seeded: true });
    expect(await count(db, 'products')).toBe(buildSeedCatalogue().length);
    expect(await count(db, 'plans')).toBe(3);
    expect(await count(db, 'coupons')).toBe(3);
  });

  it('are copies: what one file writes, the next does not see', async () => {
    const first = await database({ seeded: true });
    await first.db.delete(coupons);
    expect(await count(first, 'coupons')).toBe(0);
    const second = await database({ seeded: true });
    expect(await count(second, 'coupons')).toBe(3);
  });

  it('start migrated and empty by default, and with no tables at all with migrate: false', async () => {
    const migrated = await database({});
    expect(await publicTables(migrated)).toBeGreaterThan(10);
    expect(await count(migrated, 'products')).toBe(0);
    const empty = await database({ migrate: false });
    expect(await publicTables(empty)).toBe(0);
  });

  it('give a seeded test app the seed images, linked rather than copied, and keep them after it closes', async () => {
    const t = await createTestApp({ seed: true });
    const [product] = buildSeedCatalogue();
    const key = productImageKey(product!, 0);
    try {
      expect(lstatSync(imagesDirFor(t.config)).isSymbolicLink()).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: `/images/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
    } finally {
      await t.close();
    }
    expect(existsSync(join(templates().seededImages, key))).toBe(true);
  });
});

describe('what a run that never finished left behind', () => {
  it('is recognised by the time in its name', () => {
    const madeAt = Date.UTC(2026, 10, 1, 6, 30);
    const stamp = databaseStamp(madeAt);
    expect(stampedAt(`pehnava_t_${stamp}`)).toBe(madeAt);
    expect(stampedAt(`pehnava_tpl_seeded_${stamp}`)).toBe(madeAt);
    // Names this scheme did not make are never taken for stale.
    expect(stampedAt('pehnava_t_0123456789ab')).toBeUndefined();
    expect(stampedAt('pehnava')).toBeUndefined();
    expect(stampedAt(`other_t_${stamp}`)).toBeUndefined();
  });

  it('is removed from the temporary folder once stale, and nothing newer is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stale-check-'));
    try {
      const old = join(dir, 'pehnava-db-old');
      const fresh = join(dir, 'pehnava-db-fresh');
      const unrelated = join(dir, 'pehnava-e2e-old');
      for (const path of [old, fresh, unrelated]) mkdirSync(path);
      const longAgo = new Date(Date.now() - STALE_AFTER_MS - 60_000);
      utimesSync(old, longAgo, longAgo);
      utimesSync(unrelated, longAgo, longAgo);
      removeStaleFolders(dir);
      expect(existsSync(old)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
      expect(existsSync(unrelated)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // On PostgreSQL: databases on the server.
  if (usingPostgres()) {
    it('is dropped from the server once stale, and nothing newer is', async () => {
      const server = process.env.TEST_DATABASE_URL!;
      const old = `pehnava_t_${databaseStamp(Date.now() - STALE_AFTER_MS - 60_000)}`;
      const fresh = `pehnava_t_${databaseStamp()}`;
      const exists = async (name: string) =>
        (await adminQuery(server, `select 1 from pg_database where datname = '${name}'`))
          .rowCount === 1;
      await adminQuery(server, `create database ${old}`);
      await adminQuery(server, `create database ${fresh}`);
      try {
        await removeStaleDatabases(server);
        expect(await exists(old)).toBe(false);
        expect(await exists(fresh)).toBe(true);
      } finally {
        for (const name of [old, fresh]) {
          await adminQuery(server, `drop database if exists ${name} with (force)`);
        }
      }
    });
  }
});
