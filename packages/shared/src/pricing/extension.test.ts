import { describe, expect, it } from 'vitest';
import { EXTENSION_MAX_DAYS, extensionDayPrice, extensionPrice } from './extension.js';

describe('extension prices (DECISIONS.md "Extending a rental")', () => {
  it('charges the 14-day price ÷ 14 a day, rounded up to the rupee', () => {
    expect(extensionDayPrice(2800)).toBe(200);
    expect(extensionDayPrice(2801)).toBe(201);
    expect(extensionDayPrice(2786.5)).toBe(200);
    expect(extensionDayPrice(14)).toBe(1);
    expect(extensionDayPrice(0.5)).toBe(1);
  });

  it('adds every line by its quantity, times the days', () => {
    const price = extensionPrice(
      [
        { fourteenDayPrice: 2800, quantity: 1 },
        { fourteenDayPrice: 1401, quantity: 2 },
      ],
      3,
      false,
    );
    expect(price).toEqual({
      lines: [600, 606],
      perDay: 402,
      subtotal: 1206,
      insurance: 0,
      total: 1206,
    });
  });

  it('adds damage protection’s 10% when the booking took it, to the paisa', () => {
    const price = extensionPrice([{ fourteenDayPrice: 2815, quantity: 1 }], 1, true);
    expect(price.subtotal).toBe(202);
    expect(price.insurance).toBe(20.2);
    expect(price.total).toBe(222.2);
  });

  it('allows at most a week at a time', () => {
    expect(EXTENSION_MAX_DAYS).toBe(7);
  });
});
