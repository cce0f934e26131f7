import { and, eq, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookingItems, bookings, unitReservations } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

/**
 * Items (times quantity) in a shopper's paid bookings made in [from, to), as an SQL expression:
 * the one definition of what the rental limit counts. The arguments may be values or columns of
 * an outer query (subscriptions.repository.ts reads it beside the plan in one statement).
 */
export function paidItemsSql(userId: SQLWrapper, from: SQLWrapper, to: SQLWrapper) {
  return sql<number>`(
    select coalesce(sum(${bookingItems.quantity}), 0) from ${bookingItems}
    inner join ${bookings} on ${bookings.id} = ${bookingItems.bookingId}
    where ${bookings.userId} = ${userId}
      and ${bookings.paymentStatus} = 'completed'
      and ${bookings.createdAt} >= ${from}
      and ${bookings.createdAt} < ${to})`.mapWith(Number);
}

/** Bookings and their items. The bookings module is the one place that defines them. */
export function createBookingsRepository(db: Database, clock: Clock) {
  return {
    /** True when the shopper has a booking whose payment completed. */
    async hasCompletedBooking(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.userId, userId), eq(bookings.paymentStatus, 'completed')))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Block a physical unit for a booking item over [blockedFrom, blockedUntil], both inclusive.
     * The exclusion constraint refuses it (SQLSTATE 23P01) when an active reservation of the same
     * unit overlaps: the last line of defence against promising one piece twice.
     */
    async reserveUnit(reservation: {
      unitId: string;
      bookingItemId: string;
      blockedFrom: string;
      blockedUntil: string;
    }): Promise<void> {
      await db.insert(unitReservations).values({ ...reservation, createdAt: clock.now() });
    },

    /**
     * For an account being deleted (DECISIONS.md 'Accounts'): paid bookings stay for the accounts
     * with the recipient's name, phone, street and landmark removed (city, state and PIN code
     * remain for tax records); unpaid ones go, releasing what they held. Run it in the deletion's
     * own transaction.
     */
    async forgetShopper(userId: string): Promise<void> {
      await db
        .update(bookings)
        .set({
          deliveryAddress: sql`${bookings.deliveryAddress} || '{"name":"","phone":"","street":"","landmark":""}'::jsonb`,
          updatedAt: clock.now(),
        })
        .where(and(eq(bookings.userId, userId), eq(bookings.paymentStatus, 'completed')));
      await db
        .delete(bookings)
        .where(and(eq(bookings.userId, userId), ne(bookings.paymentStatus, 'completed')));
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
