import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createLocalDiskImageStore } from './adapters/images/local-disk.js';
import { buildApp, imagesDirFor } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDatabase } from './db/seed/seed.js';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { createCouponsRepository } from './modules/coupons/coupons.repository.js';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.js';

/** apps/web/dist, from both src/ and dist/. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface StartedApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/**
 * Open the database, bring it to the newest migration, seed what is missing and build the app.
 * The database closes when the app closes.
 */
export async function prepareApp(
  config: Config,
  options: { webRoot?: string; logger?: FastifyServerOptions['logger'] } = {},
): Promise<StartedApp> {
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  try {
    await runMigrations(database);
    const app = await buildApp({
      config,
      database,
      webRoot: options.webRoot,
      logger: options.logger,
    });
    app.addHook('onClose', async () => {
      await database.close();
    });
    if (config.SEED_ON_START) {
      const started = performance.now();
      const report = await seedDatabase({
        catalogue: app.services.catalogue,
        catalogueRepository: createCatalogueRepository(database.db),
        subscriptions: createSubscriptionsRepository(database.db),
        coupons: createCouponsRepository(database.db),
        images: createLocalDiskImageStore(imagesDirFor(config)),
        now: new Date(),
      });
      app.log.info({ ...report, ms: Math.round(performance.now() - started) }, 'seed checked');
    }
    return { app, database };
  } catch (err) {
    await database.close();
    throw err;
  }
}
