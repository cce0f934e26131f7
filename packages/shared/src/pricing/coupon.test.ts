import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../constants/coupon-messages.js';
import {
  checkCoupon,
  couponCodeProblem,
  couponDiscount,
  findCoupon,
  normalizeCouponCode,
  sameCouponCode,
  type CouponContext,
  type CouponTerms,
} from './coupon.js';
import { roundTo2 } from './money.js';

const base: CouponTerms = {
  code: '',
  type: 'percent',
  value: 0,
  minSubtotal: 0,
  maxDiscount: null,
  firstOrderOnly: false,
  perUserLimit: null,
  totalLimit: null,
  validFrom: null,
  validTo: null,
  active: true,
};

/** The seeded coupons (DECISIONS.md 'Coupons'), in rupees. */
const WELCOME50: CouponTerms = {
  ...base,
  code: 'WELCOME50',
  value: 50,
  firstOrderOnly: true,
  perUserLimit: 1,
};
const FESTIVE20: CouponTerms = {
  ...base,
  code: 'FESTIVE20',
  value: 20,
  minSubtotal: 3000,
  maxDiscount: 1500,
};
const FLAT300: CouponTerms = {
  ...base,
  code: 'FLAT300',
  type: 'flat',
  value: 300,
  minSubtotal: 1500,
};
const SEEDED = [WELCOME50, FESTIVE20, FLAT300];

const now = new Date('2026-03-15T06:30:00Z');
const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
  now,
  subtotal: 4000,
  isFirstOrder: false,
  usesByShopper: 0,
  usesTotal: 0,
  ...over,
});

describe('coupon codes', () => {
  it('requires a code', () => {
    expect(COUPON_MESSAGES.codeRequired).toBe('Coupon code required');
    expect(couponCodeProblem('')).toBe('Coupon code required');
    expect(couponCodeProblem('   ')).toBe('Coupon code required');
    expect(couponCodeProblem(' festive20 ')).toBeUndefined();
  });

  it('compares codes case-insensitively after trimming', () => {
    expect(normalizeCouponCode('  Festive20\t')).toBe('FESTIVE20');
    expect(sameCouponCode('welcome50', ' WELCOME50 ')).toBe(true);
    expect(sameCouponCode('WELCOME5', 'WELCOME50')).toBe(false);
    expect(findCoupon(SEEDED, ' welcome50 ')).toBe(WELCOME50);
    expect(findCoupon(SEEDED, 'fLaT300')).toBe(FLAT300);
    expect(findCoupon(SEEDED, 'FLAT 300')).toBeUndefined();
    expect(findCoupon(SEEDED, '')).toBeUndefined();
    expect(findCoupon([{ ...FLAT300, code: 'flat300' }], 'FLAT300')?.code).toBe('flat300');
  });
});

