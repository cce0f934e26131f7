import { COUPON_MESSAGES } from '../constants/coupon-messages.js';
import type { COUPON_TYPES } from '../constants/states.js';
import { paiseToRupees, roundTo2, rupeesToPaise } from './money.js';

export type CouponType = (typeof COUPON_TYPES)[number];

/** A coupon's terms (DECISIONS.md 'Coupons'). Money in rupees. */
export interface CouponTerms {
  code: string;
  type: CouponType;
  /** Percent off (1 to 100) for 'percent'; rupees off for 'flat'. */
  value: number;
  /** The subtotal must be at least this (rupees); 0 for no minimum. */
  minSubtotal: number;
  /** The most it takes off (rupees); null for no cap. */
  maxDiscount: number | null;
  /** Only for a shopper with no booking whose payment completed. */
  firstOrderOnly: boolean;
  /** Uses per shopper; null for unlimited. */
  perUserLimit: number | null;
  /** Uses by all shoppers together; null for unlimited. */
  totalLimit: number | null;
  /** First valid instant (inclusive); null for no start. */
  validFrom: Date | null;
  /** Last valid instant (inclusive); null for no end. */
  validTo: Date | null;
  active: boolean;
}

/** Everything checkCoupon needs besides the terms; the caller passes the clock. */
export interface CouponContext {
  now: Date;
  /** The cart subtotal in rupees, as the server computed it. */
  subtotal: number;
  isFirstOrder: boolean;
  /** This shopper's counted (or held) uses of the coupon. */
  usesByShopper: number;
  /** Counted (or held) uses by all shoppers. */
  usesTotal: number;
}

export type CouponCheck =
  { ok: true; discount: number; message: string } | { ok: false; message: string };

/** A code as stored and compared: trimmed and upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** True when two codes are the same coupon (case-insensitive, ignoring surrounding spaces). */
export function sameCouponCode(a: string, b: string): boolean {
  return normalizeCouponCode(a) === normalizeCouponCode(b);
}

/** Checks the code a shopper typed: 'Coupon code required' when it is empty, else undefined. */
export function couponCodeProblem(entered: string): string | undefined {
  return normalizeCouponCode(entered) === '' ? COUPON_MESSAGES.codeRequired : undefined;
}

/** The coupon with this code (case-insensitive), if any. */
export function findCoupon<T extends { code: string }>(
  coupons: readonly T[],
  entered: string,
): T | undefined {
  const code = normalizeCouponCode(entered);
  if (code === '') return undefined;
  return coupons.find((coupon) => normalizeCouponCode(coupon.code) === code);
}

/**
 * What the coupon takes off a subtotal, in rupees rounded to 2 decimals, ignoring eligibility:
 * percent or flat amount, capped by maxDiscount and by the subtotal, never negative.
 */
export function couponDiscount(
  terms: Pick<CouponTerms, 'type' | 'value' | 'maxDiscount'>,
  subtotal: number,
): number {
  const base = Number.isFinite(subtotal) ? Math.max(0, roundTo2(subtotal)) : 0;
  const value = Number.isFinite(terms.value) ? Math.max(0, terms.value) : 0;
  let discount = terms.type === 'percent' ? (base * Math.min(value, 100)) / 100 : value;
  if (terms.maxDiscount !== null) discount = Math.min(discount, Math.max(0, terms.maxDiscount));
  const paise = Math.min(rupeesToPaise(roundTo2(discount)), rupeesToPaise(base));
  return paiseToRupees(Math.max(0, paise));
}

function isBefore(a: Date, b: Date): boolean {
  return a.getTime() < b.getTime();
}

/**
 * Whether a coupon applies, and its discount (DECISIONS.md 'Coupons'). Checks in this order, the
 * first failure wins: unknown or inactive; not yet valid; expired (validFrom and validTo are both
 * inclusive); used up by everyone; already used by this shopper; first order only; below the
 * minimum subtotal; nothing to discount (subtotal 0). Pass undefined or null for an unknown code.
 */
export function checkCoupon(
  terms: CouponTerms | null | undefined,
  context: CouponContext,
): CouponCheck {
  if (!terms?.active) return { ok: false, message: COUPON_MESSAGES.invalid };
  const { now } = context;
  if (terms.validFrom !== null && isBefore(now, terms.validFrom)) {
    return { ok: false, message: COUPON_MESSAGES.notYetValid };
  }
  if (terms.validTo !== null && isBefore(terms.validTo, now)) {
    return { ok: false, message: COUPON_MESSAGES.expired };
  }
  if (terms.totalLimit !== null && context.usesTotal >= terms.totalLimit) {
    return { ok: false, message: COUPON_MESSAGES.usedUp };
  }
  if (terms.perUserLimit !== null && context.usesByShopper >= terms.perUserLimit) {
    return { ok: false, message: COUPON_MESSAGES.alreadyUsed };
  }
  if (terms.firstOrderOnly && !context.isFirstOrder) {
    return { ok: false, message: COUPON_MESSAGES.firstOrderOnly };
  }
  const subtotalPaise = Number.isFinite(context.subtotal)
    ? Math.max(0, rupeesToPaise(context.subtotal))
    : 0;
  const minPaise = Math.max(0, rupeesToPaise(terms.minSubtotal));
  if (subtotalPaise < minPaise) {
    const message = COUPON_MESSAGES.belowMinimum(
      paiseToRupees(minPaise),
      paiseToRupees(minPaise - subtotalPaise),
    );
    return { ok: false, message };
  }
  if (subtotalPaise === 0) return { ok: false, message: COUPON_MESSAGES.nothingToDiscount };
  const discount = couponDiscount(terms, paiseToRupees(subtotalPaise));
  return { ok: true, discount, message: COUPON_MESSAGES.applied(discount) };
}
