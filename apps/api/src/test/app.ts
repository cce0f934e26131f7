import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, imagesDirFor } from '../app.js';
import { seed as seedServices } from '../bootstrap.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { SeedReport } from '../db/seed/seed.js';
import { MAIL_OUTBOX_JOB } from '../jobs/mail-outbox.job.js';
import type { Clock } from '../lib/clock.js';
import { createLogger } from '../lib/logger.js';
import { createServices, type Services } from '../services.js';
import { createTestDatabase, templates } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  seed(now?: Date): Promise<SeedReport>;
  /** Send every mail the outbox has due now (as the job would), and wait for it. */
  deliverMail(): Promise<number>;
  /** Run one background job now (after a run in progress), as its schedule would. */
  runJob(name: string): Promise<number>;
  close(): Promise<void>;
}

/** The instant the seeded test database was seeded at (listing dates count back from it). */
export const SEED_NOW = new Date('2026-11-01T06:30:00Z');

/**
 * The whole app on a database of its own and a temporary DATA_DIR, built by the composition root
 * as the server builds it, logging nothing. The database is copied from the run's migrated
 * template, or with `seed` from the seeded one (its images are the run's shared seeded images,
 * linked read-only into DATA_DIR). Background jobs run unless `jobs: false` (tests that drive
 * them by hand); a test may pass its own clock to move time.
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    /** Use this database instead (the global set-up seeds its template this way); closed with the app. */
    database?: DatabaseHandle;
    env?: Record<string, string>;
    webRoot?: string;
    mailer?: Mailer;
    clock?: Clock;
    jobs?: boolean;
    /** Listen for other processes' catalogue writes (LISTEN/NOTIFY), as a server does. */
    catalogueChanges?: boolean;
    /**
     * Listen for changes (decision 058), as a started server does: cart views and product
     * calendars are then kept in memory.
     */
    changeFeed?: boolean;
    /**
     * Another process of the same deployment: this app signs and checks sandbox payments with its
     * keys (as processes sharing DATA_DIR do), so a payment made through one verifies on the other.
     */
    sameDeploymentAs?: TestApp;
    /** false: Fastify answers every request, the catalogue's kept reads included (decision 080). */
    keptReads?: boolean;
    /** Receives the app's JSON log lines (at info level) instead of discarding them. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-test-'));
  if (options.sameDeploymentAs) {
    const keys = 'sandbox-payment-keys.json';
    copyFileSync(join(options.sameDeploymentAs.dataDir, keys), join(dataDir, keys));
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase({ seeded: options.seed }));
  if (options.seed) symlinkSync(templates().seededImages, imagesDirFor(config), 'dir');
  // The sandbox gateway's webhooks reach this app in-process, through its own HTTP stack.
  const built: { app?: FastifyInstance } = {};
  const services = createServices({
    config,
    database,
    logger: createLogger(config, options.logStream),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    webhookSender: async (body, headers) => {
      if (!built.app) throw new Error('the app is not built yet');
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/webhook',
        headers,
        payload: body,
      });
      return res.statusCode;
    },
  });
  const app = await buildApp({
    services,
    webRoot: options.webRoot,
    ...(options.keptReads === false ? { keptReads: false } : {}),
  });
  built.app = app;
  const seed = (now = SEED_NOW) => seedServices(services, now);
  await app.ready();
  // As the server does before it listens (decision 068).
  await services.notServedPrefixes.start();
  if (options.jobs !== false) services.jobs.start();
  if (options.catalogueChanges) await services.catalogueChanges.start();
  if (options.changeFeed) await services.changeFeed.start();
  return {
    app,
    services,
    database,
    config,
    dataDir,
    seed,
    deliverMail: () => services.jobs.runNow(MAIL_OUTBOX_JOB),
    runJob: (name) => services.jobs.runNow(name),
    close: async () => {
      await app.close();
      await services.notServedPrefixes.stop();
      await services.catalogueChanges.stop();
      await services.changeFeed.stop();
      await services.jobs.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