describe('checkCoupon', () => {
  it('rejects an unknown or inactive coupon as invalid', () => {
    expect(COUPON_MESSAGES.invalid).toBe('Invalid coupon');
    expect(checkCoupon(undefined, ctx())).toEqual({ ok: false, message: 'Invalid coupon' });
    expect(checkCoupon(null, ctx())).toEqual({ ok: false, message: 'Invalid coupon' });
    expect(checkCoupon(findCoupon(SEEDED, 'NOPE'), ctx())).toEqual({
      ok: false,
      message: 'Invalid coupon',
    });
    expect(checkCoupon({ ...FLAT300, active: false }, ctx())).toEqual({
      ok: false,
      message: 'Invalid coupon',
    });
  });

  it('gives WELCOME50 half off a first order only', () => {
    expect(checkCoupon(WELCOME50, ctx({ subtotal: 2499, isFirstOrder: true }))).toEqual({
      ok: true,
      discount: 1249.5,
      message: 'Coupon applied: -₹1,249.50',
    });
    expect(checkCoupon(WELCOME50, ctx({ subtotal: 1500, isFirstOrder: true }))).toEqual({
      ok: true,
      discount: 750,
      message: 'Coupon applied: -₹750',
    });
    expect(checkCoupon(WELCOME50, ctx({ subtotal: 2499, isFirstOrder: false }))).toEqual({
      ok: false,
      message: COUPON_MESSAGES.firstOrderOnly,
    });
    expect(COUPON_MESSAGES.firstOrderOnly).toBe('This coupon is only for your first order.');
  });

  it('stops a shopper from using a coupon beyond their own limit', () => {
    const used = ctx({ subtotal: 2000, isFirstOrder: true, usesByShopper: 1 });
    expect(checkCoupon(WELCOME50, used)).toEqual({
      ok: false,
      message: 'You have already used this coupon.',
    });
    const twice = { ...FLAT300, perUserLimit: 2 };
    expect(checkCoupon(twice, ctx({ usesByShopper: 1 })).ok).toBe(true);
    expect(checkCoupon(twice, ctx({ usesByShopper: 2 })).ok).toBe(false);
    expect(checkCoupon(FLAT300, ctx({ usesByShopper: 50 })).ok).toBe(true); // null: unlimited
  });

  it('stops everyone once the total limit is used up', () => {
    const limited = { ...FLAT300, totalLimit: 100 };
    expect(checkCoupon(limited, ctx({ usesTotal: 99 })).ok).toBe(true);
    expect(checkCoupon(limited, ctx({ usesTotal: 100 }))).toEqual({
      ok: false,
      message: 'Sorry, this coupon has been fully redeemed.',
    });
    expect(checkCoupon(FLAT300, ctx({ usesTotal: 1_000_000 })).ok).toBe(true); // null: unlimited
  });

  it('applies FESTIVE20 from ₹3,000 and caps it at ₹1,500', () => {
    expect(checkCoupon(FESTIVE20, ctx({ subtotal: 2999.99 }))).toEqual({
      ok: false,
      message:
        'This coupon needs a subtotal of at least ₹3,000. Add items worth ₹0.01 more to use it.',
    });
    expect(checkCoupon(FESTIVE20, ctx({ subtotal: 1800 }))).toEqual({
      ok: false,
      message:
        'This coupon needs a subtotal of at least ₹3,000. Add items worth ₹1,200 more to use it.',
    });
    const at = (subtotal: number) => checkCoupon(FESTIVE20, ctx({ subtotal }));
    expect(at(3000)).toEqual({ ok: true, discount: 600, message: 'Coupon applied: -₹600' });
    expect(at(3750)).toEqual({ ok: true, discount: 750, message: 'Coupon applied: -₹750' });
    expect(at(7499.95)).toMatchObject({ ok: true, discount: 1499.99 });
    expect(at(7500)).toMatchObject({ ok: true, discount: 1500 });
    expect(at(7500.05)).toMatchObject({ ok: true, discount: 1500 });
    expect(at(25_000)).toMatchObject({ ok: true, discount: 1500 });
  });

  it('applies FLAT300 from ₹1,500', () => {
    expect(checkCoupon(FLAT300, ctx({ subtotal: 1499 }))).toEqual({
      ok: false,
      message:
        'This coupon needs a subtotal of at least ₹1,500. Add items worth ₹1 more to use it.',
    });
    expect(checkCoupon(FLAT300, ctx({ subtotal: 1500 }))).toEqual({
      ok: true,
      discount: 300,
      message: 'Coupon applied: -₹300',
    });
  });

  it('never takes off more than the subtotal', () => {
    const big = { ...base, code: 'BIG', type: 'flat' as const, value: 500 };
    expect(checkCoupon(big, ctx({ subtotal: 200 }))).toMatchObject({ ok: true, discount: 200 });
    const all = { ...base, code: 'ALL', value: 100 };
    expect(checkCoupon(all, ctx({ subtotal: 1234.56 }))).toMatchObject({ discount: 1234.56 });
  });

  it('has nothing to discount on a ₹0 subtotal', () => {
    expect(checkCoupon({ ...base, code: 'X', value: 10 }, ctx({ subtotal: 0 }))).toEqual({
      ok: false,
      message: COUPON_MESSAGES.nothingToDiscount,
    });
    // The minimum says more than 'nothing to discount' does.
    expect(checkCoupon(FLAT300, ctx({ subtotal: 0 })).message).toBe(
      COUPON_MESSAGES.belowMinimum(1500, 1500),
    );
  });

  it('is valid from validFrom to validTo, both inclusive', () => {
    const from = new Date('2026-10-01T00:00:00+05:30');
    const to = new Date('2026-11-15T23:59:59.999+05:30');
    const dated = { ...FESTIVE20, validFrom: from, validTo: to };
    const at = (instant: number) => checkCoupon(dated, ctx({ now: new Date(instant) }));
    expect(at(from.getTime() - 1)).toEqual({
      ok: false,
      message: 'This coupon is not active yet. Please try again once the offer starts.',
    });
    expect(at(from.getTime()).ok).toBe(true);
    expect(at(to.getTime()).ok).toBe(true);
    expect(at(to.getTime() + 1)).toEqual({ ok: false, message: 'Sorry, this coupon has expired.' });
    expect(checkCoupon({ ...FLAT300, validTo: to }, ctx({ now: new Date(0) })).ok).toBe(true);
    expect(checkCoupon({ ...FLAT300, validFrom: from }, ctx({ now: new Date(4e12) })).ok).toBe(
      true,
    );
  });

  it('reports the first failing rule: validity, then limits, then first order, then minimum', () => {
    const strict: CouponTerms = {
      ...FESTIVE20,
      firstOrderOnly: true,
      perUserLimit: 1,
      totalLimit: 10,
      validTo: new Date(now.getTime() - 1),
    };
    const worst = ctx({ subtotal: 100, usesByShopper: 1, usesTotal: 10 });
    expect(checkCoupon(strict, worst).message).toBe(COUPON_MESSAGES.expired);
    const live = { ...strict, validTo: null };
    expect(checkCoupon(live, worst).message).toBe(COUPON_MESSAGES.usedUp);
    expect(checkCoupon(live, { ...worst, usesTotal: 9 }).message).toBe(COUPON_MESSAGES.alreadyUsed);
    expect(checkCoupon(live, { ...worst, usesTotal: 9, usesByShopper: 0 }).message).toBe(
      COUPON_MESSAGES.firstOrderOnly,
    );
    expect(
      checkCoupon(live, { ...worst, usesTotal: 9, usesByShopper: 0, isFirstOrder: true }).message,
    ).toBe(COUPON_MESSAGES.belowMinimum(3000, 2900));
  });
});

