import {
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
