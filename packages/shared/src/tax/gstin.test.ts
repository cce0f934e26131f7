import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../constants/account-messages.js';
import { GST_STATE_CODES, gstStateCodeOf } from '../constants/gst-states.js';
import { INDIAN_STATES } from '../constants/indian-states.js';
import { gstinSchema, updateProfileBodySchema } from '../contracts/users.js';
import { gstinCheckCharacter, isValidGstin } from './gstin.js';

/** GSTINs of real registrations (published on their invoices), each with its right check character. */
const REAL = [
  '27AAPFU0939F1ZV',
  '27AAACR5055K1Z7',
  '29AAGCB7383J1Z4',
  '24AAACC1206D1ZM',
  '29AABCT3518Q1ZS',
  '09AAACH7409R1ZZ',
];
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('GSTIN', () => {
  it('accepts real GSTINs: their check characters are what the mod-36 algorithm gives', () => {
    for (const gstin of REAL) {
      expect(isValidGstin(gstin), gstin).toBe(true);
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    }
  });

  it('refuses every GSTIN one character away from a real one, whichever character changed', () => {
    let tried = 0;
    for (const gstin of REAL) {
      for (let at = 0; at < 15; at += 1) {
        for (const other of CHARACTERS) {
          if (other === gstin[at]) continue;
          const changed = gstin.slice(0, at) + other + gstin.slice(at + 1);
          expect(isValidGstin(changed), changed).toBe(false);
          tried += 1;
        }
      }
    }
    expect(tried).toBe(REAL.length * 15 * 35);
  });

  it('refuses two neighbouring characters swapped, a wrong length, lower case, state codes outside 01–38', () => {
    const [gstin] = REAL as [string];
    for (let at = 0; at < 14; at += 1) {
      if (gstin[at] === gstin[at + 1]) continue;
      const swapped = gstin.slice(0, at) + gstin[at + 1] + gstin[at] + gstin.slice(at + 2);
      expect(isValidGstin(swapped), swapped).toBe(false);
    }
    expect(isValidGstin(gstin.slice(0, 14))).toBe(false);
    expect(isValidGstin(`${gstin}0`)).toBe(false);
    expect(isValidGstin(gstin.toLowerCase())).toBe(false);
    // The GST portal's format example: the right shape, but not its check character.
    expect(isValidGstin('22AAAAA0000A1Z5')).toBe(false);
    for (const state of ['00', '39', '97', '99']) {
      const first14 = `${state}${gstin.slice(2, 14)}`;
      expect(isValidGstin(`${first14}${gstinCheckCharacter(first14)}`), state).toBe(false);
    }
    // Entity number 0 and a letter other than Z at the 14th place are not GSTINs.
    for (const first14 of ['27AAPFU0939F0Z', '27AAPFU0939F1Y']) {
      expect(isValidGstin(`${first14}${gstinCheckCharacter(first14)}`), first14).toBe(false);
    }
  });

  it('is read trimmed and upper-cased, with a clear message when wrong', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    const wrong = gstinSchema.safeParse('27AAPFU0939F1ZW');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.gstinInvalid);
    expect(ACCOUNT_MESSAGES.gstinInvalid).toBe(
      'Enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV)',
    );
  });

  it('is optional on the profile: left out, cleared with an empty string, or checked', () => {
    expect(updateProfileBodySchema.parse({}).gstin).toBeUndefined();
    expect(updateProfileBodySchema.parse({ gstin: '  ' }).gstin).toBe('');
    expect(updateProfileBodySchema.parse({ gstin: '29aagcb7383j1z4' }).gstin).toBe(
      '29AAGCB7383J1Z4',
    );
    for (const gstin of ['29AAGCB7383J1Z5', 'not a gstin', 42, null]) {
      const parsed = updateProfileBodySchema.safeParse({ gstin });
      expect(parsed.success, String(gstin)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.gstinInvalid);
    }
  });
});

describe('GST state codes', () => {
  it('name every state and union territory the checkout offers, each with its own code in 01–38', () => {
    const codes = INDIAN_STATES.map((state) => gstStateCodeOf(state));
    expect(
      codes.every((code) => code !== undefined && /^(0[1-9]|[12][0-9]|3[0-8])$/.test(code)),
    ).toBe(true);
    expect(new Set(codes).size).toBe(INDIAN_STATES.length);
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATES].sort());
    expect(gstStateCodeOf('Maharashtra')).toBe('27');
    expect(gstStateCodeOf('Rajasthan')).toBe('08');
    expect(gstStateCodeOf('Andhra Pradesh')).toBe('37');
    expect(gstStateCodeOf('Ladakh')).toBe('38');
    expect(gstStateCodeOf('Bombay')).toBeUndefined();
  });
});
