import type { ProductCategory } from '../constants/categories.js';
import {
  FREE_PLAN_DURATIONS,
  PAID_PLAN_DURATION,
  type RentalDuration,
} from '../constants/durations.js';
import type { PlanId } from '../constants/plans.js';
import type { Product } from '../contracts/catalogue.js';
import type { Subscription } from '../contracts/subscriptions.js';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money.js';
import { listPriceFor } from './rental.js';

/** The product fields a plan price needs: its tier and its four list prices (rupees). */
export type PricedProduct = Pick<
  Product,
  | 'category'
  | 'twoDayRentalPrice'
  | 'fourDayRentalPrice'
  | 'sevenDayRentalPrice'
  | 'fourteenDayRentalPrice'
>;

/** Labels shown next to a price (SPEC.md §9, DECISIONS.md 'Plans'). */
export const PLAN_PRICE_LABELS = {
  plusBenefit: 'Plus Benefit',
  plusHalfOff: 'Plus 50% OFF',
  proBenefit: 'Pro Benefit',
  limitReached: 'Limit Reached',
} as const;
export type PlanPriceLabel = (typeof PLAN_PRICE_LABELS)[keyof typeof PLAN_PRICE_LABELS];

/** What a price of 0 shows instead of ₹0 (SPEC.md §9). */
export const FREE_RENTAL_TEXT = 'Free Rental';

const PAID_PLAN_DURATIONS = [PAID_PLAN_DURATION] as const satisfies readonly RentalDuration[];

/** The rental lengths a plan may choose: free 2, 4 or 7 days; plus and pro 14 only. */
export function durationsForPlan(plan: PlanId): readonly RentalDuration[] {
  return plan === 'free' ? FREE_PLAN_DURATIONS : PAID_PLAN_DURATIONS;
}

/** True when the plan may choose this rental length (use it to validate an add to cart). */
export function isDurationAllowed(plan: PlanId, duration: RentalDuration): boolean {
  return durationsForPlan(plan).includes(duration);
}

/** The rental length actually used: plus and pro always rent for 14 days; free keeps its choice. */
export function durationForPlan(plan: PlanId, requested: RentalDuration): RentalDuration {
  return plan === 'free' ? requested : PAID_PLAN_DURATION;
}

/** 'Free Rental' for a price of 0, otherwise the price formatted (₹ by default, or e.g. formatRs). */
export function priceDisplay(
  price: number,
  format: (rupees: number) => string = formatRupees,
): string {
  return price === 0 ? FREE_RENTAL_TEXT : format(price);
}

/** One unit's price under a plan, in rupees. */
export interface PlanUnitPrice {
  /** What the shopper pays for one unit. */
  price: number;
  /** The undiscounted list price for `duration`. */
  listPrice: number;
  /** The rental length actually used (14 for plus and pro). */
  duration: RentalDuration;
  /** 'Plus Benefit', 'Plus 50% OFF' or 'Pro Benefit'; null when the plan gives no discount. */
  label: PlanPriceLabel | null;
  /** True when the plan's benefit lowers this tier's price. */
  benefitApplied: boolean;
  /** priceDisplay(price): 'Free Rental' when the price is 0. */
  display: string;
}

type Benefit = { kind: 'free' | 'half'; label: PlanPriceLabel };

/** The plan's benefit for a tier, or null (free plan, and luxury on every plan). */
function benefitFor(plan: PlanId, category: ProductCategory): Benefit | null {
  if (plan === 'plus') {
    if (category === 'premium') return { kind: 'free', label: PLAN_PRICE_LABELS.plusBenefit };
    if (category === 'royal') return { kind: 'half', label: PLAN_PRICE_LABELS.plusHalfOff };
  }
  if (plan === 'pro' && (category === 'premium' || category === 'royal')) {
    return { kind: 'free', label: PLAN_PRICE_LABELS.proBenefit };
  }
  return null;
}

/**
 * The price of one unit under a plan (SPEC.md §9). Free pays the chosen duration's list price.
 * Plus and pro always rent for 14 days (the duration argument is ignored): plus gets premium free
 * and royal at 50% of the 14-day price rounded to whole rupees; pro gets premium and royal free;
 * luxury pays the full 14-day price. A free-plan 14-day request is priced at the 14-day list price;
 * whether free may choose it is isDurationAllowed's job, not this function's.
 */
export function planUnitPrice(
  product: PricedProduct,
  plan: PlanId,
  duration: RentalDuration,
): PlanUnitPrice {
  const used = durationForPlan(plan, duration);
  const listPrice = listPriceFor(product, used);
  const benefit = benefitFor(plan, product.category);
  let price = listPrice;
  if (benefit?.kind === 'free') price = 0;
  if (benefit?.kind === 'half') price = Math.round(listPrice / 2);
  return {
    price,
    listPrice,
    duration: used,
    label: benefit?.label ?? null,
    benefitApplied: benefit !== null,
    display: priceDisplay(price),
  };
}

