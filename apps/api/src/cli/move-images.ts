/**
 * npm run images:move -- [--from <folder>]
 *
 * Copies the images kept on disk (DATA_DIR/images, or --from) into the store IMAGE_STORE names:
 * PostgreSQL (the default with DATABASE_URL) or an S3-compatible bucket (decision 076), so every
 * host serves them. An image the store has already is left alone: a second run copies nothing,
 * and a run cut short is finished by the next. The files on disk are not removed. Uses the same
 * configuration as the server; the embedded database can be open in one process only, so stop
 * the server first when using it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { readOptions, runCommand } from './command.js';

const USAGE =
  'Usage: npm run images:move -- [--from <folder>]\n' +
  'Copies DATA_DIR/images (or the folder named) into the store IMAGE_STORE names (postgres or s3).\n';

async function main(): Promise<number> {
  const values = readOptions({ from: { type: 'string' } }, USAGE);
  if (typeof values === 'number') return values;
  const config = loadConfig(process.env);
  // The app's modules load only for a run that will use them.
  const [
    { imagesDirFor },
    { moveImages },
    { openConfiguredDatabase },
    { runMigrations },
    { createLogger },
    { createServices },
  ] = await Promise.all([
    import('../adapters/images/local-disk.js'),
    import('../adapters/images/move-images.js'),
    import('../bootstrap.js'),
    import('../db/migrate.js'),
    import('../lib/logger.js'),
    import('../services.js'),
  ]);
  const from = resolve(values.from ?? imagesDirFor(config));
  if (config.imageStore === 'disk' && from === imagesDirFor(config)) {
    process.stdout.write(
      `IMAGE_STORE is disk: the images in ${from} are where the store keeps them; nothing to move.\n` +
        'Set IMAGE_STORE=postgres (the default with DATABASE_URL) or IMAGE_STORE=s3 to move them there.\n',
    );
    return 0;
  }
  if (!existsSync(from)) {
    process.stderr.write(`There is no folder ${from} to move images from.\n`);
    return 2;
  }
  const database = await openConfiguredDatabase(config);
  try {
    // The store in PostgreSQL is a table of the newest migration.
    await runMigrations(database);
    const services = createServices({ config, database, logger: createLogger(config) });
    process.stdout.write(`Moving the images in ${from} to the ${config.imageStore} store…\n`);
    let shown = 0;
    const report = await moveImages({
      from,
      to: services.images,
      onProgress: (done, total) => {
        if (done - shown >= 500 || done === total) {
          shown = done;
          process.stdout.write(`  ${done} of ${total}\n`);
        }
      },
    });
    process.stdout.write(
      `Copied ${report.copied}, already there ${report.alreadyThere}, skipped ${report.skipped.length}` +
        ` (not images: ${report.skipped.length ? report.skipped.join(', ') : 'none'}).\n` +
        `The files in ${from} are left as they were.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('images:move', main);
