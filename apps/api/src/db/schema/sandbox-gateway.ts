import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The sandbox payment gateway's own books (PAYMENT_PROVIDER=sandbox): the stand-in for the
 * provider's side of orders, payments, refunds and webhooks. Pehnava's code reads them only
 * through the sandbox provider adapter, as it would a real provider's API.
 */

/** An order at the gateway: `order_` and 14 characters, as Razorpay shapes them. */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text().primaryKey(),
  amountPaise: integer().notNull(),
  currency: text().notNull(),
  receipt: text(),
  notes: jsonb().$type<Record<string, string>>().notNull().default({}),
  /** created, attempted (a payment failed), paid. */
  status: text().notNull().default('created'),
  attempts: integer().notNull().default(0),
  /** A charge on a mandate (renewal): the app's idempotency key, so a retry charges once. */
  idempotencyKey: text().unique('sandbox_orders_idempotency_unique'),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** A payment attempt on an order. At most one per order is ever captured. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: 'cascade' }),
    amountPaise: integer().notNull(),
    currency: text().notNull(),
    /** captured, failed or refunded. */
    status: text().notNull(),
    method: text().notNull(),
    vpa: text(),
    cardLast4: text(),
    cardNetwork: text(),
    email: text(),
    contact: text(),
    errorCode: text(),
    errorDescription: text(),
    errorReason: text(),
    amountRefundedPaise: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_payments_one_capture_per_order')
      .on(t.orderId)
      .where(sql`${t.status} <> 'failed'`),
    index('sandbox_payments_order_idx').on(t.orderId),
  ],
);

/** A refund at the gateway; a repeated idempotency key answers the same refund. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text().primaryKey(),
    paymentId: text()
      .notNull()
      .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
    amountPaise: integer().notNull(),
    idempotencyKey: text(),
    notes: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_refunds_idempotency_unique').on(t.idempotencyKey)],
);

/**
 * Webhooks the gateway owes the app, sent a moment after the event by the sandbox-webhooks job
 * and retried with backoff until the app answers 2xx.
 */
export const sandboxWebhooks = pgTable(
  'sandbox_webhooks',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: text().notNull(),
    event: text().notNull(),
    /** The exact bytes that are signed and sent. */
    body: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_webhooks_event_unique').on(t.eventId),
    index('sandbox_webhooks_due_idx').on(t.deliveredAt, t.nextAttemptAt),
  ],
);

/**
 * A standing instruction (Razorpay's recurring token): made when an order opened for recurring
 * payments is paid, so later renewals are charged without the shopper. The shopper chose in the
 * checkout whether its renewals succeed or are declined, to try both outcomes.
 */
export const sandboxMandates = pgTable('sandbox_mandates', {
  /** `token_` and 14 characters. */
  id: text().primaryKey(),
  paymentId: text()
    .notNull()
    .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
  method: text().notNull(),
  /** succeed or fail: what charging this mandate does. */
  renewals: text().notNull().default('succeed'),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
