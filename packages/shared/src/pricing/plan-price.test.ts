import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductCategory } from '../constants/categories.js';
import { RENTAL_DURATIONS, type RentalDuration } from '../constants/durations.js';
import type { PlanId } from '../constants/plans.js';
import { formatRs, roundTo2 } from './money.js';
import {
  FREE_RENTAL_TEXT,
  PLAN_PRICE_LABELS,
  benefitUnitsLeft,
  durationForPlan,
  durationsForPlan,
  isDurationAllowed,
  normalizeQuantity,
  planUnitPrice,
  priceCart,
  priceDisplay,
  type CartLineInput,
  type PlanSubscription,
  type PricedProduct,
} from './plan-price.js';

/** 2,499 / 2 = 1,249.5, so Plus 50% OFF shows the half-up rounding to 1,250. */
const prices = {
  twoDayRentalPrice: 1000,
  fourDayRentalPrice: 1300,
  sevenDayRentalPrice: 1700,
  fourteenDayRentalPrice: 2499,
};
const listByDays: Record<RentalDuration, number> = { 2: 1000, 4: 1300, 7: 1700, 14: 2499 };
const product = (category: ProductCategory): PricedProduct => ({ ...prices, category });
const premium = product('premium');
const royal = product('royal');
const luxury = product('luxury');

type Row = [PlanId, ProductCategory, RentalDuration, number, RentalDuration, string | null];

// prettier-ignore
const table: Row[] = [
  // plan,  category,  asked, price, used, label
  ['free', 'premium',   2,  1000,  2, null],
  ['free', 'premium',   4,  1300,  4, null],
  ['free', 'premium',   7,  1700,  7, null],
  ['free', 'premium',  14,  2499, 14, null], // not a free-plan choice (isDurationAllowed), priced as listed
  ['free', 'royal',     2,  1000,  2, null],
  ['free', 'royal',     4,  1300,  4, null],
  ['free', 'royal',     7,  1700,  7, null],
  ['free', 'royal',    14,  2499, 14, null],
  ['free', 'luxury',    2,  1000,  2, null],
  ['free', 'luxury',    4,  1300,  4, null],
  ['free', 'luxury',    7,  1700,  7, null],
  ['free', 'luxury',   14,  2499, 14, null],
  ['plus', 'premium',   2,     0, 14, 'Plus Benefit'],
  ['plus', 'premium',   4,     0, 14, 'Plus Benefit'],
  ['plus', 'premium',   7,     0, 14, 'Plus Benefit'],
  ['plus', 'premium',  14,     0, 14, 'Plus Benefit'],
  ['plus', 'royal',     2,  1250, 14, 'Plus 50% OFF'],
  ['plus', 'royal',     4,  1250, 14, 'Plus 50% OFF'],
  ['plus', 'royal',     7,  1250, 14, 'Plus 50% OFF'],
  ['plus', 'royal',    14,  1250, 14, 'Plus 50% OFF'],
  ['plus', 'luxury',    2,  2499, 14, null],
  ['plus', 'luxury',    4,  2499, 14, null],
  ['plus', 'luxury',    7,  2499, 14, null],
  ['plus', 'luxury',   14,  2499, 14, null],
  ['pro',  'premium',   2,     0, 14, 'Pro Benefit'],
  ['pro',  'premium',   4,     0, 14, 'Pro Benefit'],
  ['pro',  'premium',   7,     0, 14, 'Pro Benefit'],
  ['pro',  'premium',  14,     0, 14, 'Pro Benefit'],
  ['pro',  'royal',     2,     0, 14, 'Pro Benefit'],
  ['pro',  'royal',     4,     0, 14, 'Pro Benefit'],
  ['pro',  'royal',     7,     0, 14, 'Pro Benefit'],
  ['pro',  'royal',    14,     0, 14, 'Pro Benefit'],
  ['pro',  'luxury',    2,  2499, 14, null],
  ['pro',  'luxury',    4,  2499, 14, null],
  ['pro',  'luxury',    7,  2499, 14, null],
  ['pro',  'luxury',   14,  2499, 14, null],
];

