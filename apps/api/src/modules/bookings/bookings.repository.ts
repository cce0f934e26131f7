import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { compiledInsert, compiledStatement } from '../../db/compiled.js';
import {
  bookingEvents,
  bookingItems,
  bookings,
  products,
  subscriptions,
  users,
  type DeliveryAddressRecord,
  type DeliveryTrackingRecord,
} from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { piecesOfItems, type Piece } from './inventory.repository.js';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingItemRow = typeof bookingItems.$inferSelect;

/** A booking to store, priced by the server. Money in paise. */
export interface BookingWrite {
  id: string;
  userId: string;
  paymentProvider: string;
  subtotalPaise: number;
  discountPaise: number;
  deliveryFeePaise: number;
  insuranceSelected: boolean;
  insurancePaise: number;
  /** Back-up sizes' fees (0 when none). */
  backupFeesPaise?: number;
  totalPaise: number;
  couponCode: string | null;
  deliveryAddress: DeliveryAddressRecord;
  /** Transit days to the address's pincode (1 within the warehouse's city). */
  transitDays: number;
  expiresAt: Date;
}

export type BookingItemWrite = Omit<typeof bookingItems.$inferInsert, 'id' | 'bookingId'>;

/** A booking's item with what the shopper sees of its product. */
export interface BookingItemWithProduct extends BookingItemRow {
  product: { id: string; productId: string; name: string; images: string[] };
  /** Its units: held, sent or back (inventory.repository.ts). */
  pieces: Piece[];
}

/**
 * A booking the shopper has paid for and that stands (not cancelled, so not refunded): the one
 * definition of "a paid booking", for first-order coupons and the plan's rental limit alike. A
 * cancelled booking was refunded in full: it is as if it had never been made.
 */
export const paidAndStanding = () =>
  sql`${bookings.paymentStatus} = 'completed' and ${bookings.status} <> 'cancelled'`;

/**
 * Items (times quantity) in a shopper's paid, standing bookings made in [from, to), as an SQL
 * expression: the one definition of what the rental limit counts. The arguments may be values or
 * columns of an outer query (subscriptions.repository.ts reads it beside the plan in one
 * statement).
 */
export function paidItemsSql(userId: SQLWrapper, from: SQLWrapper, to: SQLWrapper) {
  return sql<number>`(
    select coalesce(sum(${bookingItems.quantity}), 0) from ${bookingItems}
    inner join ${bookings} on ${bookings.id} = ${bookingItems.bookingId}
    where ${bookings.userId} = ${userId}
      and ${paidAndStanding()}
      and ${bookings.createdAt} >= ${from}
      and ${bookings.createdAt} < ${to})`.mapWith(Number);
}

// The statements of checkout and of a payment's confirmation: built once per process (decision 059).
const paidBookingOf = compiledStatement('bookings_paid_of_user', (db) =>
  db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, sql.placeholder('userId')), paidAndStanding()))
    .limit(1),
);
const otherPaidBookingOf = compiledStatement('bookings_other_paid_of_user', (db) =>
  db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, sql.placeholder('userId')),
        paidAndStanding(),
        ne(bookings.id, sql.placeholder('except')),
      ),
    )
    .limit(1),
);
// Read by every payment's confirmation: what a checkout still holding its pieces was priced
// without, another of the shopper's bookings paid or a plan period begun, ended or changed since,
// asked in one statement.
const shopperChangedSinceOf = compiledStatement('bookings_shopper_changed_since', (db) =>
  db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, sql.placeholder('userId')),
        ne(bookings.id, sql.placeholder('except')),
        eq(bookings.paymentStatus, 'completed'),
        gte(bookings.confirmedAt, sql.placeholder('since')),
      ),
    )
    .unionAll(
      db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, sql.placeholder('userId')),
            or(
              gte(subscriptions.createdAt, sql.placeholder('since')),
              gte(subscriptions.updatedAt, sql.placeholder('since')),
            ),
          ),
        ),
    )
    .limit(1),
);
const bookingForUpdate = compiledStatement('bookings_lock_by_id', (db) =>
  db
    .select()
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('id')))
    .for('update'),
);
const bookingById = compiledStatement('bookings_by_id', (db) =>
  db
    .select()
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('id'))),
);
const pendingOfUser = compiledStatement('bookings_pending_of_user', (db) =>
  db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, sql.placeholder('userId')), eq(bookings.status, 'pending')))
    .for('update'),
);

