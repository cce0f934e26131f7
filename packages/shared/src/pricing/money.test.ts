import { describe, expect, it } from 'vitest';
import { formatRs, formatRupees, paiseToRupees, roundTo2, rupeesToPaise } from './money.js';

describe('money', () => {
  it('rounds to 2 decimals, half away from zero', () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(2.675)).toBe(2.68);
    expect(roundTo2(-1.005)).toBe(-1.01);
    expect(roundTo2(10)).toBe(10);
  });

  it('converts between paise and rupees exactly', () => {
    expect(paiseToRupees(1_23_456_78)).toBe(123456.78);
    expect(paiseToRupees(99)).toBe(0.99);
    expect(rupeesToPaise(999)).toBe(99_900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    for (const paise of [0, 1, 5, 99, 100, 12345, 99999999]) {
      expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
    }
  });

  it('formats with Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(1999)).toBe('₹1,999');
    expect(formatRupees(99.5)).toBe('₹99.50');
    expect(formatRupees(1299.499)).toBe('₹1,299.50');
    expect(formatRupees(1999.001)).toBe('₹1,999');
    expect(formatRs(2499)).toBe('Rs.2,499');
  });

  it('writes the same text as en-IN Intl.NumberFormat, without building one at load', () => {
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const decimals = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const reference = (rupees: number) => {
      const rounded = roundTo2(rupees);
      return Number.isInteger(rounded) ? whole.format(rounded) : decimals.format(rounded);
    };
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999.99];
    amounts.push(1234567, 12345678.9, 123456789.01, 9_99_99_99_99_999, -0.5, -1234.05, -0.001);
    amounts.push(0.1 + 0.2, 1 / 3, 2 / 3, 1.005, 2.675, 1299.499, 1999.001, 0.994, 0.995);
    // Every amount a price can be (whole paise), across the magnitudes, and some of no price.
    let seed = 20261126;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12);
      amounts.push(Math.round(next() * magnitude * 100) / 100, -next() * magnitude);
    }
    for (const amount of amounts) {
      expect(formatRupees(amount), String(amount)).toBe(`₹${reference(amount)}`);
      expect(formatRs(amount), String(amount)).toBe(`Rs.${reference(amount)}`);
    }
  });

  it('says NaN and infinity as Intl does rather than inventing digits', () => {
    expect(formatRupees(Number.NaN)).toBe('₹NaN');
    expect(formatRupees(Number.POSITIVE_INFINITY)).toBe('₹∞');
    expect(formatRs(Number.NEGATIVE_INFINITY)).toBe('Rs.-∞');
  });
});
