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

const wholeFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const paiseFormatter = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Whole rupees without decimals (1,999); an amount with paise always with two (1,299.50). */
const inrFormatter = {
  format: (rupees: number) =>
    Number.isInteger(roundTo2(rupees))
      ? wholeFormatter.format(roundTo2(rupees))
      : paiseFormatter.format(rupees),
};

/** ₹1,23,456 (Indian digit grouping). */
export function formatRupees(rupees: number): string {
  return `₹${inrFormatter.format(rupees)}`;
}

/** Rs.1,23,456, as product cards show it. */
export function formatRs(rupees: number): string {
  return `Rs.${inrFormatter.format(rupees)}`;
}