describe('planUnitPrice: every plan × category × duration', () => {
  it('covers all 36 combinations', () => {
    expect(new Set(table.map(([p, c, d]) => `${p}/${c}/${d}`)).size).toBe(3 * 3 * 4);
  });

  it.each(table)(
    '%s · %s · %i days → ₹%d for %i days (%s)',
    (plan, category, asked, price, used, label) => {
      const result = planUnitPrice(product(category), plan, asked);
      expect(result.price).toBe(price);
      expect(result.duration).toBe(used);
      expect(result.label).toBe(label);
      expect(result.listPrice).toBe(listByDays[used]);
      expect(result.benefitApplied).toBe(label !== null);
      expect(result.display).toBe(price === 0 ? 'Free Rental' : priceDisplay(price));
    },
  );

  it('rounds the royal half to whole rupees, half up', () => {
    const at = (fourteenDayRentalPrice: number) =>
      planUnitPrice({ ...royal, fourteenDayRentalPrice }, 'plus', 14).price;
    expect(at(2499)).toBe(1250);
    expect(at(2498)).toBe(1249);
    expect(at(2497)).toBe(1249);
    expect(at(2499.98)).toBe(1250);
    expect(at(1)).toBe(1);
  });

  it('shows a price of 0 as Free Rental, anything else in rupees', () => {
    expect(FREE_RENTAL_TEXT).toBe('Free Rental');
    expect(planUnitPrice(premium, 'plus', 14).display).toBe('Free Rental');
    expect(planUnitPrice(royal, 'plus', 14).display).toBe('₹1,250');
    expect(priceDisplay(0)).toBe('Free Rental');
    expect(priceDisplay(2499)).toBe('₹2,499');
    expect(priceDisplay(2499, formatRs)).toBe('Rs.2,499');
    expect(priceDisplay(0, formatRs)).toBe('Free Rental');
  });
});

describe('durations a plan may choose', () => {
  it('lists 2, 4, 7 for free and 14 for plus and pro', () => {
    expect(durationsForPlan('free')).toEqual([2, 4, 7]);
    expect(durationsForPlan('plus')).toEqual([14]);
    expect(durationsForPlan('pro')).toEqual([14]);
  });

  it('allows exactly those', () => {
    const allowed = (plan: PlanId) => RENTAL_DURATIONS.filter((d) => isDurationAllowed(plan, d));
    expect(allowed('free')).toEqual([2, 4, 7]);
    expect(allowed('plus')).toEqual([14]);
    expect(allowed('pro')).toEqual([14]);
  });

  it('forces 14 days on plus and pro and keeps the free choice', () => {
    expect(durationForPlan('free', 4)).toBe(4);
    expect(durationForPlan('plus', 2)).toBe(14);
    expect(durationForPlan('pro', 7)).toBe(14);
  });
});

const sub = (
  plan: PlanId,
  rentalLimit: number | null,
  itemsRentedInPeriod: number,
): PlanSubscription => ({ plan, rentalLimit, itemsRentedInPeriod });
const line = (p: PricedProduct, quantity = 1, duration: RentalDuration = 14): CartLineInput => ({
  product: p,
  duration,
  quantity,
});

