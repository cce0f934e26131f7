import {
  MAX_START_DAYS_AHEAD,
  MESSAGES,
  RENTAL_DURATIONS,
  addDays,
  durationForPlan,
  isDurationAllowed,
  isIsoDate,
  type PlanId,
  type Product,
  type RentalDuration,
} from '@pehnava/shared';
import { badRequest, notFound } from '../../lib/http-error.js';

/** A rental as the shopper asked for it (cart add, or one item of a checkout). */
export interface RentalRequest {
  startDate: string;
  size: string;
  duration: number;
}

/** The rental the server will price and reserve: the duration the plan allows, the end it sets. */
export interface CheckedRental {
  product: Product;
  size: string;
  duration: RentalDuration;
  startDate: string;
  endDate: string;
}

export const isRentalDuration = (days: number): days is RentalDuration =>
  (RENTAL_DURATIONS as readonly number[]).includes(days);

/**
 * SPEC.md §5's add-to-cart checks, in its order, with its messages: the product is offered, the
 * start date is given, real, not past and within 90 days (India's today), the size is offered, the
 * duration is one the plan allows. Plus and pro always rent for 14 days; endDate = start +
 * duration. Cart add and checkout both run exactly this, so an item refused at one is refused at
 * the other.
 */
export function checkRental(
  product: Product | undefined,
  request: RentalRequest,
  { today, plan }: { today: string; plan: PlanId },
): CheckedRental {
  if (!product) throw notFound(MESSAGES.productNotFound);
  if (!product.isAvailable) throw badRequest(MESSAGES.outOfStock);

  const startDate = request.startDate.trim();
  if (!startDate) throw badRequest(MESSAGES.startDateRequired);
  if (!isIsoDate(startDate)) throw badRequest(MESSAGES.invalidStartDate);
  if (startDate < today) throw badRequest(MESSAGES.startDateInPast);
  if (startDate > addDays(today, MAX_START_DAYS_AHEAD)) throw badRequest(MESSAGES.startDateTooFar);

  const size = request.size.trim();
  if (!size) throw badRequest(MESSAGES.selectSize);
  if (!product.sizes.find((s) => s.size === size)?.available) {
    throw badRequest(MESSAGES.sizeNotAvailable);
  }

  const requested = request.duration;
  if (!isRentalDuration(requested)) throw badRequest(MESSAGES.invalidDuration);
  if (plan === 'free' && !isDurationAllowed('free', requested)) {
    throw badRequest(MESSAGES.invalidDuration);
  }
  const duration = durationForPlan(plan, requested);
  return { product, size, duration, startDate, endDate: addDays(startDate, duration) };
}
