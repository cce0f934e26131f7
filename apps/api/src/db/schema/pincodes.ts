import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Pincodes, or their first digits, the shop does not deliver to, as operators list them in the
 * console (decision 068); NOT_SERVED_PINCODES adds its own. Every statement that writes it
 * NOTIFYs the change feed (migration 0018's trigger), so each API process reloads the prefixes it
 * keeps in memory for the served check.
 */
export const unservedPincodes = pgTable(
  'unserved_pincodes',
  {
    /** 1 to 6 digits, the first 1-9: a whole pincode, or the start of many. */
    prefix: text().primaryKey(),
    /** The operator's reason, at most 200 characters. */
    note: text().notNull().default(''),
    /** Who listed it; kept when their account goes. */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('unserved_pincodes_prefix_format', sql`${t.prefix} ~ '^[1-9][0-9]{0,5}$'`),
    check('unserved_pincodes_note_length', sql`char_length(${t.note}) <= 200`),
  ],
);
