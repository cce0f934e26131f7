import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRODUCT_CATEGORIES, UNIT_STATES } from '@pehnava/shared';

export const productCategory = pgEnum('product_category', PRODUCT_CATEGORIES);
export const unitState = pgEnum('unit_state', UNIT_STATES);

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The merchant's code, e.g. PHN-LEH-0001. */
    productId: text().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    /** Image URLs in gallery order. */
    images: text().array().notNull(),
    mrpPaise: integer().notNull(),
    twoDayPricePaise: integer().notNull(),
    fourDayPricePaise: integer().notNull(),
    sevenDayPricePaise: integer().notNull(),
    fourteenDayPricePaise: integer().notNull(),
    /** Derived from the MRP whenever the product is written (see packages/shared pricing). */
    category: productCategory().notNull(),
    condition: text().notNull(),
    bestseller: boolean().notNull().default(false),
    isAvailable: boolean().notNull().default(true),
    /** Server order for the default ('relevant') sort. */
    position: integer().notNull().default(0),
    // Not declared here, so no select of products carries it: `search_doc`, a stored tsvector of
    // the name (weight A) and description (weight B) in the `pehnava` text search configuration,
    // with its GIN index (migration 0013, hand-written; read only by product-search.repository.ts).
    /** The listing date shown as `date`. */
    listedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_product_id_unique').on(t.productId),
    index('products_position_idx').on(t.position),
    // The collection's sorts (GET /api/products): a page can be read in order and stop at its end.
    index('products_listed_at_idx').on(t.listedAt),
    index('products_two_day_price_idx').on(t.twoDayPricePaise),
    index('products_mrp_idx').on(t.mrpPaise),
  ],
);

/** A size a product is offered in. `available` is the admin's switch; `units` the physical pieces. */
export const productSizes = pgTable(
  'product_sizes',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    available: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.size] })],
);

/** One physical piece of a product in one size; reservations block a unit for a date range. */
export const productUnits = pgTable(
  'product_units',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    /** 1, 2, 3 … within the product and size. */
    unitNumber: integer().notNull(),
    /**
     * The code printed on its tag, e.g. PHN-LEH-0047-M-2 (product code, size, unit number); a
     * trigger (migration 0008) writes it when an insert leaves it out (null). It never changes.
     */
    code: text()
      .notNull()
      .$defaultFn(() => sql`null`),
    /** Where the piece physically is (issue [J]); only a dispatch makes it `out`. */
    state: unitState().notNull().default('in-service'),
    /** Why it is in this state (the operator's note), when one was given. */
    stateNote: text(),
    stateChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While `cleaning`: the day it is back in service (a job moves it). */
    readyOn: date({ mode: 'string' }),
    /** Set exactly while `retired` (lost, sold, written off): never reserved again. */
    retiredAt: timestamp({ withTimezone: true }),
    /** When its tag was last marked printed (issue [N]); null: a new piece with no tag yet. */
    tagPrintedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_units_number_unique').on(t.productId, t.size, t.unitNumber),
    uniqueIndex('product_units_code_unique').on(t.code),
    check(
      'product_units_retired_state',
      sql`(${t.state} = 'retired') = (${t.retiredAt} is not null)`,
    ),
    check(
      'product_units_ready_on_cleaning',
      sql`(${t.state} = 'cleaning') = (${t.readyOn} is not null)`,
    ),
  ],
);

/**
 * A unit's state changes, oldest first: who moved it, from what, to what, why, and the booking
 * that moved it (a dispatch or return), when one did.
 */
export const unitEvents = pgTable(
  'unit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigserial({ mode: 'number' }).notNull(),
    unitId: uuid()
      .notNull()
      .references(() => productUnits.id, { onDelete: 'cascade' }),
    fromState: unitState().notNull(),
    toState: unitState().notNull(),
    /** The booking whose dispatch or return moved it; null for a change by hand or by a job. */
    bookingId: uuid(),
    /** null for a job's change, or once the actor's account is deleted. */
    actorId: uuid(),
    actorEmail: text().notNull(),
    actorRole: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('unit_events_unit_idx').on(t.unitId, t.seq)],
);

export const productFilters = pgTable(
  'product_filters',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    value: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.type, t.value] }),
    // The products with a filter value, read from the index alone (the search's filters and counts).
    index('product_filters_type_value_product_idx').on(t.type, t.value, t.productId),
  ],
);

/**
 * Every word of every product's name and description (lower case, accents removed, unstemmed, 3
 * characters or more), kept by a trigger on products (migration 0013): the vocabulary a search
 * word is completed from ('sherw' → sherwani) and corrected against ('lehnga' → lehenga) with
 * pg_trgm. Words of products changed or removed since stay; they can only widen a search to
 * words no product has, which matches nothing.
 */
export const searchTerms = pgTable('search_terms', { term: text().primaryKey() }, (t) => [
  index('search_terms_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
]);

/**
 * The catalogue's change mark: one row whose `version` every statement writing products, their
 * sizes or their filters raises in its own transaction (migration 0015's triggers, whoever
 * writes, by hand included). A process reads it before it rebuilds its catalogue snapshot and
 * keeps the snapshot while it has not moved (decision 063).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    /** Always true: the table holds one row. */
    id: boolean().primaryKey().default(true),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id}`)],
);
