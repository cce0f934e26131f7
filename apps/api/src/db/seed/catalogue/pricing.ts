import { categoryForMrp, rupeesToPaise } from '@pehnava/shared';
import type { Rng } from './prng.js';
import type { RentalPrices, Tier } from './types.js';

/** The tier of an MRP in whole rupees: the shared rule (packages/shared pricing). */
export function tierForMrp(mrp: number): Tier {
  return categoryForMrp(rupeesToPaise(mrp));
}

/** Multipliers on the 2-day price for the longer rental periods. */
export const RENTAL_MULTIPLIERS = { fourDay: 1.3, sevenDay: 1.7, fourteenDay: 2.5 } as const;

const stepFor = (value: number): number => (value < 1000 ? 10 : 100);

/** Nearest retail-looking price: ...9 below 1,000 (449), ...99 from 1,000 up (1,299). */
export function tidyPrice(value: number): number {
  const step = stepFor(value);
  return Math.max(step, Math.round((value + 1) / step) * step) - 1;
}

/** The next tidy price strictly above `floor`. */
function tidyAbove(value: number, floor: number): number {
  let price = tidyPrice(value);
  while (price <= floor) price = tidyPrice(price + stepFor(price + 1));
  return price;
}

/** 2-day rent is 9-11% of MRP; longer periods scale from the rounded 2-day price. */
export function rentalPricesFor(mrp: number, rng: Rng): RentalPrices {
  const twoDay = tidyPrice(mrp * (0.09 + rng.next() * 0.02));
  const fourDay = tidyAbove(twoDay * RENTAL_MULTIPLIERS.fourDay, twoDay);
  const sevenDay = tidyAbove(twoDay * RENTAL_MULTIPLIERS.sevenDay, fourDay);
  const fourteenDay = tidyAbove(twoDay * RENTAL_MULTIPLIERS.fourteenDay, sevenDay);
  return { twoDay, fourDay, sevenDay, fourteenDay };
}