const insertBookings = compiledInsert('bookings_insert', (db, rows: Record<string, unknown>[]) =>
  db.insert(bookings).values(rows as (typeof bookings.$inferInsert)[]),
);
const insertBookingItems = compiledInsert(
  'booking_items_insert',
  (db, rows: Record<string, unknown>[]) =>
    db
      .insert(bookingItems)
      .values(rows as (typeof bookingItems.$inferInsert)[])
      .returning({ id: bookingItems.id, position: bookingItems.position }),
);

const confirmBooking = compiledStatement('bookings_mark_confirmed', (db) =>
  db
    .update(bookings)
    .set({
      status: 'confirmed',
      paymentStatus: 'completed',
      providerPaymentId: sql`${sql.placeholder('providerPaymentId')}`,
      paymentMethod: sql`${sql.placeholder('method')}`,
      confirmedAt: sql`${sql.placeholder('at')}`,
      cancelledAt: null,
      updatedAt: sql`${sql.placeholder('at')}`,
    })
    .where(and(eq(bookings.id, sql.placeholder('id')), ne(bookings.paymentStatus, 'completed')))
    .returning({ id: bookings.id }),
);

/** Bookings and their items. The bookings module is the one place that defines them. */
/** The operators' search: e-mail, booking number, or the digits of a phone number. */
function matches(q: string) {
  // A number typed with its country code (+91 98200 12345) is still the 10-digit number.
  const digits = q.replace(/\D/g, '').slice(-10);
  const phone = (column: SQLWrapper) =>
    sql`position(${digits} in regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')) > 0`;
  return sql`(position(lower(${q}) in lower(coalesce(${users.email}, ''))) > 0
    or position(upper(${q}) in upper(right(${bookings.id}::text, 8))) > 0
    ${digits.length >= 4 ? sql`or ${phone(sql`${bookings.deliveryAddress}->>'phone'`)} or ${phone(users.phone)}` : sql``})`;
}

