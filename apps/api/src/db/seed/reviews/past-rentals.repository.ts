import { notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../client.js';
import {
  bookingEvents,
  bookingItems,
  bookings,
  captures,
  couponUses,
  payments,
  productUnits,
  refunds,
  reviewHelpfulVotes,
  reviews,
  sandboxOrders,
  sandboxPayments,
  sandboxRefunds,
  unitEvents,
  unitReservations,
  users,
} from '../../schema/index.js';
import type { UnitRef } from '../scale/bookings.js';
import type { PastRentals } from './past-rentals.js';

/** Held while the past rentals are checked for and written: two processes seeding write them once. */
const PAST_RENTALS_LOCK = 7_340_272;

/** The standard seed's past rentals: whether the shop has any booking yet, its units, the write. */
export function createPastRentalsRepository(db: Database) {
  return {
    /** Whether anyone has booked anything yet. */
    async hasBookings(): Promise<boolean> {
      const [any] = await db.select({ id: bookings.id }).from(bookings).limit(1);
      return any !== undefined;
    },

    /** Every unit that may be reserved (not in repair, not retired). */
    reservableUnits(): Promise<UnitRef[]> {
      return db
        .select({
          id: productUnits.id,
          code: productUnits.code,
          productId: productUnits.productId,
          size: productUnits.size,
          unitNumber: productUnits.unitNumber,
        })
        .from(productUnits)
        .where(notInArray(productUnits.state, ['repair', 'retired']))
        .orderBy(productUnits.code);
    },

    /**
     * Write them in one transaction, unless the shop has a booking by then (made by anyone, or by
     * another process seeding at the same moment): true when written.
     */
    async writeIntoAnEmptyShop(rentals: PastRentals): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PAST_RENTALS_LOCK})`);
        const [any] = await tx.select({ id: bookings.id }).from(bookings).limit(1);
        if (any) return false;
        const { bookings: rows, units } = rentals;
        const insert = async <T extends Parameters<typeof tx.insert>[0]>(
          table: T,
          values: T['$inferInsert'][],
        ) => {
          if (values.length > 0) await tx.insert(table).values(values);
        };
        await insert(users, rentals.users);
        await insert(bookings, rows.bookings);
        await insert(bookingItems, rows.items);
        await insert(unitReservations, rows.reservations);
        await insert(sandboxOrders, rows.sandboxOrders);
        await insert(sandboxPayments, rows.sandboxPayments);
        await insert(sandboxRefunds, rows.sandboxRefunds);
        await insert(payments, rows.payments);
        await insert(captures, rows.captures);
        await insert(refunds, rows.refunds);
        await insert(couponUses, rows.couponUses);
        await insert(bookingEvents, rows.bookingEvents);
        await insert(unitEvents, units.unitEvents);
        if (units.unitStates.length > 0) {
          // Where each unit is now, in one statement.
          const states = JSON.stringify(
            units.unitStates.map((u) => ({ ...u, stateChangedAt: u.stateChangedAt.toISOString() })),
          );
          await tx.execute(sql`
            update product_units u set state = t."state", state_note = t."stateNote",
              state_changed_at = t."stateChangedAt", ready_on = t."readyOn"
            from jsonb_to_recordset(${states}::jsonb) as t("id" uuid, "state" unit_state,
              "stateNote" text, "stateChangedAt" timestamptz, "readyOn" date)
            where u.id = t."id"`);
        }
        // One statement: migration 0022's trigger counts them into product_ratings at once.
        await insert(reviews, rentals.reviews);
        await insert(reviewHelpfulVotes, rentals.votes);
        return true;
      });
    },
  };
}

export type PastRentalsRepository = ReturnType<typeof createPastRentalsRepository>;
