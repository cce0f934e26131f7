import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { seed as seedServices } from '../bootstrap.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { SeedReport } from '../db/seed/seed.js';
import { MAIL_OUTBOX_JOB } from '../jobs/mail-outbox.job.js';
import type { Clock } from '../lib/clock.js';
import { createLogger } from '../lib/logger.js';
import { createServices, type Services } from '../services.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  seed(now?: Date): Promise<SeedReport>;
  /** Send every mail the outbox has due now (as the job would), and wait for it. */
  deliverMail(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database and a temporary DATA_DIR, built by the composition root as
 * the server builds it, logging nothing. Background jobs run unless `jobs: false` (tests that
 * drive them by hand); a test may pass its own clock to move time.
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    webRoot?: string;
    mailer?: Mailer;
    clock?: Clock;
    jobs?: boolean;
    /** Receives the app's JSON log lines (at info level) instead of discarding them. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    ...options.env,
  });
  const database = await createTestDatabase();
  const services = createServices({
    config,
    database,
    logger: createLogger(config, options.logStream),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  const app = await buildApp({ services, webRoot: options.webRoot });
  const seed = (now = new Date('2026-11-01T06:30:00Z')) => seedServices(services, now);
  if (options.seed) await seed();
  await app.ready();
  if (options.jobs !== false) services.jobs.start();
  return {
    app,
    services,
    database,
    config,
    dataDir,
    seed,
    deliverMail: () => services.jobs.runNow(MAIL_OUTBOX_JOB),
    close: async () => {
      await app.close();
      await services.jobs.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