describe('coupon messages', () => {
  it('formats the success text with one ₹ sign and Indian grouping', () => {
    expect(COUPON_MESSAGES.applied(750)).toBe('Coupon applied: -₹750');
    expect(COUPON_MESSAGES.applied(1500)).toBe('Coupon applied: -₹1,500');
    expect(COUPON_MESSAGES.applied(123456.5)).toBe('Coupon applied: -₹1,23,456.50');
  });

  it('says the minimum and the amount missing', () => {
    expect(COUPON_MESSAGES.belowMinimum(3000, 500)).toBe(
      'This coupon needs a subtotal of at least ₹3,000. Add items worth ₹500 more to use it.',
    );
  });
});

describe('couponDiscount', () => {
  it('computes percent and flat discounts rounded to 2 decimals', () => {
    expect(couponDiscount(WELCOME50, 1999.99)).toBe(1000); // 999.995 rounds half up
    expect(couponDiscount(FESTIVE20, 1234.56)).toBe(246.91); // 246.912
    expect(couponDiscount({ type: 'percent', value: 12.5, maxDiscount: null }, 99.99)).toBe(12.5);
    expect(couponDiscount(FLAT300, 299.5)).toBe(299.5);
    expect(couponDiscount(FLAT300, 0)).toBe(0);
    expect(couponDiscount({ type: 'percent', value: 150, maxDiscount: null }, 80)).toBe(80);
    expect(couponDiscount({ type: 'flat', value: -20, maxDiscount: null }, 80)).toBe(0);
  });
});

