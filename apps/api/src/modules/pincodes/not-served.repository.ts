import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { unservedPincodes } from '../../db/schema/index.js';

/** A prefix operators listed as not served (decision 068). */
export interface NotServedRow {
  prefix: string;
  note: string;
  createdAt: Date;
}

const columns = {
  prefix: unservedPincodes.prefix,
  note: unservedPincodes.note,
  createdAt: unservedPincodes.createdAt,
};

/**
 * The console's pincodes not served (table unserved_pincodes). Every statement that writes it
 * NOTIFYs the change feed (migration 0018), whoever runs it.
 */
export function createNotServedRepository(db: Database) {
  return {
    /** Every prefix listed: what each process keeps in memory for the served check. */
    async prefixes(): Promise<string[]> {
      const rows = await db.select({ prefix: unservedPincodes.prefix }).from(unservedPincodes);
      return rows.map((row) => row.prefix);
    },

    /** Every entry, by prefix. */
    list(): Promise<NotServedRow[]> {
      return db.select(columns).from(unservedPincodes).orderBy(asc(unservedPincodes.prefix));
    },

    /** List a prefix; undefined when it is listed already (the primary key decides). */
    async add(entry: {
      prefix: string;
      note: string;
      createdBy: string;
    }): Promise<NotServedRow | undefined> {
      const [row] = await db
        .insert(unservedPincodes)
        .values(entry)
        .onConflictDoNothing({ target: unservedPincodes.prefix })
        .returning(columns);
      return row;
    },

    /** Take a prefix off the list; false when it was not on it. */
    async remove(prefix: string): Promise<boolean> {
      const rows = await db
        .delete(unservedPincodes)
        .where(eq(unservedPincodes.prefix, prefix))
        .returning({ prefix: unservedPincodes.prefix });
      return rows.length > 0;
    },
  };
}

export type NotServedRepository = ReturnType<typeof createNotServedRepository>;
