import {
  PLAN_PRICE_LABELS,
  listPriceFor,
  planUnitPrice,
  type CartEntry,
  type PlanId,
  type PlanPriceLabel,
  type RentalDuration,
} from '@pehnava/shared';

/**
 * The label beside a cart item's price, from what the server stored when it was added: the plan's
 * label when it was charged the plan price, 'Limit Reached' when a paid plan's benefit would have
 * applied but the period's limit was used up, none when it paid the list price.
 */
export function cartPriceLabel(entry: CartEntry, plan: PlanId): PlanPriceLabel | null {
  const duration = entry.duration as RentalDuration;
  const unit = planUnitPrice(entry.product, plan, duration);
  if (entry.priceAtTime < listPriceFor(entry.product, duration)) {
    return unit.price === entry.priceAtTime ? unit.label : null;
  }
  return plan !== 'free' && unit.benefitApplied ? PLAN_PRICE_LABELS.limitReached : null;
}
