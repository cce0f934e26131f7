import {
  boolean,
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
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_STATUSES } from '@pehnava/shared';
import { payments } from './payments.js';
import { users } from './users.js';

export interface PlanBenefitsRecord {
  premium: string;
  royal: string;
  luxury: string;
}

export const plans = pgTable('plans', {
  /** free, plus, pro */
  id: text().primaryKey(),
  name: text().notNull(),
  pricePaise: integer().notNull(),
  /** Days in one period; 0 for the free plan (no period). */
  durationDays: integer().notNull(),
  /** Items per period; null for no limit. */
  rentalLimit: integer(),
  features: jsonb().$type<string[]>().notNull(),
  benefits: jsonb().$type<PlanBenefitsRecord>().notNull(),
  /** free 0, plus 1, pro 2: a higher level is an upgrade. */
  level: integer().notNull(),
  active: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text()
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    status: subscriptionStatus().notNull().default('active'),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    autoRenew: boolean().notNull().default(true),
    /** The payment that bought this period: one payment never starts two periods. */
    paymentId: uuid().references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /** The provider's standing instruction the renewal is charged to (null: none given). */
    mandateId: text(),
    /** When the mail announcing the renewal charge was written (once per period). */
    reminderSentAt: timestamp({ withTimezone: true }),
    /** Renewal tries that could not reach the provider, and when the next may run (a lease too). */
    renewalAttempts: integer().notNull().default(0),
    renewalNextAttemptAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** At most one active subscription per shopper. */
    uniqueIndex('subscriptions_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('subscriptions_renewal_idx').on(t.status, t.endDate),
    uniqueIndex('subscriptions_payment_unique').on(t.paymentId),
  ],
);