/** The subscription fields the rental limit needs. */
export type PlanSubscription = Pick<Subscription, 'plan' | 'rentalLimit' | 'itemsRentedInPeriod'>;

/** One cart line in cart order. */
export interface CartLineInput {
  product: PricedProduct;
  duration: RentalDuration;
  /** Units; clamped to a whole number of at least 1 (see normalizeQuantity). */
  quantity: number;
}

/** One cart line priced under the plan and its rental limit. Money in rupees. */
export interface PricedCartLine {
  /** The rental length actually used (14 for plus and pro). */
  duration: RentalDuration;
  /** The quantity charged: a whole number, at least 1. */
  quantity: number;
  /** The undiscounted price of one unit for `duration`. */
  listPrice: number;
  /** The plan price of one unit within the rental limit. */
  unitPrice: number;
  /** Units charged unitPrice. */
  planQuantity: number;
  /** Units beyond the rental limit, charged limitUnitPrice. */
  limitQuantity: number;
  /** The price of a unit beyond the limit: listPrice, which on plus and pro is the 14-day price. */
  limitUnitPrice: number;
  /** The plan's label for the units within the limit; null when none or no discount. */
  planLabel: PlanPriceLabel | null;
  /** What the line shows: 'Limit Reached' when any unit is beyond the limit, else planLabel. */
  label: PlanPriceLabel | null;
  /** True when at least one unit of the line is beyond the rental limit. */
  limitReached: boolean;
  /** True when at least one unit of the line gets a plan discount. */
  benefitApplied: boolean;
  /** unitPrice × planQuantity + limitUnitPrice × limitQuantity. */
  lineTotal: number;
}

/** A whole cart priced under a plan. */
export interface CartPricing {
  /** In the same order as the input lines. */
  lines: PricedCartLine[];
  /** Sum of the line totals, in rupees. */
  subtotal: number;
  /** Plan-price units still left in the period after this cart; null when no limit applies. */
  benefitUnitsLeft: number | null;
}

/** A cart quantity as a whole number of at least 1 (fractions round down; 0, negatives, NaN give 1). */
export function normalizeQuantity(quantity: number): number {
  return Number.isFinite(quantity) ? Math.max(1, Math.floor(quantity)) : 1;
}

/**
 * How many units of an order may still get the plan price in this period:
 * rentalLimit − itemsRentedInPeriod, never negative. null when no limit applies (the free plan,
 * which has no benefits to limit, or a paid plan whose rentalLimit is null).
 */
export function benefitUnitsLeft(subscription: PlanSubscription): number | null {
  if (subscription.plan === 'free' || subscription.rentalLimit === null) return null;
  const left = Math.floor(subscription.rentalLimit - subscription.itemsRentedInPeriod);
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/**
 * Prices a cart under the shopper's plan (DECISIONS.md 'Plans'). On plus and pro, plan prices
 * apply to at most benefitUnitsLeft units, counted one unit at a time in cart order; every unit
 * takes a slot, luxury included, because the period count covers every item rented. Units beyond
 * the limit pay the full 14-day price and show 'Limit Reached'. The free plan has no limit.
 */
export function priceCart(
  lines: readonly CartLineInput[],
  subscription: PlanSubscription,
): CartPricing {
  let left = benefitUnitsLeft(subscription);
  let subtotalPaise = 0;
  const priced = lines.map((line): PricedCartLine => {
    const quantity = normalizeQuantity(line.quantity);
    const unit = planUnitPrice(line.product, subscription.plan, line.duration);
    const planQuantity = left === null ? quantity : Math.min(quantity, left);
    if (left !== null) left -= planQuantity;
    const limitQuantity = quantity - planQuantity;
    const limitUnitPrice = unit.listPrice;
    const linePaise =
      rupeesToPaise(unit.price) * planQuantity + rupeesToPaise(limitUnitPrice) * limitQuantity;
    subtotalPaise += linePaise;
    const planLabel = planQuantity > 0 ? unit.label : null;
    const limitReached = limitQuantity > 0;
    return {
      duration: unit.duration,
      quantity,
      listPrice: unit.listPrice,
      unitPrice: unit.price,
      planQuantity,
      limitQuantity,
      limitUnitPrice,
      planLabel,
      label: limitReached ? PLAN_PRICE_LABELS.limitReached : planLabel,
      limitReached,
      benefitApplied: planQuantity > 0 && unit.benefitApplied,
      lineTotal: paiseToRupees(linePaise),
    };
  });
  return { lines: priced, subtotal: paiseToRupees(subtotalPaise), benefitUnitsLeft: left };
}
