import { readFileSync } from 'node:fs';
import { INDIAN_STATES, type IndianState } from '@pehnava/shared';

/** Where the directory is kept: built by scripts/build-pincodes.mjs from its named source. */
export const PINCODES_FILE = new URL('../../../assets/pincodes.json', import.meta.url);

/** A pincode as India Post files it: its district and state. */
export interface PincodePlace {
  pincode: string;
  district: string;
  state: IndianState;
}

/**
 * India Post's pincodes (issue [O] §3), read from the file once, on the first question: 19,238
 * pincodes, about 480 KB, parsed in a few milliseconds.
 */
export function createPincodeDirectory(file: URL = PINCODES_FILE) {
  let pincodes: Record<string, [string, number]> | undefined;
  const all = () => {
    pincodes ??= (
      JSON.parse(readFileSync(file, 'utf8')) as { pincodes: Record<string, [string, number]> }
    ).pincodes;
    return pincodes;
  };
  return {
    find(pincode: string): PincodePlace | undefined {
      const entry = Object.hasOwn(all(), pincode) ? all()[pincode] : undefined;
      if (!entry) return undefined;
      const state = INDIAN_STATES[entry[1]];
      return state ? { pincode, district: entry[0], state } : undefined;
    },
  };
}

export type PincodeDirectory = ReturnType<typeof createPincodeDirectory>;
