import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.js';

/** apps/api/drizzle, from both src/db and dist/db. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Bring the database up to the newest committed migration. */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<void> {
  await handle.migrate(migrationsFolder);
}
