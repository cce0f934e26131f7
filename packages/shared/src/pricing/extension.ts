import { insuranceFee } from './order-totals.js';
import { paiseToRupees, rupeesToPaise } from './money.js';

/** A rental that is out may be extended by 1 to this many days at a time (DECISIONS.md). */
export const EXTENSION_MAX_DAYS = 7;

/**
 * One extra day of a piece (DECISIONS.md 'Extending a rental'): its 14-day list price ÷ 14,
 * rounded up to the rupee. No coupon or plan benefit applies.
 */
export function extensionDayPrice(fourteenDayPrice: number): number {
  return Math.ceil(rupeesToPaise(fourteenDayPrice) / 14 / 100);
}

export interface ExtensionLineInput {
  /** The piece's 14-day list price, in rupees. */
  fourteenDayPrice: number;
  quantity: number;
}

export interface ExtensionPrice {
  /** Each line's price for the extra days, in rupees, in the order given. */
  lines: number[];
  /** What one extra day of every line costs, before damage protection. */
  perDay: number;
  subtotal: number;
  /** 10% of the subtotal when the booking took damage protection, else 0. */
  insurance: number;
  total: number;
}

/**
 * What `days` more of a booking's lines cost: each line's day price × its quantity × days, and
 * damage protection's 10% when the booking took it. No delivery fee applies. Rupees.
 */
export function extensionPrice(
  lines: readonly ExtensionLineInput[],
  days: number,
  insured: boolean,
): ExtensionPrice {
  const perLine = lines.map((line) => extensionDayPrice(line.fourteenDayPrice) * line.quantity);
  const perDay = perLine.reduce((sum, price) => sum + price, 0);
  const subtotal = perDay * days;
  const insurance = insured ? insuranceFee(subtotal) : 0;
  return {
    lines: perLine.map((price) => price * days),
    perDay,
    subtotal,
    insurance,
    total: paiseToRupees(rupeesToPaise(subtotal) + rupeesToPaise(insurance)),
  };
}
