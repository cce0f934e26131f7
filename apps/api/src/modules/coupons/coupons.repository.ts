import type { Database } from '../../db/client.js';
import { coupons } from '../../db/schema/index.js';

export type CouponWrite = typeof coupons.$inferInsert;

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
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
