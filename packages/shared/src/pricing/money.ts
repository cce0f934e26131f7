/**
 * Round to 2 decimals the way money is shown (half away from zero). The product is trimmed to 15
 * significant digits first, so binary noise (1.005 × 100 = 100.49999…) does not round down.
 */
export function roundTo2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  const cents = Number((Math.abs(value) * 100).toPrecision(15));
  return (sign * Math.round(cents)) / 100 || 0;
}

/** The database keeps whole paise; the API speaks rupees with at most 2 decimals. */
export function paiseToRupees(paise: number): number {
  return roundTo2(paise / 100);
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Digits grouped the Indian way: the last three, then pairs (1,23,45,678). Written out rather than
 * taken from Intl.NumberFormat: building the browser's first Intl formatter loads its locale data,
 * about 50 ms of main thread on a slow phone on every page that shows a price (issue [L] §1).
 */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * Whole rupees without decimals (1,999); an amount with paise always with two (1,299.50), rounded
 * half away from zero. The same text as en-IN's Intl.NumberFormat (money.test.ts compares them)
 * for any amount below 10^13 rupees.
 */
function formatAmount(rupees: number): string {
  if (Number.isNaN(rupees)) return 'NaN';
  if (!Number.isFinite(rupees)) return rupees < 0 ? '-∞' : '∞';
  const rounded = roundTo2(rupees);
  const paise = Math.round(Math.abs(rounded) * 100);
  const whole = groupIndian(String(Math.floor(paise / 100)));
  const cents = paise % 100;
  return `${rounded < 0 ? '-' : ''}${whole}${cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`}`;
}

/** ₹1,23,456 (Indian digit grouping). */
export function formatRupees(rupees: number): string {
  return `₹${formatAmount(rupees)}`;
}

/**
 * ₹1,23,456.00: always with paise, as a tax invoice's columns show amounts (they line up, and the
 * paise are the document's); a negative amount (a coupon's line) as -₹200.00.
 */
export function formatRupeesWithPaise(rupees: number): string {
  const paise = Math.round(Math.abs(roundTo2(rupees)) * 100);
  const whole = groupIndian(String(Math.floor(paise / 100)));
  const sign = paise > 0 && rupees < 0 ? '-' : '';
  return `${sign}₹${whole}.${String(paise % 100).padStart(2, '0')}`;
}

/** Rs.1,23,456, as product cards show it. */
export function formatRs(rupees: number): string {
  return `Rs.${formatAmount(rupees)}`;
}
