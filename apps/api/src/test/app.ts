import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalDiskImageStore } from '../adapters/images/local-disk.js';
import { buildApp, imagesDirFor } from '../app.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import { loadConfig, type Config } from '../config.js';
import { loggerOptions } from '../lib/logger.js';
import type { DatabaseHandle } from '../db/client.js';
import { seedDatabase, type SeedReport } from '../db/seed/seed.js';
import { createCatalogueRepository } from '../modules/catalogue/catalogue.repository.js';
import { createCouponsRepository } from '../modules/coupons/coupons.repository.js';
import { createSubscriptionsRepository } from '../modules/subscriptions/subscriptions.repository.js';
import { createTestDatabase, templates } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  seed(now?: Date): Promise<SeedReport>;
  close(): Promise<void>;
}

/** The instant the seeded test database was seeded at (listing dates count back from it). */
export const SEED_NOW = new Date('2026-11-01T06:30:00Z');

/**
 * The whole app on a database of its own and a temporary DATA_DIR, logging nothing. The database
 * is copied from the run's migrated template, or with `seed` from the seeded one (its images are
 * the run's shared seeded images, linked read-only into DATA_DIR).
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    /** Use this database instead (the global set-up seeds its template this way); closed with the app. */
    database?: DatabaseHandle;
    env?: Record<string, string>;
    webRoot?: string;
    mailer?: Mailer;
    /** Receives the app's JSON log lines (at info level) instead of discarding them. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase({ seeded: options.seed }));
  if (options.seed) symlinkSync(templates().seededImages, imagesDirFor(config), 'dir');
  const app = await buildApp({
    config,
    database,
    logger: options.logStream
      ? {
          ...(loggerOptions(config) as Exclude<
            ReturnType<typeof loggerOptions>,
            boolean | undefined
          >),
          level: 'info',
          stream: options.logStream,
        }
      : false,
    webRoot: options.webRoot,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  const seed = (now = SEED_NOW) =>
    seedDatabase({
      catalogue: app.services.catalogue,
      catalogueRepository: createCatalogueRepository(database.db),
      subscriptions: createSubscriptionsRepository(database.db),
      coupons: createCouponsRepository(database.db),
      images: createLocalDiskImageStore(imagesDirFor(config)),
      now,
    });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    seed,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
