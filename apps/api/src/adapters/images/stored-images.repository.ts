import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storedImages } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

/** The images table (IMAGE_STORE=postgres): the only SQL the PostgreSQL image store runs. */
export function createStoredImagesRepository(db: Database, clock: Clock) {
  return {
    /** The bytes and content type kept under `key`, or undefined. */
    async find(key: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      const [row] = await db
        .select({ bytes: storedImages.bytes, contentType: storedImages.contentType })
        .from(storedImages)
        .where(eq(storedImages.key, key));
      return row;
    },

    async has(key: string): Promise<boolean> {
      const [row] = await db
        .select({ found: sql<number>`1` })
        .from(storedImages)
        .where(eq(storedImages.key, key));
      return row !== undefined;
    },

    /**
     * Keep `bytes` under `key` unless something is kept there already. Two hosts writing one key
     * at once both succeed: the primary key lets one row in and the other insert does nothing. A
     * key's bytes never change once written (adapters/images/image-store.ts), so the first write
     * is kept and every host's in-memory copy of it stays true.
     */
    async insert(key: string, contentType: string, bytes: Buffer): Promise<void> {
      await db
        .insert(storedImages)
        .values({ key, contentType, bytes, byteSize: bytes.length, createdAt: clock.now() })
        .onConflictDoNothing({ target: storedImages.key });
    },
  };
}

export type StoredImagesRepository = ReturnType<typeof createStoredImagesRepository>;
