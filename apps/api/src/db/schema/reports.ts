import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_WANTS } from '@pehnava/shared';
import { bookingItems, bookings, unitReservations } from './bookings.js';
import { refunds } from './payments.js';

export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportWant = pgEnum('report_want', REPORT_WANTS);
export const reportOutcome = pgEnum('report_outcome', REPORT_OUTCOMES);

/**
 * A piece reported in the fit window (24 hours after delivery) and what was done: another size or
 * piece set aside for the rest of the dates (`exchangeHoldId`, a hold of the line not yet sent),
 * or the line refunded (`refundId`, `refundPaise`; nothing to refund for a free line). One report
 * per line, decided once.
 */
export const itemReports = pgTable(
  'item_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingItemId: uuid()
      .notNull()
      .references(() => bookingItems.id, { onDelete: 'cascade' }),
    reason: reportReason().notNull(),
    want: reportWant().notNull(),
    outcome: reportOutcome().notNull(),
    /** The size asked for in an exchange. */
    size: text(),
    note: text(),
    exchangeHoldId: uuid().references(() => unitReservations.id, { onDelete: 'restrict' }),
    refundId: uuid().references(() => refunds.id, { onDelete: 'restrict' }),
    refundPaise: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('item_reports_once_per_item').on(t.bookingItemId),
    index('item_reports_booking_idx').on(t.bookingId),
    check(
      'item_reports_outcome',
      sql`(${t.outcome} = 'exchange' and ${t.exchangeHoldId} is not null and ${t.refundId} is null and ${t.refundPaise} = 0)
        or (${t.outcome} = 'refund' and ${t.exchangeHoldId} is null and ${t.refundPaise} >= 0
          and (${t.refundId} is null) = (${t.refundPaise} = 0))`,
    ),
  ],
);
