import { GSTIN_STATE_CODE_MAX, GSTIN_STATE_CODE_MIN } from '../constants/gst-states.js';

/*
 * A GSTIN (GST identification number): 15 characters. Two digits of state code, the holder's PAN
 * (5 letters, 4 digits, 1 letter), an entity number (1–9, then A–Z, for the PAN's registrations in
 * that state), the letter Z, and a check character computed by GSTN's mod-36 algorithm over the
 * first 14.
 */

const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters (upper case): each character's value in
 * base 36 times a weight that alternates 1, 2 from the left; each product counted as its quotient
 * plus its remainder by 36; the check is (36 − sum mod 36) mod 36. Undefined when a character is
 * not a digit or an upper-case letter.
 */
export function gstinCheckCharacter(first14: string): string | undefined {
  if (first14.length !== 14) return undefined;
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = CHARACTERS.indexOf(first14[i]!);
    if (value < 0) return undefined;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36];
}

/** True for a well-formed GSTIN (upper case) whose state code and check character are right. */
export function isValidGstin(gstin: string): boolean {
  if (!GSTIN_SHAPE.test(gstin)) return false;
  const state = Number(gstin.slice(0, 2));
  if (state < GSTIN_STATE_CODE_MIN || state > GSTIN_STATE_CODE_MAX) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The two-digit state code a GSTIN starts with. */
export const gstinStateCode = (gstin: string): string => gstin.slice(0, 2);
