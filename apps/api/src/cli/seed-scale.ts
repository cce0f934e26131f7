/**
 * npm run seed:scale -- [--products 10000] [--bookings 100000] [--users N] [--seed S]
 *   [--password P] [--replace]
 *
 * Fills the PostgreSQL database named by DATABASE_URL for load tests: the standard seed, then a
 * generated catalogue in the seed's style and shopper accounts with bookings spread over two years
 * (21 months past, 3 ahead of the clock), every row as the app itself would have written it. It
 * migrates the database first, as the server does. It refuses a database that holds shop data
 * other than the standard seed unless --replace is given, which deletes that data first.
 */
import pg from 'pg';
import { loadConfig } from '../config.js';
import { readOptions, runCommand } from './command.js';
import { openConfiguredDatabase } from '../bootstrap.js';
import { runMigrations } from '../db/migrate.js';
import { ScaleRefusal, seedScale } from '../db/seed/scale/seed-scale.js';
import { createOffsetClock } from '../lib/clock.js';
import { createLogger } from '../lib/logger.js';
import { createServices } from '../services.js';

const USAGE =
  'Usage: npm run seed:scale -- [--products 10000] [--bookings 100000] [--users N] [--seed S] [--password P] [--replace]\n' +
  'Needs DATABASE_URL (a PostgreSQL server). --replace deletes the shop data already there first.\n';

class UsageError extends Error {}

function wholeNumber(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > 10_000_000) {
    throw new UsageError(
      `--${name} must be a whole number from ${min} to 10,000,000, not '${value}'`,
    );
  }
  return Number(value);
}

async function main(): Promise<number> {
  const values = readOptions(
    {
      products: { type: 'string' },
      bookings: { type: 'string' },
      users: { type: 'string' },
      seed: { type: 'string' },
      password: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
    USAGE,
  );
  if (typeof values === 'number') return values;
  let options;
  try {
    options = {
      products: wholeNumber('products', values.products, 10_000),
      bookings: wholeNumber('bookings', values.bookings, 100_000),
      ...(values.users !== undefined ? { users: wholeNumber('users', values.users, 0, 1) } : {}),
      seed: wholeNumber('seed', values.seed, 20_261_201),
      replace: values.replace,
      ...(values.password !== undefined ? { password: values.password } : {}),
    };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}`);
    return 2;
  }

  const config = loadConfig(process.env);
  if (config.database.kind !== 'postgres') {
    process.stderr.write(
      'seed:scale fills a PostgreSQL database for load tests: set DATABASE_URL to a PostgreSQL server (the embedded PGlite database is not for this).\n',
    );
    return 2;
  }
  const started = performance.now();
  const database = await openConfiguredDatabase(config);
  const client = new pg.Client({ connectionString: config.database.url });
  try {
    await runMigrations(database);
    await client.connect();
    const services = createServices({
      config,
      database,
      logger: createLogger(config),
      ...(config.TEST_CLOCK ? { clock: createOffsetClock() } : {}),
    });
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const report = await seedScale(services, client, options, (line) =>
      process.stdout.write(`[${elapsed()}] ${line}\n`),
    );
    process.stdout.write(
      `\nDone in ${elapsed()}: ${report.products.toLocaleString('en-IN')} products, ` +
        `${report.bookings.toLocaleString('en-IN')} bookings, ${report.users.toLocaleString('en-IN')} shoppers.\n` +
        Object.entries(report.rows)
          .map(([table, n]) => `  ${table.padEnd(18)} ${n.toLocaleString('en-IN').padStart(12)}\n`)
          .join('') +
        (report.password
          ? `Every shopper's password is ${report.password} (one hash for all, to save time).\n`
          : '') +
        `Bookings were moved along by ${report.operatorEmail}, an account nobody can log in to.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ScaleRefusal) {
      process.stderr.write(`${error.message}\n`);
      return 3;
    }
    throw error;
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
  }
}

runCommand('seed:scale', main);
