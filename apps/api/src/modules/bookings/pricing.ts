import {
  listPriceFor,
  priceCart,
  rupeesToPaise,
  type PlanId,
  type Subscription,
} from '@pehnava/shared';
import type { CheckedRental } from '../cart/rental-request.js';

/** A line of a booking as the server prices it: the checked rental, its quantity, prices in paise. */
export interface PricedItem {
  rental: CheckedRental;
  quantity: number;
  /** The plan whose benefit priced it ('free' past the rental limit, or on no plan). */
  appliedPlan: PlanId;
  /** List price of the line (unit list price × quantity). */
  originalPaise: number;
  totalPaise: number;
  position: number;
}

/**
 * Price checked rentals under the shopper's plan, the rental limit cut over in their order
 * (DECISIONS.md 'Plans'), with the shared pricing functions: what checkout charges, and what a
 * late payment's booking must still cost to be confirmed. Subtotal in rupees.
 */
export function priceItems(
  rentals: CheckedRental[],
  quantities: number[],
  subscription: Subscription,
): { items: PricedItem[]; subtotal: number } {
  const pricing = priceCart(
    rentals.map((rental, i) => ({
      product: rental.product,
      duration: rental.duration,
      quantity: quantities[i]!,
    })),
    subscription,
  );
  const items = pricing.lines.map((line, i): PricedItem => {
    const rental = rentals[i]!;
    const originalPaise =
      rupeesToPaise(listPriceFor(rental.product, line.duration)) * line.quantity;
    const totalPaise = rupeesToPaise(line.lineTotal);
    return {
      rental,
      quantity: line.quantity,
      appliedPlan: line.planQuantity > 0 ? subscription.plan : 'free',
      originalPaise: Math.max(originalPaise, totalPaise),
      totalPaise,
      position: i,
    };
  });
  return { items, subtotal: pricing.subtotal };
}
