import { DEFAULT_WEB_ROOT, prepareApp } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { installGracefulShutdown } from './lib/shutdown.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee the configuration table in README.md.\n`);
      process.exit(1);
    }
    throw err;
  }

  const { app } = await prepareApp(config, { webRoot: config.WEB_ROOT ?? DEFAULT_WEB_ROOT });
  installGracefulShutdown({
    close: () => app.close(),
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    log: app.log,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: config.database.kind, url: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
    'Pehnava is running',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Pehnava failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
