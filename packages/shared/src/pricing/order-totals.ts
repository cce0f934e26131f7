import type { RentalDuration } from '../constants/durations.js';
import type { PlanId } from '../constants/plans.js';
import type { Product } from '../contracts/catalogue.js';
import { paiseToRupees, rupeesToPaise } from './money.js';
import { normalizeQuantity } from './plan-price.js';
import { listPriceFor } from './rental.js';

/** Free-plan delivery fee in rupees when the order is below the free-delivery threshold. */
export const FREE_PLAN_DELIVERY_FEE = 99;
/** Free-plan orders with (subtotal − coupon discount) at or above this many rupees ship free. */
export const FREE_DELIVERY_MIN_SUBTOTAL = 1_999;
/** Optional insurance: this percent of (subtotal − coupon discount). */
export const INSURANCE_PERCENT = 10;

/** Money input as whole paise: non-finite or negative amounts count as 0. */
function toPaise(rupees: number): number {
  return Number.isFinite(rupees) && rupees > 0 ? rupeesToPaise(rupees) : 0;
}

/** (subtotal − discount) in paise; the discount is capped at the subtotal, so never negative. */
function discountedPaise(subtotal: number, discount: number): number {
  const subtotalPaise = toPaise(subtotal);
  return subtotalPaise - Math.min(toPaise(discount), subtotalPaise);
}

/**
 * Delivery fee in rupees (DECISIONS.md 'Delivery fee and insurance'). Free plan: ₹99 when
 * (subtotal − coupon discount) is below ₹1,999, else 0. Plus and pro: always 0. An empty order
 * (subtotal 0) has nothing to deliver and costs 0.
 */
export function deliveryFee(plan: PlanId, subtotal: number, discount = 0): number {
  if (plan !== 'free' || toPaise(subtotal) === 0) return 0;
  const belowThreshold = discountedPaise(subtotal, discount) < FREE_DELIVERY_MIN_SUBTOTAL * 100;
  return belowThreshold ? FREE_PLAN_DELIVERY_FEE : 0;
}

/**
 * How far (subtotal − coupon discount) is below free delivery, in rupees: what the free plan still
 * needs to reach ₹1,999. 0 whenever delivery costs nothing already (Plus and Pro, an empty order,
 * or at or above the threshold).
 */
export function freeDeliveryShortfall(plan: PlanId, subtotal: number, discount = 0): number {
  if (deliveryFee(plan, subtotal, discount) === 0) return 0;
  return paiseToRupees(FREE_DELIVERY_MIN_SUBTOTAL * 100 - discountedPaise(subtotal, discount));
}

/** Optional insurance in rupees: 10% of (subtotal − coupon discount), rounded to 2 decimals. */
export function insuranceFee(subtotal: number, discount = 0): number {
  return paiseToRupees((discountedPaise(subtotal, discount) * INSURANCE_PERCENT) / 100);
}

export interface OrderTotalsInput {
  plan: PlanId;
  /** Sum of the cart's line totals (priceCart), in rupees. */
  subtotal: number;
  /** Coupon discount in rupees (checkCoupon); 0 or omitted when none. */
  discount?: number;
  /** True when the shopper chose the optional insurance. */
  insurance: boolean;
  /** Back-up sizes' fees in rupees (backupFee × lines with one); added to the total on its own. */
  backupFees?: number;
}

/** An order's money, in rupees with at most 2 decimals. */
export interface OrderTotals {
  subtotal: number;
  /** The coupon discount, capped at the subtotal. */
  discount: number;
  deliveryFee: number;
  insurance: number;
  /** Back-up sizes' fees: outside the subtotal, so no coupon, threshold or insurance counts them. */
  backupFees: number;
  /** subtotal − discount + deliveryFee + insurance + backupFees, never negative. */
  total: number;
}

/**
 * The order's totals (SPEC.md §9): total = subtotal − coupon discount + delivery fee + insurance
 * (+ back-up sizes' fees, DECISIONS.md 'Back-up size'), rounded to 2 decimals. Negative or non-finite inputs count as 0 and the discount is capped at
 * the subtotal, so no figure is ever negative.
 */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotalPaise = toPaise(input.subtotal);
  const discountPaise = Math.min(toPaise(input.discount ?? 0), subtotalPaise);
  const subtotal = paiseToRupees(subtotalPaise);
  const discount = paiseToRupees(discountPaise);
  const fee = deliveryFee(input.plan, subtotal, discount);
  const insurance = input.insurance ? insuranceFee(subtotal, discount) : 0;
  const backupPaise = toPaise(input.backupFees ?? 0);
  const totalPaise =
    subtotalPaise - discountPaise + rupeesToPaise(fee) + rupeesToPaise(insurance) + backupPaise;
  return {
    subtotal,
    discount,
    deliveryFee: fee,
    insurance,
    backupFees: paiseToRupees(backupPaise),
    total: paiseToRupees(Math.max(0, totalPaise)),
  };
}

/** A cart item as stored: its rental length, quantity and the unit price fixed when it was added. */
export interface SavingsLine {
  product: Pick<
    Product,
    'twoDayRentalPrice' | 'fourDayRentalPrice' | 'sevenDayRentalPrice' | 'fourteenDayRentalPrice'
  >;
  duration: RentalDuration;
  /** Units; clamped to a whole number of at least 1, as in priceCart. */
  quantity: number;
  /** The unit price stored at add time, in rupees. */
  price: number;
}

/**
 * Cart savings in rupees (SPEC.md §9): the sum over items of (list price for the duration minus
 * the price stored at add time) times quantity. An item stored above its list price counts 0.
 */
export function cartSavings(lines: readonly SavingsLine[]): number {
  let savedPaise = 0;
  for (const line of lines) {
    const perUnit = toPaise(listPriceFor(line.product, line.duration)) - toPaise(line.price);
    savedPaise += Math.max(0, perUnit) * normalizeQuantity(line.quantity);
  }
  return paiseToRupees(savedPaise);
}
