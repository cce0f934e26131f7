import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '@pehnava/shared';
import { productUnits, products } from './catalogue.js';
import { users } from './users.js';

export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

export interface DeliveryAddressRecord {
  name: string;
  phone: string;
  street: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
}

export interface DeliveryTrackingRecord {
  provider?: string;
  trackingId?: string;
  status?: string;
  deliveryETA?: string;
}

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** null once the shopper has deleted their account (kept for accounting). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: bookingStatus().notNull().default('pending'),
    paymentStatus: paymentStatus().notNull().default('pending'),
    paymentMethod: text().notNull().default(''),
    paymentProvider: text().notNull(),
    providerPaymentId: text(),
    subtotalPaise: integer().notNull(),
    discountPaise: integer().notNull().default(0),
    deliveryFeePaise: integer().notNull().default(0),
    insuranceSelected: boolean().notNull().default(false),
    insurancePaise: integer().notNull().default(0),
    totalPaise: integer().notNull(),
    couponCode: text(),
    deliveryAddress: jsonb().$type<DeliveryAddressRecord>().notNull(),
    deliveryTracking: jsonb().$type<DeliveryTrackingRecord>(),
    /** A pending booking holds its units and coupon until then. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_user_created_idx').on(t.userId, t.createdAt),
    index('bookings_pending_expiry_idx').on(t.status, t.expiresAt),
  ],
);

export const bookingItems = pgTable(
  'booking_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    size: text().notNull(),
    durationDays: integer().notNull(),
    quantity: integer().notNull().default(1),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    appliedPlan: text().notNull().default('free'),
    originalPricePaise: integer().notNull(),
    discountPaise: integer().notNull().default(0),
    totalPaise: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index('booking_items_booking_idx').on(t.bookingId)],
);

/**
 * A physical unit blocked for a booking item, from dispatch (start − lead days) to the day it is
 * ready again (end + turnaround days), both inclusive. A hand-written migration adds the exclusion
 * constraint (btree_gist) that makes two active reservations of one unit over overlapping dates
 * impossible.
 */
export const unitReservations = pgTable(
  'unit_reservations',
  {
    id: uuid().primaryKey().defaultRandom(),
    unitId: uuid()
      .notNull()
      .references(() => productUnits.id, { onDelete: 'restrict' }),
    bookingItemId: uuid()
      .notNull()
      .references(() => bookingItems.id, { onDelete: 'cascade' }),
    blockedFrom: date({ mode: 'string' }).notNull(),
    blockedUntil: date({ mode: 'string' }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('unit_reservations_unit_idx').on(t.unitId),
    index('unit_reservations_item_idx').on(t.bookingItemId),
  ],
);

/**
 * The audit trail of a booking: every change an operator (or the shopper, cancelling) makes, with
 * who, what, when, and the fields before and after.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order entries were written in (several may share one instant). */
    seq: bigserial({ mode: 'number' }).notNull(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** null when the actor's account has since been deleted. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    actorRole: text().notNull(),
    /** status, tracking, cancel. */
    action: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>().notNull(),
    after: jsonb().$type<Record<string, unknown>>().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.createdAt)],
);
