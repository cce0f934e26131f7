import cluster from 'node:cluster';
import { DEFAULT_WEB_ROOT, prepareApp, prepareDatabase } from './bootstrap.js';
import { runCluster } from './cluster.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './lib/logger.js';
import { answerMetricsForWorkers } from './lib/metrics/cluster-metrics.js';
import { installGracefulShutdown } from './lib/shutdown.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee the configuration table in README.md.\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** One process serving everything, or one of a cluster's workers. */
async function serve(config: Config, { worker }: { worker: boolean }): Promise<void> {
  const { app } = await prepareApp(config, {
    webRoot: config.WEB_ROOT ?? DEFAULT_WEB_ROOT,
    setUpDatabase: !worker,
    clusterWorker: worker,
  });
  installGracefulShutdown({
    // Readiness answers 503 from the signal on, while requests are still served (decision 075).
    onDrain: () => app.services.readiness.markDraining(),
    drainMs: config.SHUTDOWN_DRAIN_MS,
    close: () => app.close(),
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    log: app.log,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  if (!worker) {
    app.log.info(
      {
        database: config.database.kind,
        url: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      },
      'Pehnava is running',
    );
  }
}

/** WEB_CONCURRENCY above 1: migrate and seed once here, then start the workers. */
async function serveWithWorkers(config: Config): Promise<void> {
  const log = createLogger(config);
  await prepareDatabase(config, log);
  // A worker asked for /metrics gets every worker's, summed here (decision 075).
  answerMetricsForWorkers(cluster);
  runCluster({
    pool: cluster,
    workers: config.WEB_CONCURRENCY,
    log,
    shutdownTimeoutMs: config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_TIMEOUT_MS,
  });
  log.info(
    {
      database: config.database.kind,
      workers: config.WEB_CONCURRENCY,
      url: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    },
    'Pehnava is running',
  );
}

async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isWorker) return serve(config, { worker: true });
  if (config.WEB_CONCURRENCY > 1) return serveWithWorkers(config);
  return serve(config, { worker: false });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Pehnava failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
