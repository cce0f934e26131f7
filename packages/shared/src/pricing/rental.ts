import type { Product } from '../contracts/catalogue.js';
import type { RentalDuration } from '../constants/durations.js';

type RentalPrices = Pick<
  Product,
  'twoDayRentalPrice' | 'fourDayRentalPrice' | 'sevenDayRentalPrice' | 'fourteenDayRentalPrice'
>;

/** A product's list price for one rental length, in rupees (before any plan benefit). */
export function listPriceFor(product: RentalPrices, duration: RentalDuration): number {
  switch (duration) {
    case 2:
      return product.twoDayRentalPrice;
    case 4:
      return product.fourDayRentalPrice;
    case 7:
      return product.sevenDayRentalPrice;
    case 14:
      return product.fourteenDayRentalPrice;
  }
}

/** The rental as a whole-number percentage below the MRP (0 when the MRP is not above it). */
export function percentBelowMrp(price: number, mrp: number): number {
  if (mrp <= 0 || price >= mrp) return 0;
  return Math.floor(((mrp - price) / mrp) * 100);
}
