import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Either driver: PGlite and node-postgres share Drizzle's PostgreSQL core. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Run raw SQL on the underlying driver (migrations, tests). */
  exec(text: string): Promise<void>;
  /**
   * Apply every committed migration not yet applied (see migrate.ts). Already-applied migrations
   * are skipped, so an older database is brought forward and nothing in it is touched.
   */
  migrate(migrationsFolder: string): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /** The PostgreSQL pool's connections now (for /metrics); the embedded database has no pool. */
  poolStats?(): PoolStats;
  /**
   * Call `onMessage` for each NOTIFY on `channel` (another process's write, or this one's).
   * `onGap` is called when notifications may have been missed (a lost connection, now back);
   * `onDown` whenever none can arrive (not connected yet, or the connection lost), until `onGap`.
   * Resolves once listening; the function it gives stops it.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
    onDown?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A connection pool at one instant. */
export interface PoolStats {
  /** The most connections it opens. */
  max: number;
  /** Connections open, idle or lent out. */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

import { listenOnServer } from './listen.js';

const drizzleOptions = { schema, casing: 'snake_case' as const };
const MIGRATION_LOCK_KEY = 7_340_211;
/** The longest a query waits for a connection from the PostgreSQL pool. */
const POOL_WAIT_MS = 10_000;

// The extensions the migrations create: btree_gist (0001), pg_trgm and unaccent (0013).
const extensions = { btree_gist, pg_trgm, unaccent };

/**
 * PGlite's own start parameters, with PostgreSQL's buffer cache at 32 MB instead of the 128 MB
 * initdb writes: the embedded database clears its whole cache as it starts, and at 128 MB an open
 * of the seeded database took 0.75-0.9 s of CPU, at 32 MB 0.4-0.55 s (each test file, template and
 * server opens one). The seeded database is 11 MB on disk, system catalogues included.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Open the embedded database (a folder under DATA_DIR) or a PostgreSQL pool. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // DATABASE_POOL_SIZE through the configuration; tests choose their own.
    const max = target.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: target.url,
      max,
      idleTimeoutMillis: 30_000,
      // A request that waits this long for a free connection fails instead of waiting for ever
      // (also one still waiting when the pool is closed: pg drops its waiters on end()).
      connectionTimeoutMillis: POOL_WAIT_MS,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // Nor one dropped while a client is lent out (a transaction between two statements, the
    // migrations' lock): pg reports it on the client as well as to its queries, and the pool hears
    // only idle clients, so a PostgreSQL restart ended every worker inside a transaction
    // (docs/reliability.md). The queries fail on their own; the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, drizzleOptions) as unknown as Database;
    let closed = false;
    return {
      kind: 'postgres',
      db,
      exec: async (text) => {
        await pool.query(text);
      },
      migrate: async (migrationsFolder) => {
        // Several API processes may start at once against one server: one migrates at a time.
        const conn = await pool.connect();
        try {
          await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePg(drizzlePg(conn, drizzleOptions), { migrationsFolder });
          } finally {
            await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          conn.release();
        }
      },
      ping: () => ping(db),
      poolStats: () => ({
        max,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      listen: (channel, onMessage, onGap, onDown) =>
        listenOnServer({ url: target.url, channel, onMessage, onGap, onDown }),
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  const options = { extensions, startParams: PGLITE_START_PARAMS };
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = resolve(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(join(dir), options);
  } else {
    client = await PGlite.create(options);
  }
  const db = drizzlePglite(withClientParsers(client), drizzleOptions) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    exec: async (text) => {
      await client.exec(text);
    },
    migrate: async (migrationsFolder) => {
      await migratePglite(drizzlePglite(withClientParsers(client), drizzleOptions), {
        migrationsFolder,
      });
    },
    ping: () => ping(db),
    // One process owns the embedded database: its own writes are all the notifications there are.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The PostgreSQL types Drizzle reads as the text PGlite receives (it converts them itself): dates,
 * timestamps, intervals, numeric and their arrays. Drizzle asks for this with every query, and
 * PGlite then copies its whole table of about 350 parsers for that query: a quarter of a millisecond
 * each time, more than most of our queries take.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/**
 * PGlite as Drizzle drives it (query and transaction), with those types read as text once, on the
 * client, instead of per query: the same results without the copy (decision 040).
 */
function withClientParsers(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const withoutQueryParsers = <T extends Pick<Transaction, 'query'>>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === 'query') {
          const query: Transaction['query'] = (text, params, options) =>
            object.query(text, params, options && { ...options, parsers: undefined });
          return query;
        }
        if (property === 'transaction' && object instanceof PGlite) {
          const transaction: PGlite['transaction'] = (callback) =>
            object.transaction((tx) => callback(withoutQueryParsers(tx)));
          return transaction;
        }
        return Reflect.get(object, property, receiver) as unknown;
      },
    });
  return withoutQueryParsers(client);
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
