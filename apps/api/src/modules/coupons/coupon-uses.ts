import { checkCoupon, couponCodeProblem, normalizeCouponCode } from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { Clock } from '../../lib/clock.js';
import { toCouponTerms } from './coupons.service.js';

/** A coupon that applies to a booking: its row, its code as shown, and the discount in rupees. */
export interface CouponFit {
  id: string;
  code: string;
  discount: number;
}

/** What decides whether a coupon applies to a booking (DECISIONS.md 'Coupons'). */
export interface CouponAsk {
  code: string;
  userId: string;
  /** The booking's subtotal in rupees, as the server priced it. */
  subtotal: number;
  /** No paid, standing booking of the shopper (other than the one being decided). */
  isFirstOrder: boolean;
  /** Leave out the uses this shopper's unpaid checkouts hold (a new checkout is about to let them go). */
  ignoreOwnHolds?: boolean;
}

/**
 * Coupon use, owned by the coupons module: a booking holds a use while it waits for its payment,
 * the use is counted when the payment is applied and released otherwise. Checkout and the payment
 * decision ask here whether a coupon still applies, inside their own transactions.
 */
export function createCouponUses(clock: Clock) {
  /** Check the coupon; `lock` takes its row first, so bookings holding it take turns. */
  async function check(
    repos: Pick<Repositories, 'coupons'>,
    ask: CouponAsk,
    { lock }: { lock: boolean },
  ): Promise<{ ok: true; coupon: CouponFit; message: string } | { ok: false; message: string }> {
    const code = normalizeCouponCode(ask.code);
    const problem = couponCodeProblem(code);
    if (problem) return { ok: false, message: problem };
    const found = await repos.coupons.findByCode(code);
    const row = found && lock ? await repos.coupons.lockById(found.id) : found;
    const uses = row
      ? await repos.coupons.liveUses(row.id, ask.userId, {
          ignoreOwnHolds: ask.ignoreOwnHolds ?? false,
        })
      : { byShopper: 0, total: 0 };
    const verdict = checkCoupon(row ? toCouponTerms(row) : undefined, {
      now: clock.now(),
      subtotal: ask.subtotal,
      isFirstOrder: ask.isFirstOrder,
      usesByShopper: uses.byShopper,
      usesTotal: uses.total,
    });
    if (!row || !verdict.ok) return { ok: false, message: verdict.message };
    return {
      ok: true,
      coupon: { id: row.id, code: row.code.toUpperCase(), discount: verdict.discount },
      message: verdict.message,
    };
  }

  return {
    check,

    /** A pending booking holds a use of the coupon. */
    async holdIn(
      repos: Pick<Repositories, 'coupons'>,
      use: { couponId: string; userId: string; bookingId: string; discountPaise: number },
    ): Promise<void> {
      await repos.coupons.holdUse({ ...use, at: clock.now() });
    },

    /** The booking's payment was applied: its use counts against the coupon's limits for good. */
    async countIn(repos: Pick<Repositories, 'coupons'>, bookingId: string): Promise<void> {
      await repos.coupons.setUseStatus(bookingId, 'counted', clock.now());
    },

    /** The booking let go of the coupon (its hold ended, or it was cancelled and refunded). */
    async releaseIn(repos: Pick<Repositories, 'coupons'>, bookingId: string): Promise<void> {
      await repos.coupons.setUseStatus(bookingId, 'released', clock.now());
    },
  };
}

export type CouponUses = ReturnType<typeof createCouponUses>;
