import { formatRupees } from '../pricing/money.js';

/** What a shopper sees when applying a coupon (SPEC.md §5, DECISIONS.md 'Coupons'). */
export const COUPON_MESSAGES = {
  /** SPEC.md §5: the code field is empty. */
  codeRequired: 'Coupon code required',
  /** No coupon has this code, or it is switched off. */
  invalid: 'Invalid coupon',
  notYetValid: 'This coupon is not active yet. Please try again once the offer starts.',
  expired: 'Sorry, this coupon has expired.',
  alreadyUsed: 'You have already used this coupon.',
  usedUp: 'Sorry, this coupon has been fully redeemed.',
  firstOrderOnly: 'This coupon is only for your first order.',
  nothingToDiscount: 'Your subtotal is ₹0, so there is nothing for this coupon to take off.',
  /** The subtotal is below the coupon's minimum; says the minimum and what is missing. */
  belowMinimum: (minSubtotal: number, shortBy: number): string =>
    `This coupon needs a subtotal of at least ${formatRupees(minSubtotal)}. Add items worth ${formatRupees(shortBy)} more to use it.`,
  /** 'Coupon applied: -₹750'. */
  applied: (discount: number): string => `Coupon applied: -${formatRupees(discount)}`,
} as const;
