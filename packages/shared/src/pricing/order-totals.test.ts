import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RENTAL_DURATIONS, type RentalDuration } from '../constants/durations.js';
import type { PlanId } from '../constants/plans.js';
import { roundTo2 } from './money.js';
import {
  FREE_DELIVERY_MIN_SUBTOTAL,
  FREE_PLAN_DELIVERY_FEE,
  INSURANCE_PERCENT,
  cartSavings,
  deliveryFee,
  freeDeliveryShortfall,
  insuranceFee,
  orderTotals,
  type SavingsLine,
} from './order-totals.js';

describe('deliveryFee', () => {
  it('uses the DECISIONS.md numbers', () => {
    expect(FREE_PLAN_DELIVERY_FEE).toBe(99);
    expect(FREE_DELIVERY_MIN_SUBTOTAL).toBe(1999);
    expect(INSURANCE_PERCENT).toBe(10);
  });

  it('charges the free plan ₹99 below ₹1,999 and nothing from ₹1,999', () => {
    expect(deliveryFee('free', 1998.99)).toBe(99);
    expect(deliveryFee('free', 1999)).toBe(0);
    expect(deliveryFee('free', 1999.01)).toBe(0);
    expect(deliveryFee('free', 500)).toBe(99);
    expect(deliveryFee('free', 25_000)).toBe(0);
  });

  it('compares the subtotal after the coupon discount', () => {
    expect(deliveryFee('free', 2500, 501)).toBe(0); // 1,999 left
    expect(deliveryFee('free', 2500, 501.01)).toBe(99); // 1,998.99 left
    expect(deliveryFee('free', 3000, 1500)).toBe(99);
    expect(deliveryFee('free', 1500, 300)).toBe(99);
    expect(deliveryFee('free', 1500, 5000)).toBe(99); // discount capped at the subtotal
  });

  it('never charges plus or pro', () => {
    for (const plan of ['plus', 'pro'] as const) {
      expect(deliveryFee(plan, 0)).toBe(0);
      expect(deliveryFee(plan, 1998.99)).toBe(0);
      expect(deliveryFee(plan, 2500, 1000)).toBe(0);
    }
  });

  it('charges nothing for an empty order', () => {
    expect(deliveryFee('free', 0)).toBe(0);
    expect(deliveryFee('free', -10)).toBe(0);
  });
});

describe('insuranceFee', () => {
  it('is 10% of (subtotal − discount), rounded to 2 decimals', () => {
    expect(insuranceFee(2499)).toBe(249.9);
    expect(insuranceFee(1234.55)).toBe(123.46); // 123.455 rounds half up
    expect(insuranceFee(1234.54)).toBe(123.45); // 123.454 rounds down
    expect(insuranceFee(0.05)).toBe(0.01);
    expect(insuranceFee(0.04)).toBe(0);
    expect(insuranceFee(3000, 600)).toBe(240);
    expect(insuranceFee(1999.99, 0.09)).toBe(199.99);
  });

  it('is never negative', () => {
    expect(insuranceFee(500, 900)).toBe(0);
    expect(insuranceFee(0)).toBe(0);
    expect(insuranceFee(-100)).toBe(0);
  });
});

