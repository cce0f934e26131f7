/**
 * npm run db:migrate
 *
 * Brings the database the configuration names (DATABASE_URL, or the embedded one in DATA_DIR) to
 * this build's newest migration, then, unless SEED_ON_START=false, adds what the seed finds
 * missing: the step a server's first process takes before it serves (bootstrap.ts,
 * prepareDatabase), run once on its own. A deployment runs it before starting the new version's
 * hosts (docs/operations.md; deploy/compose.yaml's `migrate` service), so no host serves on a
 * database it has not seen migrated, and hosts started at once do not seed side by side. The
 * migrations take PostgreSQL's advisory lock (db/client.ts), so a host starting meanwhile waits.
 * Exits 0 when the database is at the build's newest migration, 1 on any failure.
 */
import { loadConfig } from '../config.js';
import { readOptions, runCommand } from './command.js';

const USAGE =
  'Usage: npm run db:migrate\n' +
  "Applies this build's migrations to the database the configuration names, then adds the seed's\n" +
  'missing rows unless SEED_ON_START=false.\n';

async function main(): Promise<number> {
  const values = readOptions({}, USAGE);
  if (typeof values === 'number') return values;
  const config = loadConfig(process.env);
  // The app's modules load only for a run that will use them.
  const [
    { openConfiguredDatabase, seed },
    { MIGRATIONS_FOLDER, runMigrations },
    { createLogger },
    { createHealthRepository },
    { shippedMigrations },
    { createServices },
  ] = await Promise.all([
    import('../bootstrap.js'),
    import('../db/migrate.js'),
    import('../lib/logger.js'),
    import('../modules/health/health.repository.js'),
    import('../modules/health/readiness.js'),
    import('../services.js'),
  ]);
  const shipped = shippedMigrations(MIGRATIONS_FOLDER);
  if ('problem' in shipped) throw new Error(`${shipped.problem} (${MIGRATIONS_FOLDER})`);
  const database = await openConfiguredDatabase(config);
  try {
    const health = createHealthRepository(database.db);
    // Counted by readiness's own rule: a migration made after the newest applied is pending.
    const pending = async () => {
      const last = await health.lastMigrationAt();
      return shipped.made.filter((made) => last === null || made > last).length;
    };
    const before = await pending();
    const started = performance.now();
    await runMigrations(database);
    const after = await pending();
    if (after > 0) throw new Error(`${after} migrations are still not applied`);
    process.stdout.write(
      `Migrations: ${before} applied now, ${shipped.made.length} in this build, none pending ` +
        `(${config.database.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}, ` +
        `${Math.round(performance.now() - started)} ms).\n`,
    );
    if (config.SEED_ON_START) {
      const services = createServices({ config, database, logger: createLogger(config) });
      const report = await seed(services);
      process.stdout.write(
        `Seed checked: ${report.productsInserted} products, ${report.plansInserted} plans, ` +
          `${report.couponsInserted} coupons, ${report.imagesWritten} images and ` +
          `${report.rentalsInserted} past rentals added where missing.\n`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('db:migrate', main);
