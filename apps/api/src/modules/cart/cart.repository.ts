import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { compiledStatement } from '../../db/compiled.js';
import { cartItems, productUnits, unitReservations, users } from '../../db/schema/index.js';
import { blocksDays, holdsOwnUnpaidCheckout } from '../bookings/inventory.repository.js';
import { reservableUnit } from '../units/units.repository.js';
import { reservedRangeSql, type ReservationDays } from '../bookings/reserved-range.js';
import {
  currentPlanQuery,
  type CurrentPlanRow,
} from '../subscriptions/subscriptions.repository.js';
import { accountColumns, type AccountRow } from '../users/users.repository.js';

export type CartItemRow = typeof cartItems.$inferSelect;

/** A new cart line as the server computed it. Money in paise; quantity is always 1. */
export interface CartItemWrite {
  userId: string;
  productId: string;
  size: string;
  durationDays: number;
  startDate: string;
  endDate: string;
  pricePaise: number;
}

/** Which entry to remove: the shopper's line for this product, with these terms where given. */
export interface CartItemKey {
  productId: string;
  size?: string;
  durationDays?: number;
  startDate?: string;
}

/** Product ids are uuid columns: anything else cannot match a row (and must not reach SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A shopper's cart read in one statement: the account (for the session check, plugins/auth.ts),
 * the lines in cart order and the plan in effect. No account: no such user, and nothing else.
 */
export interface CartRead {
  account: AccountRow | undefined;
  /** Each line with whether a unit is still free for its dates (see `readCart`). */
  items: (CartItemRow & { datesAvailable: boolean })[];
  plan: CurrentPlanRow | undefined;
}

// Every cart view reads the account, the lines and the plan in effect in one statement (one
// round trip): built once per process, and a named prepared statement on PostgreSQL (decisions
// 040 and 059).
const cartOf = compiledStatement('cart_read_of_user', (db) => {
  const lineRange = reservedRangeSql(cartItems.startDate, cartItems.endDate, {
    leadDays: sql.placeholder('leadDays'),
    turnaroundDays: sql.placeholder('turnaroundDays'),
  });
  // A line's dates are still free when some unit of its size has no active reservation over the
  // blocked range, other than the shopper's own pending bookings (a checkout not yet paid holds
  // the very lines it came from).
  const lineUnitFree = sql<boolean>`exists (
    select 1 from ${productUnits}
    where ${productUnits.productId} = ${cartItems.productId}
      and ${productUnits.size} = ${cartItems.size}
      and ${reservableUnit()}
      and not exists (
        select 1 from ${unitReservations}
        where ${unitReservations.unitId} = ${productUnits.id}
          and ${blocksDays(lineRange.blockedFrom, lineRange.blockedUntil)}
          and not ${holdsOwnUnpaidCheckout(users.id)}))`;
  const currentPlan = currentPlanQuery(db, users.id, sql.placeholder('now')).as('current_plan');
  return db
    .select({
      account: accountColumns,
      item: cartItems,
      datesAvailable: lineUnitFree,
      plan: {
        planId: currentPlan.planId,
        startDate: currentPlan.startDate,
        endDate: currentPlan.endDate,
        autoRenew: currentPlan.autoRenew,
        rentalLimit: currentPlan.rentalLimit,
        itemsRented: currentPlan.itemsRented,
      },
    })
    .from(users)
    .leftJoinLateral(currentPlan, sql`true`)
    .leftJoin(cartItems, eq(cartItems.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
});
const itemsOf = compiledStatement('cart_items_of_user', (db) =>
  db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
);

export function createCartRepository(db: Database) {
  return {
    /** The shopper's cart lines in the order they were added. */
    async listItems(userId: string): Promise<CartItemRow[]> {
      return itemsOf(db).execute({ userId });
    },

    /**
     * The account, the cart lines in cart order (each with whether its dates are still free) and
     * the plan in effect at `now`: one statement.
     */
    async readCart(userId: string, now: Date, days: ReservationDays): Promise<CartRead> {
      const rows = await cartOf(db).execute({ userId, now: now.toISOString(), ...days });
      return {
        account: rows[0]?.account,
        items: rows.flatMap((row) =>
          row.item ? [{ ...row.item, datesAvailable: row.datesAvailable }] : [],
        ),
        plan: rows[0]?.plan ?? undefined,
      };
    },

    /**
     * Add a line unless the shopper already has this product in the cart. The unique index on
     * (user, product) decides, so two concurrent adds cannot both succeed. Returns whether a row
     * was written.
     */
    async insertItem(item: CartItemWrite): Promise<boolean> {
      const rows = await db
        .insert(cartItems)
        .values({ ...item, quantity: 1 })
        .onConflictDoNothing({ target: [cartItems.userId, cartItems.productId] })
        .returning({ id: cartItems.id });
      return rows.length > 0;
    },

    /** Remove this shopper's matching line. Returns whether one was removed. */
    async removeItem(userId: string, key: CartItemKey): Promise<boolean> {
      if (!UUID.test(key.productId)) return false;
      const rows = await db
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.userId, userId),
            eq(cartItems.productId, key.productId.toLowerCase()),
            key.size === undefined ? undefined : eq(cartItems.size, key.size),
            key.durationDays === undefined
              ? undefined
              : eq(cartItems.durationDays, key.durationDays),
            key.startDate === undefined ? undefined : eq(cartItems.startDate, key.startDate),
          ),
        )
        .returning({ id: cartItems.id });
      return rows.length > 0;
    },

    /** Remove the shopper's lines for these products (a paid booking's lines leave the cart). */
    async removeProducts(userId: string, productIds: string[]): Promise<void> {
      if (productIds.length === 0) return;
      await db
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
    },

    /** A line re-priced for a new plan: its length, end date and unit price. */
    async reprice(
      id: string,
      line: { durationDays: number; endDate: string; pricePaise: number },
    ): Promise<void> {
      await db.update(cartItems).set(line).where(eq(cartItems.id, id));
    },

    async clear(userId: string): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
