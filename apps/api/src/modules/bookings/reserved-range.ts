import { sql, type SQLWrapper } from 'drizzle-orm';
import { addDays } from '@pehnava/shared';

/** Days a unit is blocked before a rental's start (dispatch) and after its end (return, cleaning). */
export interface ReservationDays {
  leadDays: number;
  turnaroundDays: number;
}

/**
 * The days held for a rental to a pincode `transitDays` away (DECISIONS.md 'Delivery promise'):
 * from start − transit to end + transit + the cleaning days. `base` is the warehouse's own city,
 * 1 day away (RESERVATION_LEAD_DAYS before, RESERVATION_TURNAROUND_DAYS after); each day further
 * adds a day on either side.
 */
export function reservationDaysFor(base: ReservationDays, transitDays: number): ReservationDays {
  const further = Math.max(0, transitDays - 1);
  return {
    leadDays: base.leadDays + further,
    turnaroundDays: base.turnaroundDays + further,
  };
}

/**
 * The days a rental keeps a physical unit, both inclusive: from `leadDays` before its start
 * (dispatch) to `turnaroundDays` after its end (return, cleaning, quality check). The one
 * definition (DECISIONS.md 'Inventory and availability'): checkout reserves it, cart add and the
 * product page's calendar ask whether it is free, and `reservedRangeSql` says the same in SQL.
 */
export function reservedRange(
  rental: { startDate: string; endDate: string },
  { leadDays, turnaroundDays }: ReservationDays,
): { blockedFrom: string; blockedUntil: string } {
  return {
    blockedFrom: addDays(rental.startDate, -leadDays),
    blockedUntil: addDays(rental.endDate, turnaroundDays),
  };
}

/**
 * `reservedRange` for dates held in SQL (columns or placeholders), for a query that checks many
 * rentals in one statement (the cart's lines).
 */
export function reservedRangeSql(
  startDate: SQLWrapper,
  endDate: SQLWrapper,
  days: { leadDays: SQLWrapper; turnaroundDays: SQLWrapper },
) {
  return {
    blockedFrom: sql`${startDate} - ${days.leadDays}::int`,
    blockedUntil: sql`${endDate} + ${days.turnaroundDays}::int`,
  };
}
