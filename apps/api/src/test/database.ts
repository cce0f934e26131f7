import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again when closed).
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle & { url?: string };
  if (!serverUrl) {
    handle = await openDatabase({ kind: 'pglite-memory' });
  } else {
    const name = `pehnava_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = withDatabase(serverUrl, name);
    const inner = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
    handle = {
      ...inner,
      url,
      close: async () => {
        await inner.close();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  if (options.migrate !== false) await runMigrations(handle);
  return handle;
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
