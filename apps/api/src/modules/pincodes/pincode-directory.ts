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
/** Its pincodes in order, made on the first count under a prefix (decision 068), once per process. */
const ordered = new Map<string, string[]>();

/** How many of `sorted` come before `key`. */
function before(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

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

    /** How many pincodes begin with `prefix` (1 to 6 digits): a binary search, no scan. */
    countWithPrefix(prefix: string): number {
      let sorted = ordered.get(file.href);
      if (!sorted) {
        sorted = Object.keys(all()).sort();
        ordered.set(file.href, sorted);
      }
      // Pincodes are digits, and ':' sorts just after '9': [prefix, prefix + ':') is every one under it.
      return before(sorted, `${prefix}:`) - before(sorted, prefix);
    },
  };
}

export type PincodeDirectory = ReturnType<typeof createPincodeDirectory>;
