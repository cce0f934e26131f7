import { formatRupees } from '../pricing/money.js';

/** The most any coupon amount may be, in rupees (₹10,00,000): far above any cart, within int4 paise. */
export const MAX_COUPON_RUPEES = 1_000_000;
/** The most uses a coupon limit may name; larger means unlimited, which is left empty. */
export const MAX_COUPON_LIMIT = 1_000_000;

const upTo = formatRupees(MAX_COUPON_RUPEES);

/**
 * What the admin coupons API answers (issue [K], DECISIONS.md 'Coupons'). Each field message says
 * what is allowed, so the console can show it under the field as it is.
 */
export const ADMIN_COUPON_MESSAGES = {
  code: 'Code must be 3 to 30 characters: letters, digits, - or _',
  codeTaken: (code: string): string => `A coupon with the code ${code} already exists`,
  type: 'Type must be percent or flat',
  value: 'Value must be a number: a whole percent from 1 to 100, or the rupees off',
  percent: 'Percent must be a whole number from 1 to 100',
  flat: `Amount off must be from ₹1 to ${upTo}, with at most 2 decimals`,
  /** A patch that changes the type must say the value in the new type's terms. */
  typeNeedsValue: 'Give the value with the type: a percent, or the rupees off',
  minSubtotal: `Minimum subtotal must be from ₹0 to ${upTo}, with at most 2 decimals`,
  maxDiscount: `Maximum discount must be from ₹1 to ${upTo}, with at most 2 decimals, or empty for no cap`,
  firstOrderOnly: 'First order only must be true or false',
  perUserLimit:
    'Uses per shopper must be a whole number from 1 to 1,000,000, or empty for unlimited',
  totalLimit: 'Total uses must be a whole number from 1 to 1,000,000, or empty for unlimited',
  limitsOrder: 'Uses per shopper cannot be more than total uses',
  validFrom: 'Valid from must be a date and time, or empty for no start',
  validTo: 'Valid to must be a date and time, or empty for no end',
  validOrder: 'Valid to must be after valid from',
  active: 'Active must be true or false',
  activeFilter: 'Active must be true or false',
  nothingToChange: 'Send at least one field to change',
  notFound: 'Coupon not found',
  created: (code: string): string => `Coupon ${code} created`,
  saved: (code: string): string => `Coupon ${code} saved`,
  paused: (code: string): string => `Coupon ${code} paused: shoppers can no longer apply it`,
  resumed: (code: string): string => `Coupon ${code} resumed`,
} as const;
