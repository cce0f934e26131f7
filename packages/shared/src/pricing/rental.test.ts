import { describe, expect, it } from 'vitest';
import { listPriceFor, percentBelowMrp } from './rental.js';

const prices = {
  twoDayRentalPrice: 800,
  fourDayRentalPrice: 1040,
  sevenDayRentalPrice: 1360,
  fourteenDayRentalPrice: 2000,
};

describe('rental list prices', () => {
  it('reads the price for each duration', () => {
    expect([2, 4, 7, 14].map((d) => listPriceFor(prices, d as 2 | 4 | 7 | 14))).toEqual([
      800, 1040, 1360, 2000,
    ]);
  });

  it('gives the saving against the MRP in whole percent, never negative', () => {
    expect(percentBelowMrp(800, 8000)).toBe(90);
    expect(percentBelowMrp(1040, 8000)).toBe(87);
    expect(percentBelowMrp(9000, 8000)).toBe(0);
    expect(percentBelowMrp(100, 0)).toBe(0);
  });
});
