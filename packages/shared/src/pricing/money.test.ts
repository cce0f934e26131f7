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
});
