import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea as a Buffer, from either driver (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Images kept in the database (IMAGE_STORE=postgres, the default with DATABASE_URL; decision 076),
 * so every host serves what any host stored. A key's bytes never change once written
 * (adapters/images/image-store.ts): a second write of a key keeps the first.
 */
export const storedImages = pgTable('stored_images', {
  /** The image's key under /images/: `uploads/…-600.webp`, `products/…-v3.svg`. */
  key: text().primaryKey(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  byteSize: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
