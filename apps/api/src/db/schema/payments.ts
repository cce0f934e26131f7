import {
  check,
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
import { sql } from 'drizzle-orm';
import { bookings } from './bookings.js';
import { plans, subscriptions } from './subscriptions.js';
import { users } from './users.js';

export const paymentPurpose = pgEnum('payment_purpose', ['booking', 'subscription', 'renewal']);
export const paymentRecordStatus = pgEnum('payment_record_status', [
  'created',
  'completed',
  'failed',
]);

/** One order at the payment provider: for a booking, a plan purchase or a renewal charge. */
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_unique').on(t.provider, t.providerOrderId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_user_idx').on(t.userId),
  ],
);

/** Provider webhook events, kept once each: a repeated event id is ignored. */
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

export const refundStatus = pgEnum('refund_status', ['pending', 'processed', 'failed']);

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
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
