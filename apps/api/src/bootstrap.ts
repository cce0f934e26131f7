import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { imagesDirFor } from './adapters/images/local-disk.js';
import { uploadsLeftOnDisk } from './adapters/images/move-images.js';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { createPastRentalsRepository } from './db/seed/reviews/past-rentals.repository.js';
import { seedDatabase } from './db/seed/seed.js';
import { createOffsetClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { metricsFromPrimary } from './lib/metrics/cluster-metrics.js';
import { processMetrics } from './lib/metrics/metrics.js';
import { createServices, type Services } from './services.js';

/** apps/web/dist, from both src/ and dist/. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface StartedApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/** Open the database named by the configuration (PostgreSQL, or the embedded one). */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
}

/**
 * Seed what is missing (plans, coupons, catalogue, images, and past rentals with their reviews in
 * a shop with no booking yet), through the services. seed:scale leaves the past rentals out
 * (`pastRentals: false`): it makes its own.
 */
export function seed(
  services: Services,
  now: Date = services.clock.now(),
  { pastRentals = true }: { pastRentals?: boolean } = {},
) {
  const { config } = services;
  return seedDatabase({
    catalogue: services.catalogue,
    catalogueRepository: services.repos.catalogue,
    subscriptions: services.repos.subscriptions,
    coupons: services.repos.coupons,
    images: services.images,
    ...(pastRentals
      ? {
          pastRentals: {
            repository: createPastRentalsRepository(services.database.db),
            settings: {
              leadDays: config.RESERVATION_LEAD_DAYS,
              turnaroundDays: config.RESERVATION_TURNAROUND_DAYS,
              cleaningDays: config.UNIT_CLEANING_DAYS,
              holdMinutes: config.BOOKING_HOLD_MINUTES,
            },
          },
        }
      : {}),
    now,
  });
}

/**
 * Open the database, bring it to the newest migration, seed what is missing, build the app and
 * start the background jobs. Closing the app stops the jobs (waiting for a run in progress), then
 * closes the database.
 */
export async function prepareApp(
  config: Config,
  options: {
    webRoot?: string;
    /**
     * Whether this process migrates and seeds. A cluster's workers do not: their primary did it
     * once before starting them (prepareDatabase).
     */
    setUpDatabase?: boolean;
    /**
     * One of a cluster's workers: /metrics serves every worker's metrics, summed by the primary
     * (decision 075).
     */
    clusterWorker?: boolean;
  } = {},
): Promise<StartedApp> {
  const setUpDatabase = options.setUpDatabase ?? true;
  const database = await openConfiguredDatabase(config);
  try {
    if (setUpDatabase) await runMigrations(database);
    const services = buildServices(config, database);
    const app = await buildApp({
      services,
      webRoot: options.webRoot,
      ...(options.clusterWorker
        ? { processMetricsText: metricsFromPrimary([processMetrics(), services.metrics.registry]) }
        : {}),
    });
    app.addHook('onClose', async () => {
      await services.notServedPrefixes.stop();
      await services.catalogueChanges.stop();
      await services.changeFeed.stop();
      await services.jobs.stop();
      await database.close();
    });
    if (setUpDatabase && config.SEED_ON_START) await seedAndLog(services, app.log);
    if (setUpDatabase) await warnOfUploadsLeftOnDisk(services, app.log);
    // Read before the first request: checkout's served check answers from memory (decision 068).
    await services.notServedPrefixes.start();
    services.jobs.start();
    await services.catalogueChanges.start();
    await services.changeFeed.start();
    return { app, database };
  } catch (err) {
    await database.close();
    throw err;
  }
}

function buildServices(config: Config, database: DatabaseHandle): Services {
  return createServices({
    config,
    database,
    logger: createLogger(config),
    ...(config.TEST_CLOCK ? { clock: createOffsetClock() } : {}),
  });
}

async function seedAndLog(services: Services, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  const report = await seed(services);
  log.info({ ...report, ms: Math.round(performance.now() - started) }, 'seed checked');
}

/**
 * Say so when photos uploaded while images lived on disk are not in the store every host reads
 * now (decision 076): each host would answer 404 for them until `npm run images:move` is run.
 */
async function warnOfUploadsLeftOnDisk(services: Services, log: FastifyBaseLogger) {
  const { config } = services;
  if (config.imageStore === 'disk') return;
  const from = imagesDirFor(config);
  const missing = await uploadsLeftOnDisk(from, services.images);
  if (missing > 0) {
    log.warn(
      { from, store: config.imageStore, missing },
      `uploads on disk are not in the ${config.imageStore} image store: run npm run images:move`,
    );
  }
}

/**
 * What a cluster's primary does once before starting its workers: bring the database to the
 * newest migration, seed what is missing, and make the generated JWT secret (when none is set),
 * so that the workers start on a ready database and share one secret. Closes the database after.
 */
export async function prepareDatabase(config: Config, log: FastifyBaseLogger): Promise<void> {
  const database = await openConfiguredDatabase(config);
  try {
    await runMigrations(database);
    const services = buildServices(config, database);
    if (config.SEED_ON_START) await seedAndLog(services, log);
    await warnOfUploadsLeftOnDisk(services, log);
  } finally {
    await database.close();
  }
}
