import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookingItems, bookings } from './bookings.js';
import { products } from './catalogue.js';
import { users } from './users.js';

/**
 * Reviews with fit (issue [O] §1; decision 071): one per booking line, by its shopper, once the
 * line is back. The first name and city are copied when it is written (the review shows only
 * those); a hidden review counts nowhere. They go with their author's account.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingItemId: uuid()
      .notNull()
      .unique()
      .references(() => bookingItems.id, { onDelete: 'cascade' }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    fit: text().notNull(),
    sizeWorn: text().notNull(),
    heightCm: integer(),
    usualSize: text(),
    occasion: text(),
    body: text().notNull().default(''),
    photos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    firstName: text().notNull(),
    city: text().notNull(),
    helpful: integer().notNull().default(0),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_fit', sql`${t.fit} in ('runs-small', 'true-to-size', 'runs-large')`),
    check('reviews_height', sql`${t.heightCm} is null or ${t.heightCm} between 120 and 210`),
    check('reviews_body_length', sql`char_length(${t.body}) <= 1000`),
    check('reviews_photos', sql`cardinality(${t.photos}) <= 3`),
    check('reviews_hidden_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    index('reviews_product_recent')
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_created').on(t.createdAt.desc()),
  ],
);

/** A shopper found a review helpful: once each, counted in reviews.helpful. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * Each piece's visible reviews added up, for its card (issue [O] §1; decision 072): kept by
 * migration 0022's triggers on reviews, whoever writes them (a review written, hidden, shown again
 * or deleted), in the writer's transaction; the same statement raises the catalogue's change mark
 * and tells every process, whose snapshot then carries `rating` (from REVIEWS_FOR_CARD_RATING on).
 * Never written by the app itself.
 */
export const productRatings = pgTable(
  'product_ratings',
  {
    productId: uuid()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Visible reviews. */
    reviewCount: integer().notNull().default(0),
    /** Their ratings added up. */
    ratingSum: integer().notNull().default(0),
  },
  (t) => [
    check('product_ratings_count', sql`${t.reviewCount} >= 0`),
    check(
      'product_ratings_sum',
      sql`${t.ratingSum} between ${t.reviewCount} and 5 * ${t.reviewCount}`,
    ),
  ],
);
