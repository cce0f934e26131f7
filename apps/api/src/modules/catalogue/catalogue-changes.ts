import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import type { CatalogueService } from './catalogue.service.js';
import { CATALOGUE_CHANNEL } from './product-admin.repository.js';

/**
 * Every API process keeps a snapshot of the catalogue. A product write in one of them NOTIFYs
 * CATALOGUE_CHANNEL when it commits (product-admin.repository.ts); each process listening drops
 * its snapshot then, so the change is served everywhere within moments, and the snapshot's time
 * limit (CATALOGUE_CACHE_TTL_MS) remains the safety net for anything missed.
 */
export function createCatalogueChanges({
  database,
  catalogue,
  logger,
}: {
  database: Pick<DatabaseHandle, 'listen'>;
  catalogue: Pick<CatalogueService, 'invalidate'>;
  logger: FastifyBaseLogger;
}) {
  let stop: (() => Promise<void>) | undefined;
  return {
    async start() {
      if (stop) return;
      stop = await database.listen(
        CATALOGUE_CHANNEL,
        () => catalogue.invalidate(),
        () => {
          logger.warn('catalogue notifications resumed after a lost connection');
          catalogue.invalidate();
        },
      );
    },
    async stop() {
      const stopping = stop;
      stop = undefined;
      await stopping?.();
    },
  };
}

export type CatalogueChanges = ReturnType<typeof createCatalogueChanges>;