const paiseRupees = fc.integer({ min: 0, max: 10_000_000 }).map((paise) => paise / 100);
const termsArb = fc.record({
  code: fc.constantFrom('WELCOME50', 'festive20', ' Flat300 '),
  type: fc.constantFrom<'percent' | 'flat'>('percent', 'flat'),
  value: fc.oneof(fc.integer({ min: 1, max: 100 }), paiseRupees),
  minSubtotal: paiseRupees,
  maxDiscount: fc.option(paiseRupees, { nil: null }),
  firstOrderOnly: fc.boolean(),
  perUserLimit: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 2 }),
  totalLimit: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 2 }),
  validFrom: fc.option(fc.date({ noInvalidDate: true }), { nil: null, freq: 2 }),
  validTo: fc.option(fc.date({ noInvalidDate: true }), { nil: null, freq: 2 }),
  active: fc.boolean(),
});
const ctxArb = fc.record({
  now: fc.date({ noInvalidDate: true }),
  subtotal: fc.oneof(paiseRupees, fc.double({ min: 0, max: 1e6, noNaN: true })),
  isFirstOrder: fc.boolean(),
  usesByShopper: fc.integer({ min: 0, max: 4 }),
  usesTotal: fc.integer({ min: 0, max: 4 }),
});

/** No date, usage, first-order or minimum rule: only the discount itself is left to check. */
const anyoneAnytime = {
  active: true,
  minSubtotal: 0,
  firstOrderOnly: false,
  perUserLimit: null,
  totalLimit: null,
  validFrom: null,
  validTo: null,
};

describe('coupon properties', () => {
  it('never discounts more than the subtotal or the cap, never below 0, always in paise', () => {
    fc.assert(
      fc.property(termsArb, paiseRupees, (terms, subtotal) => {
        const discount = couponDiscount(terms, subtotal);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(subtotal);
        if (terms.maxDiscount !== null) expect(discount).toBeLessThanOrEqual(terms.maxDiscount);
        expect(roundTo2(discount)).toBe(discount);
        const open = { ...terms, ...anyoneAnytime };
        const result = checkCoupon(open, { ...ctx(), subtotal });
        expect(result).toEqual(
          subtotal > 0
            ? { ok: true, discount, message: COUPON_MESSAGES.applied(discount) }
            : { ok: false, message: COUPON_MESSAGES.nothingToDiscount },
        );
      }),
    );
  });

  it('only accepts a coupon that passes every rule, with a bounded discount', () => {
    let accepted = 0;
    fc.assert(
      fc.property(termsArb, ctxArb, (terms, context) => {
        const result = checkCoupon(terms, context);
        if (!result.ok) {
          expect(result.message.length).toBeGreaterThan(0);
          return;
        }
        accepted += 1;
        expect(terms.active).toBe(true);
        expect(result.discount).toBeLessThanOrEqual(roundTo2(context.subtotal));
        if (terms.maxDiscount !== null)
          expect(result.discount).toBeLessThanOrEqual(terms.maxDiscount);
        expect(result.discount).toBeGreaterThanOrEqual(0);
        expect(roundTo2(result.discount)).toBe(result.discount);
        expect(context.subtotal).toBeGreaterThanOrEqual(terms.minSubtotal - 0.005);
        if (terms.firstOrderOnly) expect(context.isFirstOrder).toBe(true);
        if (terms.perUserLimit !== null)
          expect(context.usesByShopper).toBeLessThan(terms.perUserLimit);
        if (terms.totalLimit !== null) expect(context.usesTotal).toBeLessThan(terms.totalLimit);
        if (terms.validFrom)
          expect(context.now.getTime()).toBeGreaterThanOrEqual(terms.validFrom.getTime());
        if (terms.validTo)
          expect(context.now.getTime()).toBeLessThanOrEqual(terms.validTo.getTime());
        expect(result.message).toBe(COUPON_MESSAGES.applied(result.discount));
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
