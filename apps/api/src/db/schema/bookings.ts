import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUSES,
  CHARGE_KINDS,
  CHARGE_STATUSES,
  PAYMENT_STATUSES,
  RETURN_CONDITIONS,
} from '@pehnava/shared';
import { productUnits, products } from './catalogue.js';
import { users } from './users.js';

export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const returnCondition = pgEnum('return_condition', RETURN_CONDITIONS);
export const chargeKind = pgEnum('charge_kind', CHARGE_KINDS);
export const chargeStatus = pgEnum('charge_status', CHARGE_STATUSES);

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
    /** Back-up sizes' fees (DECISIONS.md 'Back-up size'): in the total, outside the subtotal. */
    backupFeesPaise: integer().notNull().default(0),
    totalPaise: integer().notNull(),
    couponCode: text(),
    deliveryAddress: jsonb().$type<DeliveryAddressRecord>().notNull(),
    deliveryTracking: jsonb().$type<DeliveryTrackingRecord>(),
    /**
     * Days a parcel takes to the delivery address's pincode (DECISIONS.md 'Delivery promise'),
     * fixed at checkout: its pieces are sent that many days before the start and held as many
     * days past the end (before the cleaning days).
     */
    transitDays: integer().notNull().default(1),
    /** A pending booking holds its units and coupon until then. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** When an operator marked it delivered: the fit window runs 24 hours from then. */
    deliveredAt: timestamp({ withTimezone: true }),
    /** When the shopper was last reminded of a balance due (every 3 days while one is). */
    balanceRemindedAt: timestamp({ withTimezone: true }),
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
    /**
     * A second size of the piece sent with it for the same dates, sealed (DECISIONS.md 'Back-up
     * size'), and its fee on the shopper's plan; null and 0 when none.
     */
    backupSize: text(),
    backupFeePaise: integer().notNull().default(0),
  },
  (t) => [
    index('booking_items_booking_idx').on(t.bookingId),
    // The day's dispatches (by start date) and returns (by end date).
    index('booking_items_start_idx').on(t.startDate),
    index('booking_items_end_idx').on(t.endDate),
    check(
      'booking_items_backup',
      sql`${t.backupFeePaise} >= 0 and (${t.backupSize} is not null or ${t.backupFeePaise} = 0)
        and (${t.backupSize} is null or ${t.backupSize} <> ${t.size})`,
    ),
  ],
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
    /** The booking line it holds the unit for; null for a maintenance block. */
    bookingItemId: uuid().references(() => bookingItems.id, { onDelete: 'cascade' }),
    blockedFrom: date({ mode: 'string' }).notNull(),
    blockedUntil: date({ mode: 'string' }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp({ withTimezone: true }),
    /** When the unit left with the booking; set once (a trigger keeps it). */
    dispatchedAt: timestamp({ withTimezone: true }),
    /** When its return was recorded, the day it reached the warehouse, and how: set once. */
    returnedAt: timestamp({ withTimezone: true }),
    returnedOn: date({ mode: 'string' }),
    condition: returnCondition(),
    returnNote: text(),
    /**
     * Set when the unit can no longer serve this hold (it went to repair or was retired, or is
     * kept out by a late return) and no other unit of the size was free to take it over.
     */
    atRiskSince: timestamp({ withTimezone: true }),
    /**
     * A maintenance block (an operator takes the unit out of use for these days): why, and who.
     * It is a row like a booking's hold, so the exclusion constraint keeps the two apart and every
     * availability read counts it.
     */
    blockReason: text(),
    blockedBy: text(),
    /** The hold is the line's back-up size (one per line), not one of its `quantity` pieces. */
    backup: boolean().notNull().default(false),
    /** A back-up's seal as it came back: false when it was worn; null until then (or not one). */
    sealIntact: boolean(),
  },
  (t) => [
    index('unit_reservations_unit_idx').on(t.unitId),
    index('unit_reservations_item_idx').on(t.bookingItemId),
    // A unit is out with at most one booking at a time.
    // One back-up size a line.
    uniqueIndex('unit_reservations_one_backup_per_line')
      .on(t.bookingItemId)
      .where(sql`${t.backup} and ${t.active}`),
    uniqueIndex('unit_reservations_one_out_per_unit')
      .on(t.unitId)
      .where(sql`${t.dispatchedAt} is not null and ${t.returnedAt} is null`),
    check(
      'unit_reservations_return_after_dispatch',
      sql`${t.returnedAt} is null or (${t.dispatchedAt} is not null and ${t.active})`,
    ),
    check(
      'unit_reservations_return_complete',
      sql`num_nonnulls(${t.returnedAt}, ${t.returnedOn}, ${t.condition}) in (0, 3)`,
    ),
    check('unit_reservations_dispatch_active', sql`${t.dispatchedAt} is null or ${t.active}`),
    check(
      'unit_reservations_seal_of_backup',
      sql`${t.sealIntact} is null or (${t.backup} and ${t.returnedAt} is not null)`,
    ),
    check(
      'unit_reservations_hold_or_block',
      sql`(${t.bookingItemId} is null) = (${t.blockReason} is not null)
        and (${t.bookingItemId} is not null or ${t.dispatchedAt} is null)`,
    ),
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

/**
 * What a booking owes after its rental (decision 050): a late fee per line per late day, the
 * price of pieces kept past 14 days, or damage. Amounts are the server's, in paise, and never
 * change; a charge moves once, from due to paid or waived (a trigger keeps it so).
 */
export const bookingCharges = pgTable(
  'booking_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingItemId: uuid()
      .notNull()
      .references(() => bookingItems.id, { onDelete: 'cascade' }),
    kind: chargeKind().notNull(),
    /** The late day a late fee is for; null for the other kinds. */
    day: date({ mode: 'string' }),
    amountPaise: integer().notNull(),
    status: chargeStatus().notNull().default('due'),
    /** Why it is owed, in the shopper's words. */
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When it was paid or waived. */
    settledAt: timestamp({ withTimezone: true }),
    /** Who waived it and why. */
    waivedBy: text(),
    waiveReason: text(),
  },
  (t) => [
    index('booking_charges_booking_idx').on(t.bookingId),
    // One late fee per line per day, one purchase and one damage charge per line.
    uniqueIndex('booking_charges_late_day_unique')
      .on(t.bookingItemId, t.day)
      .where(sql`${t.kind} = 'late-fee'`),
    uniqueIndex('booking_charges_once_per_item')
      .on(t.bookingItemId, t.kind)
      .where(sql`${t.kind} <> 'late-fee'`),
    check('booking_charges_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'booking_charges_day_of_late_fee',
      sql`(${t.kind} = 'late-fee') = (${t.day} is not null)`,
    ),
    check(
      'booking_charges_settled',
      sql`(${t.status} = 'due') = (${t.settledAt} is null)
        and (${t.status} = 'waived') = (${t.waiveReason} is not null)`,
    ),
  ],
);
