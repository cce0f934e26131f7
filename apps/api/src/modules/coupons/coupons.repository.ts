import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { couponUses, coupons } from '../../db/schema/index.js';

export type CouponWrite = typeof coupons.$inferInsert;
export type CouponRow = typeof coupons.$inferSelect;

/** Uses that count against a coupon's limits: held by a pending booking, or paid for. */
const LIVE_USE_STATUSES = ['held', 'counted'] as const;

/**
 * A coupon's uses held and counted, read with the coupon in the same query: the coupon joined to
 * its uses (on the (coupon, status) index) and grouped by the coupon, so a page of coupons costs
 * one query, not one per row. (The join also makes Drizzle name every column with its table.)
 */
const useCount = (status: 'held' | 'counted') =>
  sql<number>`count(${couponUses.id}) filter (where ${couponUses.status} = ${status})`.mapWith(
    Number,
  );
const withUses = { coupon: coupons, held: useCount('held'), counted: useCount('counted') };
const selectWithUses = (db: Database) =>
  db
    .select(withUses)
    .from(coupons)
    .leftJoin(couponUses, eq(couponUses.couponId, coupons.id))
    .$dynamic();

/** A coupon with its uses, as the admin console lists it. */
export interface CouponWithUses {
  coupon: CouponRow;
  held: number;
  counted: number;
}

export function createCouponsRepository(db: Database) {
  return {
    /**
     * The admin list: coupons whose code or description contains `q` (any case), optionally only
     * active or paused ones, newest first, a page at a time, with their uses; and how many match.
     */
    async adminList(
      filters: { q?: string; active?: boolean },
      page: number,
      pageSize: number,
    ): Promise<{ rows: CouponWithUses[]; total: number }> {
      const where = and(
        filters.q
          ? sql`(position(upper(${filters.q}) in upper(${coupons.code})) > 0
              or position(lower(${filters.q}) in lower(${coupons.description})) > 0)`
          : undefined,
        filters.active === undefined ? undefined : eq(coupons.active, filters.active),
      );
      const [rows, [counted]] = await Promise.all([
        selectWithUses(db)
          .where(where)
          .groupBy(coupons.id)
          .orderBy(desc(coupons.createdAt), desc(coupons.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(coupons).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** One coupon with its uses. */
    async findWithUses(id: string): Promise<CouponWithUses | undefined> {
      const [row] = await selectWithUses(db).where(eq(coupons.id, id)).groupBy(coupons.id);
      return row;
    },

    /**
     * A new coupon; its id. A code already taken (in any case) fails on the unique index
     * coupons_code_unique, which the caller answers as a conflict: the index, not a look first,
     * decides, so two operators creating the same code at once cannot both succeed.
     */
    async insertCoupon(coupon: CouponWrite): Promise<string> {
      const [row] = await db
        .insert(coupons)
        .values({ ...coupon, code: coupon.code.toUpperCase() })
        .returning({ id: coupons.id });
      return row!.id;
    },

    /** Change a coupon's attributes (the same unique index guards a changed code). */
    async updateCoupon(id: string, changes: Partial<Omit<CouponWrite, 'id'>>): Promise<void> {
      await db
        .update(coupons)
        .set(
          changes.code === undefined ? changes : { ...changes, code: changes.code.toUpperCase() },
        )
        .where(eq(coupons.id, id));
    },

    /** Write a coupon if its code is new; an existing coupon (perhaps edited) is kept. */
    async insertCouponIfAbsent(coupon: CouponWrite): Promise<boolean> {
      const rows = await db
        .insert(coupons)
        .values({ ...coupon, code: coupon.code.toUpperCase() })
        .onConflictDoNothing()
        .returning({ id: coupons.id });
      return rows.length > 0;
    },

    /** The coupon with this code, compared case-insensitively (as its unique index does). */
    async findByCode(code: string): Promise<CouponRow | undefined> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`)
        .limit(1);
      return row;
    },

    /**
     * Held or counted uses of the coupon: by this shopper, and by everyone. With
     * `ignoreOwnHolds`, uses this shopper's unpaid checkouts hold are left out (a new checkout is
     * about to release them).
     */
    async liveUses(
      couponId: string,
      userId: string,
      { ignoreOwnHolds = false } = {},
    ): Promise<{ byShopper: number; total: number }> {
      const [row] = await db
        .select({
          total: sql<string>`count(*)`,
          byShopper: sql<string>`count(*) filter (where ${couponUses.userId} = ${userId})`,
        })
        .from(couponUses)
        .where(
          and(
            eq(couponUses.couponId, couponId),
            inArray(couponUses.status, [...LIVE_USE_STATUSES]),
            ignoreOwnHolds
              ? sql`not (${couponUses.userId} = ${userId} and ${couponUses.status} = 'held')`
              : undefined,
          ),
        );
      return { byShopper: Number(row?.byShopper ?? 0), total: Number(row?.total ?? 0) };
    },

    /**
     * The coupon, locked until the end of the transaction: bookings holding the same coupon take
     * turns, so each counts the uses the one before it left (a single-use coupon is held once).
     */
    async lockById(id: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
      return row;
    },

    /** A pending booking holds a use of the coupon. */
    async holdUse(use: {
      couponId: string;
      userId: string;
      bookingId: string;
      discountPaise: number;
      at: Date;
    }): Promise<void> {
      await db.insert(couponUses).values({
        couponId: use.couponId,
        userId: use.userId,
        bookingId: use.bookingId,
        discountPaise: use.discountPaise,
        status: 'held',
        createdAt: use.at,
        updatedAt: use.at,
      });
    },

    /** The booking's use changes state (held → counted when paid, held → released otherwise). */
    async setUseStatus(
      bookingId: string,
      status: 'held' | 'counted' | 'released',
      at: Date,
    ): Promise<void> {
      await db
        .update(couponUses)
        .set({ status, updatedAt: at })
        .where(eq(couponUses.bookingId, bookingId));
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
