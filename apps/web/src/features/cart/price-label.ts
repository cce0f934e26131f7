import {
  PLAN_PRICE_LABELS,
  listPriceFor,
  planUnitPrice,
  type CartEntry,
  type PlanId,
  type PlanPriceLabel,
  type RentalDuration,
} from '@pehnava/shared';

/** A plan price label by its name in PLAN_PRICE_LABELS: its message's key in the cart's catalogue. */
export type PriceLabelKey = keyof typeof PLAN_PRICE_LABELS;

const KEYS = Object.fromEntries(
  Object.entries(PLAN_PRICE_LABELS).map(([key, label]) => [label, key]),
) as Record<PlanPriceLabel, PriceLabelKey>;

/**
 * The label beside a cart item's price, from what the server stored when it was added: the plan's
 * label when it was charged the plan price, 'Limit Reached' when a paid plan's benefit would have
 * applied but the period's limit was used up, none when it paid the list price. Given by its key,
 * for the cart row to word it in the page's language.
 */
export function cartPriceLabel(entry: CartEntry, plan: PlanId): PriceLabelKey | null {
  const duration = entry.duration as RentalDuration;
  const unit = planUnitPrice(entry.product, plan, duration);
  if (entry.priceAtTime < listPriceFor(entry.product, duration)) {
    return unit.price === entry.priceAtTime && unit.label ? KEYS[unit.label] : null;
  }
  return plan !== 'free' && unit.benefitApplied ? 'limitReached' : null;
}
