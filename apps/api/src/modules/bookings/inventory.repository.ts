import { and, asc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookingItems, productUnits, unitReservations } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { constraintViolation } from '../../lib/db-errors.js';

/**
 * An active reservation's blocked days overlap [from, until], both inclusive: the exclusion
 * constraint's own daterange test (migration 0001), so its index serves it. The one definition of
 * "this piece is taken for those days"; `from` and `until` may be values or SQL expressions.
 */
export function blocksDays(from: SQLWrapper, until: SQLWrapper) {
  return sql`${unitReservations.active}
    and daterange(${unitReservations.blockedFrom}, ${unitReservations.blockedUntil}, '[]')
      && daterange(${from}, ${until}, '[]')`;
}

/**
 * Physical units and the days they are reserved: the only SQL on unit_reservations. The exclusion
 * constraint on the table (migration 0001) has the last word on every reservation.
 */
export function createInventoryRepository(db: Database, clock: Clock) {
  return {
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
     * Units of the product in this size (not retired) with no active reservation over
     * [from, until], both inclusive, as this transaction sees them, at most `limit`; the
     * exclusion constraint has the last word when another transaction takes one at the same
     * moment. The overlap is the constraint's own daterange test, so its index serves it.
     */
    async freeUnits(productId: string, size: string, from: string, until: string, limit = 1000) {
      const rows = await db
        .select({ id: productUnits.id })
        .from(productUnits)
        .where(
          and(
            eq(productUnits.productId, productId),
            eq(productUnits.size, size),
            isNull(productUnits.retiredAt),
            sql`not exists (
              select 1 from ${unitReservations}
              where ${unitReservations.unitId} = ${productUnits.id}
                and ${blocksDays(sql`${from}::date`, sql`${until}::date`)})`,
          ),
        )
        .orderBy(asc(productUnits.unitNumber))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Try to block a unit inside a savepoint: false when the exclusion constraint refuses it
     * (another booking holds it over these dates), so the caller can try the next unit without
     * losing its transaction.
     */
    async tryReserveUnit(reservation: {
      unitId: string;
      bookingItemId: string;
      blockedFrom: string;
      blockedUntil: string;
    }): Promise<boolean> {
      try {
        await db.transaction(async (savepoint) => {
          await savepoint
            .insert(unitReservations)
            .values({ ...reservation, createdAt: clock.now() });
        });
        return true;
      } catch (error) {
        if (exclusionIn(error)) return false;
        throw error;
      }
    },

    /** Every unit of the product (not retired) by size, and its active reservations in a range. */
    async unitsAndReservations(productId: string, from: string, until: string) {
      const [units, reservations] = await Promise.all([
        db
          .select({ id: productUnits.id, size: productUnits.size })
          .from(productUnits)
          .where(and(eq(productUnits.productId, productId), isNull(productUnits.retiredAt))),
        db
          .select({
            unitId: unitReservations.unitId,
            blockedFrom: unitReservations.blockedFrom,
            blockedUntil: unitReservations.blockedUntil,
          })
          .from(unitReservations)
          .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
          .where(
            and(
              eq(productUnits.productId, productId),
              blocksDays(sql`${from}::date`, sql`${until}::date`),
            ),
          ),
      ]);
      return { units, reservations };
    },

    /** Free every unit the booking holds (history is kept: the rows turn inactive). */
    async releaseReservations(bookingId: string): Promise<void> {
      const at = clock.now();
      await db
        .update(unitReservations)
        .set({ active: false, releasedAt: at })
        .where(
          and(
            eq(unitReservations.active, true),
            inArray(
              unitReservations.bookingItemId,
              db
                .select({ id: bookingItems.id })
                .from(bookingItems)
                .where(eq(bookingItems.bookingId, bookingId)),
            ),
          ),
        );
    },
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;

/** True when a database error (however wrapped) is an exclusion violation (SQLSTATE 23P01). */
function exclusionIn(error: unknown): boolean {
  return constraintViolation(error)?.kind === 'exclusion';
}
