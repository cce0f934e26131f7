import { sql, type SQLWrapper } from 'drizzle-orm';
import { addDays } from '@pehnava/shared';

/** Days a unit is blocked before a rental's start (dispatch) and after its end (return, cleaning). */
export interface ReservationDays {
  leadDays: number;
  turnaroundDays: number;
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
