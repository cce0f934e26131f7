import {
  boolean,
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
import { PRODUCT_CATEGORIES } from '@pehnava/shared';

export const productCategory = pgEnum('product_category', PRODUCT_CATEGORIES);

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
    /** The listing date shown as `date`. */
    listedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_product_id_unique').on(t.productId),
    index('products_position_idx').on(t.position),
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
    /** A retired unit (lost, damaged beyond repair) is never reserved again. */
    retiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_units_number_unique').on(t.productId, t.size, t.unitNumber)],
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
    index('product_filters_type_value_idx').on(t.type, t.value),
  ],
);
