/** Card checks the sandbox's modal and gateway share the rules of (Razorpay test mode's). */

/** The Luhn check digit test every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The network a test card belongs to, by its first digits. */
export function cardNetwork(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]|^2[2-7]/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^60|^65|^81|^82|^508/.test(digits)) return 'RuPay';
  return 'Unknown';
}

/** MM/YY (or MM/YYYY) that has not ended before `today` (YYYY-MM-DD). */
export function expiryValid(expiry: string, today: string): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

/** A UPI id (VPA): a handle, '@', a bank's name. */
export const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** Test values that are declined, as in Razorpay's test mode. */
export const DECLINED_VPA = 'failure@razorpay';
export const DECLINED_CARD = '4000000000000002';
