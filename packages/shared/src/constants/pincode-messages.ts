import { formatIsoDate } from '../pricing/dates.js';

/** Six digits, the first not 0: the form of an Indian pincode. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** What the pincode directory and checkout say of a pincode (DECISIONS.md 'Delivery promise'). */
export const PINCODE_MESSAGES = {
  invalid: 'Please enter a valid 6-digit PIN code',
  notFound: (pincode: string): string =>
    `PIN code ${pincode} is not in India Post's directory: please check it`,
  notServed: (pincode: string): string =>
    `We do not deliver to PIN code ${pincode} yet: please choose another address`,
  /** Checkout: a start date sooner than a parcel can reach the address. */
  tooSoon: ({
    product,
    pincode,
    city,
    earliest,
  }: {
    product: string;
    pincode: string;
    city: string;
    earliest: string;
  }): string =>
    `${product} cannot reach ${pincode} (${city}) by its start date: the earliest start there is ${formatIsoDate(earliest)}. Please choose a later date`,
  /** The product page: when a parcel arrives. */
  deliveredBy: ({ date, pincode, city }: { date: string; pincode: string; city: string }): string =>
    `Delivered by ${formatIsoDate(date).replace(/, \d{4}$/, '')} to ${pincode} (${city})`,
  /** The console's list of pincodes not served (decision 068). */
  prefixInvalid: 'A prefix is 1 to 6 digits and does not start with 0, e.g. 744 or 682028',
  prefixCoversNone: (prefix: string): string =>
    `No PIN code in India Post's directory begins with ${prefix}: please check it`,
  prefixCoversWarehouse: (prefix: string, warehouse: string): string =>
    `${prefix} would include the warehouse's PIN code ${warehouse}, where every parcel leaves from: it cannot be marked not served`,
  prefixListed: (prefix: string): string =>
    `${prefix} is already on the list of PIN codes not served`,
  prefixCoveredBy: (prefix: string, by: string): string =>
    `PIN codes beginning ${prefix} are already not served: ${by} is on the list`,
  prefixInConfiguration: (prefix: string): string =>
    `${prefix} comes from the server's configuration (NOT_SERVED_PINCODES): it can only be changed there`,
  prefixNotListed: (prefix: string): string =>
    `${prefix} is not on the list of PIN codes not served`,
  prefixAdded: (prefix: string, pincodes: number): string =>
    prefix.length === 6
      ? `PIN code ${prefix} is no longer served`
      : pincodes === 1
        ? `The one PIN code beginning ${prefix} is no longer served`
        : `The ${pincodes.toLocaleString('en-IN')} PIN codes beginning ${prefix} are no longer served`,
  prefixRemoved: (prefix: string): string =>
    prefix.length === 6
      ? `PIN code ${prefix} is served again`
      : `PIN codes beginning ${prefix} are served again`,
  prefixRemovedStillCovered: (prefix: string, by: string): string =>
    `${prefix} is off the list, but ${by} is still on it: those PIN codes stay not served`,
} as const;
