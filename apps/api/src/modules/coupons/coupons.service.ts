import {
  MESSAGES,
  checkCoupon,
  couponCodeProblem,
  normalizeCouponCode,
  orderTotals,
  paiseToRupees,
  rupeesToPaise,
  type ApplyCouponResponse,
  type CouponTerms,
} from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/http-error.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import type { CartService } from '../cart/cart.service.js';
import type { CouponRow, CouponsRepository } from './coupons.repository.js';

export interface CouponsServiceDeps {
  repository: CouponsRepository;
  cart: Pick<CartService, 'current'>;
  /** Whether the shopper has paid for a booking (first-order coupons). */
  bookings: Pick<BookingsService, 'hasPaidBooking'>;
  clock: Clock;
}

/** A stored coupon's terms in rupees, as checkCoupon reads them. */
export function toCouponTerms(row: CouponRow): CouponTerms {
  return {
    code: row.code,
    type: row.type,
    value: row.type === 'flat' ? paiseToRupees(row.value) : row.value,
    minSubtotal: paiseToRupees(row.minSubtotalPaise),
    maxDiscount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
    firstOrderOnly: row.firstOrderOnly,
    perUserLimit: row.perUserLimit,
    totalLimit: row.totalLimit,
    validFrom: row.validFrom,
    validTo: row.validTo,
    active: row.active,
  };
}

export function createCouponsService({ repository, cart, bookings, clock }: CouponsServiceDeps) {
  return {
    /**
     * POST /api/coupon/apply: the coupon checked against the shopper's own cart as the server
     * prices it (a subtotal sent by the client is never read). Nothing is held or counted here;
     * a booking holds the use.
     */
    async apply(
      userId: string,
      enteredCode: string,
    ): Promise<Omit<ApplyCouponResponse, 'success'>> {
      const problem = couponCodeProblem(enteredCode);
      if (problem) throw badRequest(problem);
      const { entries, total, subscription } = await cart.current(userId);
      if (entries.length === 0) throw badRequest(MESSAGES.cartEmpty);

      const row = await repository.findByCode(normalizeCouponCode(enteredCode));
      const [uses, hasPaidOrder] = row
        ? await Promise.all([repository.liveUses(row.id, userId), bookings.hasPaidBooking(userId)])
        : [{ byShopper: 0, total: 0 }, false];
      const check = checkCoupon(row ? toCouponTerms(row) : undefined, {
        now: clock.now(),
        subtotal: total,
        isFirstOrder: !hasPaidOrder,
        usesByShopper: uses.byShopper,
        usesTotal: uses.total,
      });
      if (!row || !check.ok) throw badRequest(check.message);

      const totals = orderTotals({
        plan: subscription.plan,
        subtotal: total,
        discount: check.discount,
        insurance: false,
      });
      return {
        discountAmount: totals.discount,
        newTotal: paiseToRupees(rupeesToPaise(totals.subtotal) - rupeesToPaise(totals.discount)),
        coupon: { code: normalizeCouponCode(row.code) },
        message: check.message,
        deliveryFee: totals.deliveryFee,
        totalWithDelivery: totals.total,
      };
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
