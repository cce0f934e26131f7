import {
  and,
  asc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { PURCHASE_AFTER_DAYS } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import {
  balanceOrderCharges,
  bookingCharges,
  bookingItems,
  bookings,
  payments,
  products,
  subscriptions,
  unitReservations,
} from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type ChargeRow = typeof bookingCharges.$inferSelect;
/** A charge a balance order was opened for: the amount asked then, and the charge as it is now. */
export interface OrderedCharge {
  charge: ChargeRow;
  askedPaise: number;
  applied: boolean;
}
export type ChargeWrite = Pick<
  typeof bookingCharges.$inferInsert,
  'bookingId' | 'bookingItemId' | 'kind' | 'day' | 'amountPaise' | 'reason'
>;

/** Charges a booking owes after its rental (decision 050): the only SQL on booking_charges. */
export function createChargesRepository(db: Database, clock: Clock) {
  return {
    /** Write charges; one already there (same line and day, or kind) is left as it is. */
    async raise(charges: ChargeWrite[]): Promise<ChargeRow[]> {
      if (charges.length === 0) return [];
      const at = clock.now();
      return db
        .insert(bookingCharges)
        .values(charges.map((charge) => ({ ...charge, createdAt: at })))
        .onConflictDoNothing()
        .returning();
    },

    async ofBookings(bookingIds: string[]): Promise<ChargeRow[]> {
      if (bookingIds.length === 0) return [];
      return db
        .select()
        .from(bookingCharges)
        .where(inArray(bookingCharges.bookingId, bookingIds))
        .orderBy(asc(bookingCharges.createdAt), asc(bookingCharges.day), asc(bookingCharges.id));
    },

    /** Record what a balance order was opened for: these charges, at these amounts. */
    async linkOrder(orderId: string, charges: Pick<ChargeRow, 'id' | 'amountPaise'>[]) {
      await db
        .insert(balanceOrderCharges)
        .values(charges.map((c) => ({ orderId, chargeId: c.id, amountPaise: c.amountPaise })));
    },

    /** The charges a balance order was opened for, locked (a payment on it is decided once). */
    async ofOrder(orderId: string): Promise<OrderedCharge[]> {
      const rows = await db
        .select({ charge: bookingCharges, link: balanceOrderCharges })
        .from(balanceOrderCharges)
        .innerJoin(bookingCharges, eq(bookingCharges.id, balanceOrderCharges.chargeId))
        .where(eq(balanceOrderCharges.orderId, orderId))
        .orderBy(asc(bookingCharges.createdAt), asc(bookingCharges.id))
        .for('update');
      return rows.map(({ charge, link }) => ({
        charge,
        askedPaise: link.amountPaise,
        applied: link.applied,
      }));
    },

    /** The order's payment pays its charges (each still due): they are paid, by this order. */
    async payByOrder(orderId: string, chargeIds: string[]): Promise<number> {
      const paid = await db
        .update(bookingCharges)
        .set({ status: 'paid', settledAt: clock.now() })
        .where(and(inArray(bookingCharges.id, chargeIds), eq(bookingCharges.status, 'due')))
        .returning({ id: bookingCharges.id });
      await db
        .update(balanceOrderCharges)
        .set({ applied: true })
        .where(
          and(
            eq(balanceOrderCharges.orderId, orderId),
            inArray(balanceOrderCharges.chargeId, chargeIds),
          ),
        );
      return paid.length;
    },

    /**
     * Bookings to remind of a balance due: a charge due since before `before`, and no reminder
     * since then. Oldest first.
     */
    async bookingsToRemind(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            or(isNull(bookings.balanceRemindedAt), lte(bookings.balanceRemindedAt, before)),
            exists(
              db
                .select({ one: sql`1` })
                .from(bookingCharges)
                .where(
                  and(
                    eq(bookingCharges.bookingId, bookings.id),
                    eq(bookingCharges.status, 'due'),
                    lte(bookingCharges.createdAt, before),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(bookings.balanceRemindedAt), asc(bookings.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Bookings whose shopper may be charged off-session for the balance: on a plan with a
     * standing instruction, a charge due, no piece still out (the balance is final), and no
     * off-session charge tried before.
     */
    async bookingsForOffSession(limit: number): Promise<string[]> {
      const now = clock.now();
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            // A shopper on a plan with a standing instruction for its charges.
            exists(
              db
                .select({ one: sql`1` })
                .from(subscriptions)
                .where(
                  and(
                    eq(subscriptions.userId, bookings.userId),
                    eq(subscriptions.status, 'active'),
                    isNotNull(subscriptions.mandateId),
                    gt(subscriptions.endDate, now),
                  ),
                ),
            ),
            exists(
              db
                .select({ one: sql`1` })
                .from(bookingCharges)
                .where(
                  and(eq(bookingCharges.bookingId, bookings.id), eq(bookingCharges.status, 'due')),
                ),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(unitReservations)
                .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
                .where(
                  and(
                    eq(bookingItems.bookingId, bookings.id),
                    isNotNull(unitReservations.dispatchedAt),
                    isNull(unitReservations.returnedAt),
                  ),
                ),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(payments)
                .where(
                  and(
                    eq(payments.bookingId, bookings.id),
                    eq(payments.purpose, 'balance'),
                    eq(payments.offSession, true),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(bookings.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Take the booking's reminder for now, unless one was sent since `before` (by another runner
     * meanwhile): true when this caller is to send it.
     */
    async claimReminder(bookingId: string, before: Date): Promise<boolean> {
      const rows = await db
        .update(bookings)
        .set({ balanceRemindedAt: clock.now() })
        .where(
          and(
            eq(bookings.id, bookingId),
            or(isNull(bookings.balanceRemindedAt), lte(bookings.balanceRemindedAt, before)),
          ),
        )
        .returning({ id: bookings.id });
      return rows.length > 0;
    },

    /** Waive a charge still due; false when it was not due (already paid or waived). */
    async waive(id: string, by: string, reason: string): Promise<boolean> {
      const rows = await db
        .update(bookingCharges)
        .set({ status: 'waived', settledAt: clock.now(), waivedBy: by, waiveReason: reason })
        .where(and(eq(bookingCharges.id, id), eq(bookingCharges.status, 'due')))
        .returning({ id: bookingCharges.id });
      return rows.length > 0;
    },

    /** Waive a line's late fees still due, those after `afterDay` when given. */
    async waiveLateFees(itemId: string, reason: string, afterDay?: string): Promise<number> {
      const rows = await db
        .update(bookingCharges)
        .set({ status: 'waived', settledAt: clock.now(), waivedBy: 'Pehnava', waiveReason: reason })
        .where(
          and(
            eq(bookingCharges.bookingItemId, itemId),
            eq(bookingCharges.kind, 'late-fee'),
            eq(bookingCharges.status, 'due'),
            afterDay ? gt(bookingCharges.day, afterDay) : undefined,
          ),
        )
        .returning({ id: bookingCharges.id });
      return rows.length;
    },

    /** The MRP of each product, in paise. */
    async mrpOf(productIds: string[]): Promise<Map<string, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, mrpPaise: products.mrpPaise })
        .from(products)
        .where(inArray(products.id, productIds));
      return new Map(rows.map((row) => [row.id, row.mrpPaise]));
    },

    /** A product's list price for a rental of `days` (2, 4, 7 or 14), in paise. */
    async rentalPriceOf(productId: string, days: number): Promise<number> {
      const column =
        days === 2
          ? products.twoDayPricePaise
          : days === 4
            ? products.fourDayPricePaise
            : days === 7
              ? products.sevenDayPricePaise
              : products.fourteenDayPricePaise;
      const [row] = await db
        .select({ paise: column })
        .from(products)
        .where(eq(products.id, productId));
      return row?.paise ?? 0;
    },

    /** What the line's late fees already paid came to. */
    async lateFeesPaid(itemId: string): Promise<number> {
      const [row] = await db
        .select({ paise: sql<number>`coalesce(sum(${bookingCharges.amountPaise}), 0)::int` })
        .from(bookingCharges)
        .where(
          and(
            eq(bookingCharges.bookingItemId, itemId),
            eq(bookingCharges.kind, 'late-fee'),
            eq(bookingCharges.status, 'paid'),
          ),
        );
      return row?.paise ?? 0;
    },

    /**
     * Bookings with a line past its end date (before `today`) and a piece still out: the late
     * fee job's work, oldest end first.
     */
    async bookingsWithPiecesOut(today: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ bookingId: bookingItems.bookingId, endDate: bookingItems.endDate })
        .from(bookingItems)
        .innerJoin(unitReservations, eq(unitReservations.bookingItemId, bookingItems.id))
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .where(
          and(
            lt(bookingItems.endDate, today),
            isNotNull(unitReservations.dispatchedAt),
            isNull(unitReservations.returnedAt),
            // Kept too long (to be treated as bought), or not yet charged for its last late day.
            or(
              sql`${today}::date > ${bookingItems.endDate} + ${PURCHASE_AFTER_DAYS}::int`,
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(bookingCharges)
                  .where(
                    and(
                      eq(bookingCharges.bookingItemId, bookingItems.id),
                      eq(bookingCharges.kind, 'late-fee'),
                      eq(
                        bookingCharges.day,
                        sql`least(${today}::date, ${bookingItems.endDate} + ${PURCHASE_AFTER_DAYS}::int)`,
                      ),
                    ),
                  ),
              ),
            ),
          ),
        )
        .orderBy(asc(bookingItems.endDate))
        .limit(limit);
      return [...new Set(rows.map((row) => row.bookingId))];
    },
  };
}

export type ChargesRepository = ReturnType<typeof createChargesRepository>;