export function createBookingsRepository(db: Database, clock: Clock) {
  return {
    /**
     * True when the shopper has a paid booking that stands (no first order left), other than
     * `except` (a booking whose own late payment is being decided).
     */
    async hasPaidBooking(userId: string, except?: string): Promise<boolean> {
      const rows = except
        ? await otherPaidBookingOf(db).execute({ userId, except })
        : await paidBookingOf(db).execute({ userId });
      return rows.length > 0;
    },

    /**
     * True when, at or after `since`, another booking of the shopper (not `except`) was paid or a
     * plan period of theirs began, ended or changed: what a checkout still holding its pieces was
     * priced without (a first order, a plan's rental limit, the plan's prices).
     */
    async shopperChangedSince(userId: string, since: Date, except: string): Promise<boolean> {
      const rows = await shopperChangedSinceOf(db).execute({
        userId,
        except,
        since: since.toISOString(),
      });
      return rows.length > 0;
    },

    async insertBooking(booking: BookingWrite): Promise<void> {
      const at = clock.now();
      await insertBookings(db, [{ ...booking, createdAt: at, updatedAt: at }]);
    },

    /** The booking's items, in order; returns their ids in the same order. */
    async insertItems(bookingId: string, items: BookingItemWrite[]): Promise<string[]> {
      const rows = await insertBookingItems(
        db,
        items.map((item) => ({ ...item, bookingId })),
      );
      return rows.sort((a, b) => a.position - b.position).map((row) => row.id);
    },

    /**
     * A line now served by another product or size (a booking at risk, issue [N]): its price and
     * dates stay as paid.
     */
    async changeItemPiece(
      bookingId: string,
      itemId: string,
      piece: { productId: string; size: string },
    ): Promise<void> {
      await db
        .update(bookingItems)
        .set({ productId: piece.productId, size: piece.size })
        .where(and(eq(bookingItems.id, itemId), eq(bookingItems.bookingId, bookingId)));
      await db.update(bookings).set({ updatedAt: clock.now() }).where(eq(bookings.id, bookingId));
    },

    /** The booking, locked until the end of the transaction (one confirmation at a time). */
    async lockBooking(id: string): Promise<BookingRow | undefined> {
      const [row] = await bookingForUpdate(db).execute({ id });
      return row;
    },

    async findBooking(id: string): Promise<BookingRow | undefined> {
      const [row] = await bookingById(db).execute({ id });
      return row;
    },

    /** The shopper's bookings still waiting for payment. */
    async pendingOf(userId: string): Promise<BookingRow[]> {
      return pendingOfUser(db).execute({ userId });
    },

    /** pending → confirmed, payment completed. False when the booking was no longer pending. */
    async markConfirmed(
      id: string,
      payment: { providerPaymentId: string; method: string },
    ): Promise<boolean> {
      const rows = await confirmBooking(db).execute({
        id,
        providerPaymentId: payment.providerPaymentId,
        method: payment.method,
        at: clock.now().toISOString(),
      });
      return rows.length > 0;
    },

    /** pending → cancelled with payment failed (expired or given up). False when not pending. */
    async markExpired(id: string): Promise<boolean> {
      const at = clock.now();
      const rows = await db
        .update(bookings)
        .set({ status: 'cancelled', paymentStatus: 'failed', cancelledAt: at, updatedAt: at })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'pending')))
        .returning({ id: bookings.id });
      return rows.length > 0;
    },

    /**
     * A paid booking → cancelled, from one of the statuses given (the shopper: confirmed; an
     * operator: confirmed or processing). False when it was in none of them.
     */
    async markCancelled(
      id: string,
      from: BookingRow['status'][] = ['confirmed'],
    ): Promise<boolean> {
      const at = clock.now();
      const rows = await db
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
        .where(and(eq(bookings.id, id), inArray(bookings.status, from)))
        .returning({ id: bookings.id });
      return rows.length > 0;
    },

    /** Move the booking from one status to the next; false when it was not in `from`. */
    async moveStatus(
      id: string,
      from: BookingRow['status'],
      to: BookingRow['status'],
    ): Promise<boolean> {
      const rows = await db
        .update(bookings)
        .set({ status: to, updatedAt: clock.now() })
        .where(and(eq(bookings.id, id), eq(bookings.status, from)))
        .returning({ id: bookings.id });
      return rows.length > 0;
    },

    /** An operator says the booking reached the shopper: the fit window starts now. */
    /**
     * An extension moves lines' end dates: each only if it still ends on `fromEnd` (true when
     * every line moved; the caller's transaction is rolled back otherwise).
     */
    async moveEndDates(moves: { itemId: string; fromEnd: string; toEnd: string }[]) {
      let moved = 0;
      for (const move of moves) {
        const rows = await db
          .update(bookingItems)
          .set({ endDate: move.toEnd })
          .where(and(eq(bookingItems.id, move.itemId), eq(bookingItems.endDate, move.fromEnd)))
          .returning({ id: bookingItems.id });
        moved += rows.length;
      }
      return moved === moves.length;
    },

    async markDelivered(id: string): Promise<void> {
      await db
        .update(bookings)
        .set({ deliveredAt: clock.now() })
        .where(and(eq(bookings.id, id), isNull(bookings.deliveredAt)));
    },

    async setTracking(id: string, tracking: DeliveryTrackingRecord): Promise<void> {
      await db
        .update(bookings)
        .set({ deliveryTracking: tracking, updatedAt: clock.now() })
        .where(eq(bookings.id, id));
    },

    /** Keep one entry of the booking's audit trail. */
    async recordEvent(event: Omit<typeof bookingEvents.$inferInsert, 'id' | 'createdAt'>) {
      await db.insert(bookingEvents).values({ ...event, createdAt: clock.now() });
    },

    async eventsOf(bookingId: string) {
      return db
        .select()
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, bookingId))
        .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.seq));
    },

    /**
     * Operators' list: newest first, filtered; `q` is part of the shopper's e-mail or of the
     * booking number (the id's last 8 characters), in any case, or (4 digits or more) of the
     * delivery phone or the account's phone, spaces and signs ignored; `from`–`to` bound the start date
     * of some item. Returns one page and the count of all that match.
     */
    async adminList(
      filters: {
        status?: BookingRow['status'];
        paymentStatus?: BookingRow['paymentStatus'];
        from?: string;
        to?: string;
        q?: string;
      },
      page: number,
      pageSize: number,
    ) {
      const where = and(
        filters.status ? eq(bookings.status, filters.status) : undefined,
        filters.paymentStatus ? eq(bookings.paymentStatus, filters.paymentStatus) : undefined,
        filters.from || filters.to
          ? sql`exists (select 1 from ${bookingItems} where ${bookingItems.bookingId} = ${bookings.id}
              ${filters.from ? sql`and ${bookingItems.startDate} >= ${filters.from}::date` : sql``}
              ${filters.to ? sql`and ${bookingItems.startDate} <= ${filters.to}::date` : sql``})`
          : undefined,
        filters.q ? matches(filters.q) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            booking: bookings,
            shopper: { id: users.id, name: users.name, email: users.email },
          })
          .from(bookings)
          .leftJoin(users, eq(users.id, bookings.userId))
          .where(where)
          .orderBy(desc(bookings.createdAt), desc(bookings.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(bookings)
          .leftJoin(users, eq(users.id, bookings.userId))
          .where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** The booking with its shopper (null once their account is gone). */
    async withShopper(id: string) {
      const [row] = await db
        .select({
          booking: bookings,
          shopper: { id: users.id, name: users.name, email: users.email },
        })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.userId))
        .where(eq(bookings.id, id));
      return row;
    },

    /** The booking's items in order, with their products' name, code and images. */
    async itemsOf(bookingIds: string[]): Promise<BookingItemWithProduct[]> {
      if (bookingIds.length === 0) return [];
      const rows = await db
        .select({
          item: bookingItems,
          product: {
            id: products.id,
            productId: products.productId,
            name: products.name,
            images: products.images,
          },
        })
        .from(bookingItems)
        .innerJoin(products, eq(products.id, bookingItems.productId))
        .where(inArray(bookingItems.bookingId, bookingIds))
        .orderBy(asc(bookingItems.bookingId), asc(bookingItems.position));
      const pieces = await piecesOfItems(
        db,
        rows.map((row) => row.item.id),
      );
      return rows.map((row) => ({
        ...row.item,
        product: row.product,
        pieces: pieces.filter((piece) => piece.itemId === row.item.id),
      }));
    },

    /** The shopper's bookings, newest first. */
    async listOf(userId: string): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(eq(bookings.userId, userId))
        .orderBy(desc(bookings.createdAt), desc(bookings.id));
    },

    /**
     * For an account being deleted (DECISIONS.md 'Accounts'): paid bookings stay for the accounts
     * with the recipient's name, phone, street and landmark removed (city, state and PIN code
     * remain for tax records); unpaid ones go, releasing what they held. Run it in the deletion's
     * own transaction. Returns the ids of the bookings kept.
     */
    async forgetShopper(userId: string): Promise<string[]> {
      const kept = await db
        .update(bookings)
        .set({
          deliveryAddress: sql`${bookings.deliveryAddress} || '{"name":"","phone":"","street":"","landmark":""}'::jsonb`,
          updatedAt: clock.now(),
        })
        .where(and(eq(bookings.userId, userId), eq(bookings.paymentStatus, 'completed')))
        .returning({ id: bookings.id });
      await db
        .delete(bookings)
        .where(and(eq(bookings.userId, userId), ne(bookings.paymentStatus, 'completed')));
      return kept.map((row) => row.id);
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
