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

export interface UtilisationRow {
  id: string;
  product_code: string;
  name: string;
  units: number;
  days_in_service: number;
  days_out: number;
  total: number;
}

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
          // The hold's own size: a fit-window exchange's differs from its line's.
          size: productUnits.size,
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
     * Per product with pieces, over `from`–`to` (days in India, inclusive): the days its pieces
     * were in service (from the day each was made to the day it was retired) and the days they
     * were out with shoppers (from the day sent to the day back, or `today` while still out), most
     * used first; one page of them and how many there are.
     */
    async utilisation(from: string, to: string, today: string, page: number, pageSize: number) {
      const result = await db.execute(sql`
        with service as (
          select u.product_id,
            count(*) filter (where span.days > 0)::int as units,
            coalesce(sum(span.days), 0)::int as days
          from product_units u
          cross join lateral (
            select greatest(0, least(${to}::date,
                coalesce((u.retired_at at time zone 'Asia/Kolkata')::date - 1, ${to}::date))
              - greatest(${from}::date, (u.created_at at time zone 'Asia/Kolkata')::date) + 1) as days
          ) span
          group by u.product_id
        ),
        out as (
          select u.product_id,
            coalesce(sum(greatest(0, least(${to}::date, coalesce(r.returned_on, ${today}::date))
              - greatest(${from}::date, (r.dispatched_at at time zone 'Asia/Kolkata')::date) + 1)), 0)::int
              as days
          from unit_reservations r
          join product_units u on u.id = r.unit_id
          where r.dispatched_at is not null
          group by u.product_id
        )
        select p.id, p.product_id as product_code, p.name, s.units, s.days as days_in_service,
          least(coalesce(o.days, 0), s.days) as days_out, count(*) over ()::int as total
        from service s
        join products p on p.id = s.product_id
        left join out o on o.product_id = s.product_id
        where s.days > 0
        order by least(coalesce(o.days, 0), s.days)::float / s.days desc, p.product_id
        limit ${pageSize} offset ${(page - 1) * pageSize}
      `);
      // Both drivers answer `rows` (the Database type leaves the result's shape open).
      return (result as unknown as { rows: UtilisationRow[] }).rows;
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