describe('orderTotals', () => {
  it('adds delivery and insurance for a small free-plan order', () => {
    expect(orderTotals({ plan: 'free', subtotal: 1500, insurance: true })).toEqual({
      subtotal: 1500,
      discount: 0,
      deliveryFee: 99,
      insurance: 150,
      backupFees: 0,
      total: 1749,
    });
  });

  it('takes the coupon off before delivery and insurance', () => {
    expect(orderTotals({ plan: 'free', subtotal: 3000, discount: 600, insurance: true })).toEqual({
      subtotal: 3000,
      discount: 600,
      deliveryFee: 0,
      insurance: 240,
      backupFees: 0,
      total: 2640,
    });
    // FLAT300 on ₹2,200 drops the order below ₹1,999, so delivery is charged.
    expect(orderTotals({ plan: 'free', subtotal: 2200, discount: 300, insurance: false })).toEqual({
      subtotal: 2200,
      discount: 300,
      deliveryFee: 99,
      insurance: 0,
      backupFees: 0,
      total: 1999,
    });
  });

  it('keeps paise exact', () => {
    expect(
      orderTotals({ plan: 'free', subtotal: 1234.56, discount: 123.45, insurance: true }),
    ).toEqual({
      subtotal: 1234.56,
      discount: 123.45,
      deliveryFee: 99,
      insurance: 111.11,
      backupFees: 0,
      total: 1321.22,
    });
    expect(orderTotals({ plan: 'pro', subtotal: 0.1 + 0.2, insurance: false }).total).toBe(0.3);
  });

  it('gives a paid plan free delivery and an all-benefit cart a total of 0', () => {
    expect(orderTotals({ plan: 'plus', subtotal: 0, insurance: true })).toEqual({
      subtotal: 0,
      discount: 0,
      deliveryFee: 0,
      insurance: 0,
      backupFees: 0,
      total: 0,
    });
    expect(orderTotals({ plan: 'pro', subtotal: 1250, insurance: true }).total).toBe(1375);
  });

  it('caps the discount at the subtotal and treats bad input as 0', () => {
    expect(orderTotals({ plan: 'plus', subtotal: 500, discount: 900, insurance: true })).toEqual({
      subtotal: 500,
      discount: 500,
      deliveryFee: 0,
      insurance: 0,
      backupFees: 0,
      total: 0,
    });
    expect(
      orderTotals({ plan: 'plus', subtotal: -50, discount: Number.NaN, insurance: true }),
    ).toEqual({ subtotal: 0, discount: 0, deliveryFee: 0, insurance: 0, backupFees: 0, total: 0 });
    expect(
      orderTotals({ plan: 'plus', subtotal: 800, discount: -100, insurance: false }).total,
    ).toBe(800);
  });
});

const prices = {
  twoDayRentalPrice: 1000,
  fourDayRentalPrice: 1300,
  sevenDayRentalPrice: 1700,
  fourteenDayRentalPrice: 2499,
};

describe('cartSavings', () => {
  it('sums (list price − stored price) × quantity', () => {
    const lines: SavingsLine[] = [
      { product: prices, duration: 14, quantity: 2, price: 0 }, // Plus Benefit
      { product: prices, duration: 14, quantity: 1, price: 1250 }, // Plus 50% OFF
      { product: prices, duration: 4, quantity: 3, price: 1300 }, // free plan, no saving
    ];
    expect(cartSavings(lines)).toBe(2499 * 2 + 1249);
  });

  it('is 0 for an empty cart and never negative per item', () => {
    expect(cartSavings([])).toBe(0);
    expect(
      cartSavings([
        { product: prices, duration: 2, quantity: 1, price: 1200 }, // stored above the list price
        { product: prices, duration: 7, quantity: 1, price: 1600 },
      ]),
    ).toBe(100);
  });

  it('keeps paise exact and charges whole quantities of at least 1', () => {
    const odd = { ...prices, fourDayRentalPrice: 1300.1 };
    expect(cartSavings([{ product: odd, duration: 4, quantity: 3, price: 1300 }])).toBe(0.3);
    expect(cartSavings([{ product: prices, duration: 2, quantity: 0, price: 900 }])).toBe(100);
    expect(cartSavings([{ product: prices, duration: 2, quantity: 2.5, price: 900 }])).toBe(200);
  });
});

const paiseRupees = fc.integer({ min: 0, max: 10_000_000 }).map((paise) => paise / 100);
const anyRupees = fc.oneof(paiseRupees, fc.double({ min: -1e7, max: 1e7, noNaN: true }));
const planArb = fc.constantFrom<PlanId>('free', 'plus', 'pro');

