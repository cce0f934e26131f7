import { formatRupees } from '../pricing/money.js';
import { FREE_DELIVERY_MIN_SUBTOTAL } from '../pricing/order-totals.js';

/**
 * What the cart's Order Summary says under a delivery fee (DECISIONS.md 'Delivery fee and
 * insurance'): how far the free plan is from free delivery. With a coupon the gap is in the
 * amount after its discount, so that is what the words say.
 */
export const DELIVERY_MESSAGES = {
  addForFreeDelivery: (shortBy: number): string =>
    `Add ${formatRupees(shortBy)} more for free delivery.`,
  shortAfterCoupon: (shortBy: number): string =>
    `Delivery is free on ${formatRupees(FREE_DELIVERY_MIN_SUBTOTAL)} or more after the coupon discount: ${formatRupees(shortBy)} to go.`,
} as const;
