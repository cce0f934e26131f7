import {
  boolean,
  check,
  index,
  integer,
  primaryKey,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CAPTURE_OUTCOMES,
  CAPTURE_TARGETS,
  EXTENSION_STATUSES,
  PAYMENT_ORDER_STATUSES,
  PAYMENT_PURPOSES,
  REFUND_STATUSES,
} from '@pehnava/shared';
import { bookingCharges, bookings } from './bookings.js';
import { plans, subscriptions } from './subscriptions.js';
import { users } from './users.js';

export const paymentPurpose = pgEnum('payment_purpose', PAYMENT_PURPOSES);
export const paymentRecordStatus = pgEnum('payment_record_status', PAYMENT_ORDER_STATUSES);

/**
 * One order at the payment provider: for a booking, a plan purchase or a renewal charge. An order
 * that may still be paid is asked about by the reconciliation (the booking-holds job) at
 * `reconcileAt`, until `reconcileUntil`: a payment whose result never reached us is still decided.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    purpose: paymentPurpose().notNull(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    planId: text().references(() => plans.id, { onDelete: 'restrict' }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    provider: text().notNull(),
    providerOrderId: text().notNull(),
    providerPaymentId: text(),
    amountPaise: integer().notNull(),
    currency: text().notNull().default('INR'),
    status: paymentRecordStatus().notNull().default('created'),
    method: text(),
    failureReason: text(),
    /** When the reconciliation next asks the provider about this order (also its lease); null: never. */
    reconcileAt: timestamp({ withTimezone: true }),
    /** After this the order is no longer watched (its webhooks still count). */
    reconcileUntil: timestamp({ withTimezone: true }),
    /** Times the reconciliation has asked about it. */
    reconcileAttempts: integer().notNull().default(0),
    /**
     * Charged without the shopper to a plan's standing instruction (a booking's balance): until
     * the charge answers, its provider order id is a placeholder, `mandate:{id}`.
     */
    offSession: boolean().notNull().default(false),
    /** When the provider closed the order at our request: it can no longer be paid. */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_unique').on(t.provider, t.providerOrderId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_user_idx').on(t.userId),
    index('payments_reconcile_idx').on(t.reconcileAt),
  ],
);

export const captureOutcome = pgEnum('capture_outcome', CAPTURE_OUTCOMES);
export const captureTarget = pgEnum('capture_target', CAPTURE_TARGETS);

/**
 * A payment the provider captured, and what became of it, decided once under a lock on its order
 * (modules/payments/intake.ts): `applied` to exactly one booking or plan period, or `refunded` in
 * full and never applied. The database keeps it so whatever the code does: one row per provider
 * payment, one applied payment per booking and per period, an outcome that never changes, refunds
 * that never add up to more than the capture (`refundedPaise`, kept by a trigger on refunds), and
 * a refused payment refunded in full by the end of the transaction that refused it (migration
 * 0007).
 */
