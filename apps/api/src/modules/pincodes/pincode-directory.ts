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

type Entries = Record<string, [string, number]>;

/** The file read, once per process whatever the number of apps built in it (tests build many). */
const read = new Map<string, Entries>();

/**
 * India Post's pincodes (issue [O] §3), read from the file on the first question (the service asks
 * for the warehouse's as it is built, so a wrong WAREHOUSE_PINCODE stops the start): 19,238
 * pincodes, about 480 KB, parsed in a few milliseconds, once per process.
 */
export function createPincodeDirectory(file: URL = PINCODES_FILE) {
  const all = (): Entries => {
    let entries = read.get(file.href);
    if (!entries) {
      entries = (JSON.parse(readFileSync(file, 'utf8')) as { pincodes: Entries }).pincodes;
      read.set(file.href, entries);
    }
    return entries;
  };
  return {
    find(pincode: string): PincodePlace | undefined {
      const entries = all();
      const entry = Object.hasOwn(entries, pincode) ? entries[pincode] : undefined;
      if (!entry) return undefined;
      const state = INDIAN_STATES[entry[1]];
      return state ? { pincode, district: entry[0], state } : undefined;
    },
  };
}

export type PincodeDirectory = ReturnType<typeof createPincodeDirectory>;