describe('order totals properties', () => {
  it('is never negative and every figure is already rounded to 2 decimals', () => {
    fc.assert(
      fc.property(planArb, anyRupees, anyRupees, fc.boolean(), (plan, subtotal, discount, ins) => {
        const t = orderTotals({ plan, subtotal, discount, insurance: ins });
        for (const x of [t.subtotal, t.discount, t.deliveryFee, t.insurance, t.total]) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(roundTo2(x)).toBe(x);
        }
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        expect(t.total).toBe(roundTo2(t.subtotal - t.discount + t.deliveryFee + t.insurance));
      }),
    );
  });

  it('matches the standalone fee and insurance functions', () => {
    fc.assert(
      fc.property(planArb, paiseRupees, paiseRupees, (plan, subtotal, discount) => {
        const t = orderTotals({ plan, subtotal, discount, insurance: true });
        expect(t.deliveryFee).toBe(deliveryFee(plan, subtotal, discount));
        expect(t.insurance).toBe(insuranceFee(subtotal, discount));
        expect([0, 99]).toContain(t.deliveryFee);
      }),
    );
  });

  it('never gives negative savings, and they are rounded to 2 decimals', () => {
    const lineArb = fc.record({
      product: fc.record({
        twoDayRentalPrice: paiseRupees,
        fourDayRentalPrice: paiseRupees,
        sevenDayRentalPrice: paiseRupees,
        fourteenDayRentalPrice: paiseRupees,
      }),
      duration: fc.constantFrom<RentalDuration>(...RENTAL_DURATIONS),
      quantity: fc.integer({ min: -2, max: 10 }),
      price: anyRupees,
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), (lines) => {
        const saved = cartSavings(lines);
        expect(saved).toBeGreaterThanOrEqual(0);
        expect(roundTo2(saved)).toBe(saved);
      }),
    );
  });
});

describe('freeDeliveryShortfall', () => {
  it('is what the free plan still needs to reach ₹1,999, after the coupon discount', () => {
    expect(freeDeliveryShortfall('free', 1500)).toBe(499);
    expect(freeDeliveryShortfall('free', 1998.99)).toBe(0.01);
    expect(freeDeliveryShortfall('free', 2400, 1200)).toBe(799); // WELCOME50 on ₹2,400
    expect(freeDeliveryShortfall('free', 1500, 5000)).toBe(1999); // discount capped at subtotal
  });

  it('is 0 when delivery is free already', () => {
    expect(freeDeliveryShortfall('free', 1999)).toBe(0);
    expect(freeDeliveryShortfall('free', 2500, 501)).toBe(0);
    expect(freeDeliveryShortfall('free', 0)).toBe(0);
    expect(freeDeliveryShortfall('plus', 500)).toBe(0);
    expect(freeDeliveryShortfall('pro', 500, 100)).toBe(0);
  });

  it('is above 0 exactly when the free plan pays for delivery, and closes the gap to the threshold', () => {
    const rupees = fc.integer({ min: 0, max: 5_000_00 }).map((paise) => paise / 100);
    fc.assert(
      fc.property(rupees, rupees, (subtotal, discount) => {
        const short = freeDeliveryShortfall('free', subtotal, discount);
        expect(short > 0).toBe(deliveryFee('free', subtotal, discount) > 0);
        if (short > 0) {
          const taken = Math.min(discount, subtotal);
          expect(roundTo2(subtotal - taken + short)).toBe(FREE_DELIVERY_MIN_SUBTOTAL);
          // The same discount on a subtotal that much higher ships free.
          expect(deliveryFee('free', roundTo2(subtotal + short), taken)).toBe(0);
        }
      }),
    );
  });
});

describe('orderTotals with back-up sizes', () => {
  it('adds back-up sizes after the subtotal: no coupon, delivery threshold or protection counts them', () => {
    // ₹1,900 is below the ₹1,999 threshold; two ₹199 back-ups do not lift it above.
    expect(
      orderTotals({
        plan: 'free',
        subtotal: 1900,
        discount: 100,
        insurance: true,
        backupFees: 398,
      }),
    ).toEqual({
      subtotal: 1900,
      discount: 100,
      deliveryFee: 99,
      insurance: 180,
      backupFees: 398,
      total: 2477,
    });
    expect(orderTotals({ plan: 'pro', subtotal: 0, insurance: false, backupFees: 0 }).total).toBe(
      0,
    );
    expect(
      orderTotals({ plan: 'free', subtotal: 1000, insurance: false, backupFees: -5 }).backupFees,
    ).toBe(0);
  });
});