describe('priceCart: the rental-limit cut-over', () => {
  it('gives the plan price to exactly the units left (limit 4, 3 used, 3 units in cart)', () => {
    const cart = priceCart([line(premium, 2), line(royal, 1)], sub('plus', 4, 3));
    expect(cart.lines).toEqual([
      {
        duration: 14,
        quantity: 2,
        listPrice: 2499,
        unitPrice: 0,
        planQuantity: 1,
        limitQuantity: 1,
        limitUnitPrice: 2499,
        planLabel: 'Plus Benefit',
        label: 'Limit Reached',
        limitReached: true,
        benefitApplied: true,
        lineTotal: 2499,
      },
      {
        duration: 14,
        quantity: 1,
        listPrice: 2499,
        unitPrice: 1250,
        planQuantity: 0,
        limitQuantity: 1,
        limitUnitPrice: 2499,
        planLabel: null,
        label: 'Limit Reached',
        limitReached: true,
        benefitApplied: false,
        lineTotal: 2499,
      },
    ]);
    const benefitUnits = cart.lines.reduce(
      (n, l) => n + (l.benefitApplied ? l.planQuantity : 0),
      0,
    );
    expect(benefitUnits).toBe(1);
    expect(cart.subtotal).toBe(4998);
    expect(cart.benefitUnitsLeft).toBe(0);
  });

  it('counts in cart order: the first unit in the cart gets the last slot', () => {
    const cart = priceCart([line(royal, 1), line(premium, 2)], sub('plus', 4, 3));
    expect(cart.lines.map((l) => [l.planQuantity, l.limitQuantity, l.lineTotal, l.label])).toEqual([
      [1, 0, 1250, 'Plus 50% OFF'],
      [0, 2, 4998, 'Limit Reached'],
    ]);
    expect(cart.subtotal).toBe(6248);
  });

  it('lets a luxury unit take a slot too, since every rented item counts towards the limit', () => {
    const cart = priceCart([line(luxury), line(premium)], sub('plus', 4, 3));
    expect(cart.lines.map((l) => [l.lineTotal, l.label, l.limitReached])).toEqual([
      [2499, null, false],
      [2499, 'Limit Reached', true],
    ]);
  });

  it('charges the full 14-day price for every unit once the limit is reached', () => {
    for (const used of [4, 6]) {
      const cart = priceCart([line(premium, 1, 2), line(royal, 2)], sub('plus', 4, used));
      expect(
        cart.lines.map((l) => [l.duration, l.planQuantity, l.limitQuantity, l.lineTotal]),
      ).toEqual([
        [14, 0, 1, 2499],
        [14, 0, 2, 4998],
      ]);
      expect(cart.lines.every((l) => l.label === 'Limit Reached' && l.limitReached)).toBe(true);
      expect(cart.lines.every((l) => !l.benefitApplied && l.planLabel === null)).toBe(true);
      expect(cart.benefitUnitsLeft).toBe(0);
    }
  });

  it('applies no cut-over when the limit is null', () => {
    const cart = priceCart(
      [line(premium, 5), line(royal, 4), line(luxury, 1)],
      sub('pro', null, 40),
    );
    expect(cart.lines.map((l) => [l.planQuantity, l.limitQuantity, l.lineTotal, l.label])).toEqual([
      [5, 0, 0, 'Pro Benefit'],
      [4, 0, 0, 'Pro Benefit'],
      [1, 0, 2499, null],
    ]);
    expect(cart.subtotal).toBe(2499);
    expect(cart.benefitUnitsLeft).toBeNull();
  });

  it('never limits the free plan, which has no benefits', () => {
    const lines = [line(premium, 3, 2), line(royal, 1, 7), line(luxury, 2, 4)];
    for (const s of [sub('free', null, 0), sub('free', 1, 5)]) {
      const cart = priceCart(lines, s);
      expect(cart.lines.map((l) => [l.duration, l.unitPrice, l.lineTotal, l.label])).toEqual([
        [2, 1000, 3000, null],
        [7, 1700, 1700, null],
        [4, 1300, 2600, null],
      ]);
      expect(cart.lines.some((l) => l.limitReached || l.benefitApplied)).toBe(false);
      expect(cart.subtotal).toBe(7300);
      expect(cart.benefitUnitsLeft).toBeNull();
    }
  });

  it('splits the units of one line at the limit', () => {
    const cart = priceCart([line(premium, 5)], sub('pro', 8, 5));
    expect(cart.lines[0]).toMatchObject({
      planQuantity: 3,
      limitQuantity: 2,
      unitPrice: 0,
      limitUnitPrice: 2499,
      lineTotal: 4998,
      planLabel: 'Pro Benefit',
      label: 'Limit Reached',
      limitReached: true,
      benefitApplied: true,
    });
    expect(cart.benefitUnitsLeft).toBe(0);
  });

  it('keeps unused slots for later lines and reports what is left', () => {
    const cart = priceCart([line(royal, 1), line(premium, 1)], sub('plus', 4, 1));
    expect(cart.lines.map((l) => l.lineTotal)).toEqual([1250, 0]);
    expect(cart.benefitUnitsLeft).toBe(1);
  });

  it('works out the units left from the subscription', () => {
    expect(benefitUnitsLeft(sub('plus', 4, 3))).toBe(1);
    expect(benefitUnitsLeft(sub('plus', 4, 9))).toBe(0);
    expect(benefitUnitsLeft(sub('pro', 8, 0))).toBe(8);
    expect(benefitUnitsLeft(sub('pro', null, 3))).toBeNull();
    expect(benefitUnitsLeft(sub('free', null, 0))).toBeNull();
  });

  it('charges whole quantities of at least 1 (clamps instead of rejecting)', () => {
    expect([1, 3, 2.7, 0, -3, Number.NaN, Infinity].map(normalizeQuantity)).toEqual([
      1, 3, 2, 1, 1, 1, 1,
    ]);
    const cart = priceCart(
      [line(luxury, 0), line(luxury, -2), line(luxury, 1.9)],
      sub('free', null, 0),
    );
    expect(cart.lines.map((l) => [l.quantity, l.lineTotal])).toEqual([
      [1, 2499],
      [1, 2499],
      [1, 2499],
    ]);
  });

  it('keeps paise exact when list prices have decimals', () => {
    const odd = { ...luxury, fourDayRentalPrice: 1299.99 };
    const cart = priceCart([line(odd, 3, 4), line(odd, 1, 4)], sub('free', null, 0));
    expect(cart.lines.map((l) => l.lineTotal)).toEqual([3899.97, 1299.99]);
    expect(cart.subtotal).toBe(5199.96);
  });
});

