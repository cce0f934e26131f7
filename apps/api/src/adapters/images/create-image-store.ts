import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ImageStore } from './image-store.js';
import { createLocalDiskImageStore, imagesDirFor } from './local-disk.js';
import { createPostgresImageStore } from './postgres.js';
import { createS3Client, createS3ImageStore } from './s3.js';
import { createStoredImagesRepository } from './stored-images.repository.js';

/**
 * The image store IMAGE_STORE names (decision 076): DATA_DIR/images on disk (the embedded
 * default), the database (the default with DATABASE_URL) or an S3-compatible bucket.
 */
export function createImageStore({
  config,
  db,
  clock,
}: {
  config: Config;
  db: Database;
  clock: Clock;
}): ImageStore {
  switch (config.imageStore) {
    case 'disk':
      return createLocalDiskImageStore(imagesDirFor(config));
    case 'postgres':
      return createPostgresImageStore(createStoredImagesRepository(db, clock));
    case 's3': {
      const client = createS3Client({
        region: config.S3_REGION,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
        ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? {
              credentials: {
                accessKeyId: config.S3_ACCESS_KEY_ID,
                secretAccessKey: config.S3_SECRET_ACCESS_KEY,
              },
            }
          : {}),
      });
      // config.ts refuses IMAGE_STORE=s3 without a bucket.
      return createS3ImageStore(client, config.S3_BUCKET!);
    }
  }
}
