// The embedded database's start parameters (db/client.ts): PostgreSQL clears its whole buffer
// cache whenever PGlite opens, so the cache's size is what every open pays. And the PostgreSQL
// pool's size, from DATABASE_POOL_SIZE.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, usingPostgres } from '../test/database.js';
import type { DatabaseHandle } from './client.js';

describe.skipIf(usingPostgres())('the embedded database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("opens with a 32 MB buffer cache, not initdb's 128 MB, and PGlite's own settings kept", async () => {
    const setting = async (name: string) => {
      const result = await database.db.execute(sql`select current_setting(${name}) as value`);
      return (result as unknown as { rows: { value: string }[] }).rows[0]?.value;
    };
    expect(await setting('shared_buffers')).toBe('32MB');
    expect(await setting('search_path')).toBe('public');
    expect(await setting('max_worker_processes')).toBe('0');
  });
});

describe('the PostgreSQL pool', () => {
  // The pool connects at its first query, so no server is needed to open it and read its size.
  const opened = (env: Record<string, string>) =>
    openConfiguredDatabase(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:1/none', ...env }));

  it('is made with DATABASE_POOL_SIZE as its most connections, 10 when unset', async () => {
    for (const [env, max] of [
      [{}, 10],
      [{ DATABASE_POOL_SIZE: '4' }, 4],
    ] as const) {
      const database = await opened(env);
      try {
        expect(database.poolStats?.()).toEqual({ max, open: 0, idle: 0, waiting: 0 });
      } finally {
        await database.close();
      }
    }
  });
});
