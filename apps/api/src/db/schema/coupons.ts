import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { COUPON_TYPES, COUPON_USE_STATUSES } from '@pehnava/shared';
import { users } from './users.js';
import { bookings } from './bookings.js';

export const couponType = pgEnum('coupon_type', COUPON_TYPES);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored upper-case; matched case-insensitively. */
    code: text().notNull(),
    description: text().notNull().default(''),
    type: couponType().notNull(),
    /** Percent (1-100) for percent coupons; paise for flat coupons. */
    value: integer().notNull(),
    minSubtotalPaise: integer().notNull().default(0),
    /** null: no cap. */
    maxDiscountPaise: integer(),
    firstOrderOnly: boolean().notNull().default(false),
    /** null: unlimited. */
    perUserLimit: integer(),
    totalLimit: integer(),
    validFrom: timestamp({ withTimezone: true }),
    validTo: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_unique').on(sql`upper(${t.code})`)],
);

export const couponUseStatus = pgEnum('coupon_use_status', COUPON_USE_STATUSES);

/** A coupon held by a pending booking, counted when its payment completes, released otherwise. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid().primaryKey().defaultRandom(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: couponUseStatus().notNull().default('held'),
    discountPaise: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_uses_booking_unique').on(t.bookingId),
    index('coupon_uses_coupon_status_idx').on(t.couponId, t.status),
    index('coupon_uses_user_idx').on(t.userId),
  ],
);
