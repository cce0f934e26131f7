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

    /** Held or counted uses of the coupon: by this shopper, and by everyone. */
    async liveUses(
      couponId: string,
      userId: string,
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
          ),
        );
      return { byShopper: Number(row?.byShopper ?? 0), total: Number(row?.total ?? 0) };
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