const rupees = fc.integer({ min: 0, max: 5_000_000 }).map((paise) => paise / 100);
const productArb = fc.record({
  category: fc.constantFrom<ProductCategory>('premium', 'royal', 'luxury'),
  twoDayRentalPrice: rupees,
  fourDayRentalPrice: rupees,
  sevenDayRentalPrice: rupees,
  fourteenDayRentalPrice: rupees,
});
const lineArb = fc.record({
  product: productArb,
  duration: fc.constantFrom<RentalDuration>(...RENTAL_DURATIONS),
  quantity: fc.oneof(fc.integer({ min: -3, max: 6 }), fc.double({ min: -5, max: 6, noNaN: true })),
});
const subArb = fc.record({
  plan: fc.constantFrom<PlanId>('free', 'plus', 'pro'),
  rentalLimit: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  itemsRentedInPeriod: fc.integer({ min: 0, max: 15 }),
});

describe('priceCart properties', () => {
  it('never gives more plan-price units than are left, and fills them in cart order', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), subArb, (lines, s) => {
        const cart = priceCart(lines, s);
        const left = benefitUnitsLeft(s);
        const planUnits = cart.lines.reduce((n, l) => n + l.planQuantity, 0);
        const totalUnits = cart.lines.reduce((n, l) => n + l.quantity, 0);
        if (left === null) expect(planUnits).toBe(totalUnits);
        else expect(planUnits).toBe(Math.min(left, totalUnits));
        const firstCut = cart.lines.findIndex((l) => l.limitQuantity > 0);
        if (firstCut >= 0) {
          expect(cart.lines.slice(firstCut + 1).every((l) => l.planQuantity === 0)).toBe(true);
        }
        for (const l of cart.lines) {
          expect(Number.isInteger(l.quantity) && l.quantity >= 1).toBe(true);
          expect(l.planQuantity + l.limitQuantity).toBe(l.quantity);
          expect(l.lineTotal).toBeGreaterThanOrEqual(0);
          expect(l.unitPrice).toBeLessThanOrEqual(l.listPrice);
        }
      }),
    );
  });

  it('gives money that is already rounded to 2 decimals, with the subtotal the sum of lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), subArb, (lines, s) => {
        const cart = priceCart(lines, s);
        for (const l of cart.lines) {
          for (const x of [l.lineTotal, l.unitPrice, l.listPrice, l.limitUnitPrice]) {
            expect(roundTo2(x)).toBe(x);
          }
        }
        expect(roundTo2(cart.subtotal)).toBe(cart.subtotal);
        expect(cart.subtotal).toBe(roundTo2(cart.lines.reduce((sum, l) => sum + l.lineTotal, 0)));
      }),
    );
  });

  it('only ever uses the labels the spec names', () => {
    const labels = new Set<string | null>([null, ...Object.values(PLAN_PRICE_LABELS)]);
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 5 }), subArb, (lines, s) => {
        for (const l of priceCart(lines, s).lines) expect(labels.has(l.label)).toBe(true);
      }),
    );
  });
});
