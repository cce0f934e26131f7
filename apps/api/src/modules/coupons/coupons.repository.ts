import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { couponUses, coupons } from '../../db/schema/index.js';

export type CouponWrite = typeof coupons.$inferInsert;
export type CouponRow = typeof coupons.$inferSelect;

/** Uses that count against a coupon's limits: held by a pending booking, or paid for. */
const LIVE_USE_STATUSES = ['held', 'counted'] as const;

export function createCouponsRepository(db: Database) {
  return {
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
