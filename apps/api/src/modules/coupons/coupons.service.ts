import {
  MESSAGES,
  couponCodeProblem,
  normalizeCouponCode,
  orderTotals,
  paiseToRupees,
  rupeesToPaise,
  type ApplyCouponResponse,
  type CouponTerms,
} from '@pehnava/shared';
import { badRequest } from '../../lib/http-error.js';
import type { BookingsRepository } from '../bookings/bookings.repository.js';
import type { CartService } from '../cart/cart.service.js';
import type { CouponUses } from './coupon-uses.js';
import type { CouponRow, CouponsRepository } from './coupons.repository.js';

export interface CouponsServiceDeps {
  repository: CouponsRepository;
  cart: Pick<CartService, 'current'>;
  /** Whether the shopper has a paid, standing booking (first-order coupons). */
  bookings: Pick<BookingsRepository, 'hasPaidBooking'>;
  couponUses: Pick<CouponUses, 'check'>;
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

export function createCouponsService({
  repository,
  cart,
  bookings,
  couponUses,
}: CouponsServiceDeps) {
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

      const fit = await couponUses.check(
        { coupons: repository },
        {
          code: enteredCode,
          userId,
          subtotal: total,
          isFirstOrder: !(await bookings.hasPaidBooking(userId)),
        },
        { lock: false },
      );
      if (!fit.ok) throw badRequest(fit.message);

      const totals = orderTotals({
        plan: subscription.plan,
        subtotal: total,
        discount: fit.coupon.discount,
        insurance: false,
      });
      return {
        discountAmount: totals.discount,
        newTotal: paiseToRupees(rupeesToPaise(totals.subtotal) - rupeesToPaise(totals.discount)),
        coupon: { code: normalizeCouponCode(fit.coupon.code) },
        message: fit.message,
        deliveryFee: totals.deliveryFee,
        totalWithDelivery: totals.total,
      };
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
