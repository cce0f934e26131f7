// The embedded database's start parameters (db/client.ts): PostgreSQL clears its whole buffer
// cache whenever PGlite opens, so the cache's size is what every open pays.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
