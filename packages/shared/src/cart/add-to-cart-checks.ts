import type { Product } from '../contracts/catalogue.js';
import { MESSAGES } from '../constants/messages.js';
import { isIsoDate, type IsoDate } from '../pricing/dates.js';

export interface AddToCartAttempt {
  product: Pick<Product, 'isAvailable' | 'sizes'>;
  loggedIn: boolean;
  /** YYYY-MM-DD, or empty when none is chosen. */
  startDate: string;
  /** Empty when none is chosen. */
  size: string;
  /** Today in India (todayInIndia). */
  today: IsoDate;
}

export type AddToCartProblem =
  { message: string; action: 'none' } | { message: typeof MESSAGES.loginForCart; action: 'login' };

/**
 * The product page's add-to-cart checks, in SPEC.md §5's order; the first that fails wins.
 * undefined means the attempt may go to the server, which checks again.
 */
export function addToCartProblem(attempt: AddToCartAttempt): AddToCartProblem | undefined {
  const { product, loggedIn, startDate, size, today } = attempt;
  if (!product.isAvailable) return { message: MESSAGES.outOfStock, action: 'none' };
  if (!loggedIn) return { message: MESSAGES.loginForCart, action: 'login' };
  if (!startDate || !isIsoDate(startDate))
    return { message: MESSAGES.selectStartDate, action: 'none' };
  if (startDate < today) return { message: MESSAGES.startDateInPast, action: 'none' };
  if (!size) return { message: MESSAGES.selectSize, action: 'none' };
  const offered = product.sizes.find((s) => s.size === size);
  if (!offered?.available) return { message: MESSAGES.sizeNotAvailable, action: 'none' };
  return undefined;
}