export const captures = pgTable(
  'captures',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order it was paid against. */
    orderId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    amountPaise: integer().notNull(),
    currency: text().notNull(),
    method: text().notNull(),
    outcome: captureOutcome().notNull(),
    /** What an applied payment paid for (kept when the booking or period row is gone). */
    appliedTo: captureTarget(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'restrict' }),
    /** The plan period it paid for; null once the account (and its periods) is deleted. */
    subscriptionId: uuid().references((): AnyPgColumn => subscriptions.id, {
      onDelete: 'set null',
    }),
    /** Why a refunded payment was not applied, in plain words for operators and the mail. */
    reason: text(),
    /** The sum of this payment's refund rows (a trigger on refunds keeps it). */
    refundedPaise: integer().notNull().default(0),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('captures_provider_payment_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('captures_one_per_booking')
      .on(t.bookingId)
      .where(sql`${t.outcome} = 'applied'`),
    uniqueIndex('captures_one_per_period').on(t.subscriptionId),
    // An order's payment is applied once, whatever it was for: a second payment is refunded.
    uniqueIndex('captures_applied_once_per_order')
      .on(t.orderId)
      .where(sql`${t.outcome} = 'applied'`),
    index('captures_order_idx').on(t.orderId),
    check('captures_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'captures_refunds_within_amount',
      sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.amountPaise}`,
    ),
    check(
      'captures_outcome_target',
      sql`(${t.outcome} = 'applied' and ${t.appliedTo} is not null and ${t.reason} is null
          and num_nonnulls(${t.bookingId}, ${t.subscriptionId}) <= 1
          and (${t.appliedTo} = 'booking' or ${t.bookingId} is null)
          and (${t.appliedTo} = 'plan' or ${t.subscriptionId} is null))
        or (${t.outcome} = 'refunded' and ${t.appliedTo} is null and ${t.reason} is not null
          and ${t.bookingId} is null and ${t.subscriptionId} is null)`,
    ),
  ],
);

/**
 * What a balance order (purpose 'balance') was opened for: the booking's charges due at that
 * moment, each at its amount. A payment on it is applied only when every one of them is still due
 * at that amount (they are then paid, `applied` set); otherwise it is refunded in full. A charge
 * is paid by one order at most: a unique index over the applied rows says so whatever the code does.
 */
export const balanceOrderCharges = pgTable(
  'balance_order_charges',
  {
    orderId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    chargeId: uuid()
      .notNull()
      .references(() => bookingCharges.id, { onDelete: 'restrict' }),
    amountPaise: integer().notNull(),
    /** True once this order's payment paid the charge. */
    applied: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.chargeId] }),
    uniqueIndex('balance_order_charges_paid_once')
      .on(t.chargeId)
      .where(sql`${t.applied}`),
    check('balance_order_charges_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Provider webhook events, as received (one row per event id): a log for operators. Acting on an
 * event does not depend on it: a payment's fate is decided by what the event says (the payment's
 * own id, read back from the provider), so a replay under any id changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    processedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId)],
);

export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);

/**
 * Money given back through the provider. A row is written in the transaction that decides the
 * refund (state pending) and the refunds job asks the provider after commit, retrying with backoff
 * while the provider cannot be reached; the idempotency key makes a retried request one refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The captured payment it gives money back from; its refunds never exceed it. */
    captureId: uuid()
      .notNull()
      .references(() => captures.id, { onDelete: 'restrict' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    /** The provider's payment id the refund is made against. */
    providerPaymentId: text().notNull(),
    amountPaise: integer().notNull(),
    /** Why (late-payment, cancellation…), for operators and the shopper's mail. */
    reason: text().notNull(),
    status: refundStatus().notNull().default('pending'),
    providerRefundId: text(),
    /** Sent to the provider with every try, so retries can never refund twice. */
    idempotencyKey: text().notNull(),
    attempts: integer().notNull().default(0),
    /** When the job may next try (also a lease while a runner is asking the provider). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key_unique').on(t.idempotencyKey),
    index('refunds_due_idx').on(t.status, t.nextAttemptAt),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_capture_idx').on(t.captureId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

export const extensionStatus = pgEnum('extension_status', EXTENSION_STATUSES);

/** One line of an extension: its end date before and after, and what its days cost. */
export interface ExtensionLineRecord {
  itemId: string;
  fromEnd: string;
  toEnd: string;
  amountPaise: number;
}

/**
 * More days of a rental that is out (DECISIONS.md 'Extending a rental', decision 073): opened with
 * its payment order for the exact price, applied once by the 'extension' settler when every piece's
 * unit is still free for the new days (the lines' end dates move), or refused and refunded in full.
 * `lines` keeps the end dates it was priced from: an extension applies only to a booking that still
 * ends then.
 */
export const bookingExtensions = pgTable(
  'booking_extensions',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    days: integer().notNull(),
    lines: jsonb().$type<ExtensionLineRecord[]>().notNull(),
    subtotalPaise: integer().notNull(),
    insurancePaise: integer().notNull().default(0),
    amountPaise: integer().notNull(),
    status: extensionStatus().notNull().default('ordered'),
    /** Why it was refused (the capture's reason). */
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('booking_extensions_order_unique').on(t.orderId),
    index('booking_extensions_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_extensions_days', sql`${t.days} between 1 and 7`),
    check(
      'booking_extensions_amount',
      sql`${t.amountPaise} > 0 and ${t.amountPaise} = ${t.subtotalPaise} + ${t.insurancePaise}`,
    ),
    check(
      'booking_extensions_decided',
      sql`(${t.status} = 'ordered') = (${t.decidedAt} is null)
        and (${t.status} = 'refused') = (${t.reason} is not null)`,
    ),
  ],
);
