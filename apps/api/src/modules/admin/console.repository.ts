import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  bookingCharges,
  bookingItems,
  bookings,
  productUnits,
  products,
  unitReservations,
  users,
} from '../../db/schema/index.js';

/** Rows a board section shows at most: a day's work, not the whole history. */
export const BOARD_LIMIT = 200;

/**
 * What the operator console's Today board and check-in preview read beyond the dispatch and
 * return lists (issue [K]). Read-only: every write is the bookings and units modules'.
 */
export function createConsoleRepository(db: Database) {
  const shopper = { name: users.name, email: users.email };
  return {
    /** Holds not yet sent whose unit cannot serve them, soonest first. */
    async atRisk() {
      return db
        .select({
          bookingId: bookings.id,
          shopper,
          productId: products.productId,
          name: products.name,
          size: bookingItems.size,
          startDate: bookingItems.startDate,
          unitCode: productUnits.code,
          atRiskSince: unitReservations.atRiskSince,
        })
        .from(unitReservations)
        .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .innerJoin(products, eq(products.id, bookingItems.productId))
        .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
        .leftJoin(users, eq(users.id, bookings.userId))
        .where(
          and(
            eq(unitReservations.active, true),
            isNotNull(unitReservations.atRiskSince),
            isNull(unitReservations.dispatchedAt),
            inArray(bookings.status, ['confirmed', 'processing', 'shipped', 'delivered']),
          ),
        )
        .orderBy(asc(bookingItems.startDate), asc(bookings.id))
        .limit(BOARD_LIMIT);
    },

    /** Checkouts still waiting for their payment while their hold lasts, newest first. */
    async awaitingPayment(now: Date) {
      return db
        .select({
          bookingId: bookings.id,
          shopper,
          totalPaise: bookings.totalPaise,
          createdAt: bookings.createdAt,
          expiresAt: bookings.expiresAt,
        })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.userId))
        .where(and(eq(bookings.status, 'pending'), gt(bookings.expiresAt, now)))
        .orderBy(desc(bookings.createdAt))
        .limit(BOARD_LIMIT);
    },

    /** Bookings with charges still due, the oldest debt first. */
    async chargesDue() {
      const due = db
        .select({
          bookingId: bookingCharges.bookingId,
          amountPaise: sum(bookingCharges.amountPaise).mapWith(Number).as('amount_paise'),
          charges: count().as('charges'),
          // Milliseconds since the epoch: a timestamp read through a subquery is not mapped.
          oldestAt: sql<number>`extract(epoch from min(${bookingCharges.createdAt})) * 1000`
            .mapWith(Number)
            .as('oldest_at'),
        })
        .from(bookingCharges)
        .where(eq(bookingCharges.status, 'due'))
        .groupBy(bookingCharges.bookingId)
        .as('due');
      return db
        .select({
          bookingId: due.bookingId,
          shopper,
          amountPaise: due.amountPaise,
          charges: due.charges,
          oldestAt: due.oldestAt,
        })
        .from(due)
        .innerJoin(bookings, eq(bookings.id, due.bookingId))
        .leftJoin(users, eq(users.id, bookings.userId))
        .orderBy(asc(due.oldestAt), asc(due.bookingId))
        .limit(BOARD_LIMIT);
    },

    /**
     * The unit with this tag code, its product, and (when it is out with a shopper) the hold it
     * went out on, with that line and booking.
     */
    async unitForCheckIn(code: string) {
      const [row] = await db
        .select({
          unit: {
            id: productUnits.id,
            code: productUnits.code,
            state: productUnits.state,
            size: productUnits.size,
          },
          product: {
            productId: products.productId,
            name: products.name,
            mrpPaise: products.mrpPaise,
          },
        })
        .from(productUnits)
        .innerJoin(products, eq(products.id, productUnits.productId))
        .where(eq(productUnits.code, code));
      if (!row) return undefined;
      const [out] = await db
        .select({
          item: {
            id: bookingItems.id,
            startDate: bookingItems.startDate,
            endDate: bookingItems.endDate,
            appliedPlan: bookingItems.appliedPlan,
          },
          booking: {
            id: bookings.id,
            status: bookings.status,
            insuranceSelected: bookings.insuranceSelected,
            deliveryAddress: bookings.deliveryAddress,
          },
          shopper,
        })
        .from(unitReservations)
        .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .leftJoin(users, eq(users.id, bookings.userId))
        .where(
          and(
            eq(unitReservations.unitId, row.unit.id),
            isNotNull(unitReservations.dispatchedAt),
            isNull(unitReservations.returnedAt),
          ),
        );
      return { ...row, out };
    },
  };
}

export type ConsoleRepository = ReturnType<typeof createConsoleRepository>;
