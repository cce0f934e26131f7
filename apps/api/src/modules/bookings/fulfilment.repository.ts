import { and, asc, between, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { addDays } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import {
  bookingCharges,
  bookingItems,
  bookings,
  products,
  unitReservations,
  users,
} from '../../db/schema/index.js';
import { piecesOfItems } from './inventory.repository.js';

/**
 * What the packing table and the returns desk read: paid bookings' lines by the day they leave
 * or are due back, with their shoppers and pieces. Read-only; the writes are inventory's.
 */
export function createFulfilmentRepository(db: Database) {
  async function lines(where: SQL) {
    const rows = await db
      .select({
        booking: bookings,
        shopper: { name: users.name, email: users.email },
        item: bookingItems,
        product: { productId: products.productId, name: products.name },
        lateFeesPaise: sql<number>`(
          select coalesce(sum(${bookingCharges.amountPaise}), 0) from ${bookingCharges}
          where ${bookingCharges.bookingItemId} = ${bookingItems.id}
            and ${bookingCharges.kind} = 'late-fee' and ${bookingCharges.status} <> 'waived')`.mapWith(
          Number,
        ),
      })
      .from(bookingItems)
      .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
      .innerJoin(products, eq(products.id, bookingItems.productId))
      .leftJoin(users, eq(users.id, bookings.userId))
      .where(and(eq(bookings.paymentStatus, 'completed'), where))
      .orderBy(asc(bookings.createdAt), asc(bookings.id), asc(bookingItems.position))
      .limit(2000);
    const pieces = await piecesOfItems(
      db,
      rows.map((row) => row.item.id),
    );
    return rows.map((row) => ({
      ...row,
      pieces: pieces.filter((piece) => piece.itemId === row.item.id),
    }));
  }

  /** A line with a piece sent and not back. */
  const stillOut = sql`exists (
    select 1 from ${unitReservations}
    where ${unitReservations.bookingItemId} = ${bookingItems.id}
      and ${unitReservations.dispatchedAt} is not null
      and ${unitReservations.returnedAt} is null)`;

  /** A line with a piece set aside and not yet sent on a booking already sent: an exchange. */
  const exchangeWaiting = sql`exists (
    select 1 from ${unitReservations}
    where ${unitReservations.bookingItemId} = ${bookingItems.id}
      and ${unitReservations.active}
      and ${unitReservations.dispatchedAt} is null)`;

  return {
    /**
     * Lines of paid bookings (not cancelled) to send on `day`: those starting `leadDays` later
     * within the warehouse's city, a day later for each further day of transit to their address
     * (DECISIONS.md 'Delivery promise'). The start is bounded first, so its index still serves.
     */
    toSendOn: (day: string, leadDays: number, longestTransit: number) =>
      lines(
        and(
          between(
            bookingItems.startDate,
            addDays(day, leadDays),
            addDays(day, leadDays + longestTransit - 1),
          ),
          sql`${bookingItems.startDate} = ${day}::date + (${leadDays - 1} + ${bookings.transitDays})`,
          inArray(bookings.status, ['confirmed', 'processing', 'shipped']),
        )!,
      ),

    /** Lines of sent bookings due back on `endDate`. */
    endingOn: (endDate: string) =>
      lines(
        and(eq(bookingItems.endDate, endDate), inArray(bookings.status, ['shipped', 'delivered']))!,
      ),

    /**
     * Lines of bookings already with their shoppers whose fit-window exchange is not sent yet
     * (issue [N]): they go out as soon as they can, so every day's list from today has them.
     */
    exchangesWaiting: () =>
      lines(and(inArray(bookings.status, ['shipped', 'delivered']), exchangeWaiting)!),

    /** Lines whose end date is before `today` with a piece still out. */
    overdue: (today: string) => lines(and(lt(bookingItems.endDate, today), stillOut)!),
  };
}

export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;
export type FulfilmentLine = Awaited<ReturnType<FulfilmentRepository['overdue']>>[number];
