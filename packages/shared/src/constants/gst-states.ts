import { INDIAN_STATES, type IndianState } from './indian-states.js';

/**
 * The GST state code of each of the 36 states and union territories the checkout offers
 * (INDIAN_STATES), as GST registrations (the first two digits of a GSTIN) and invoices' place of
 * supply use them. Codes 25 (Daman and Diu before its 2020 merger) and 28 (Andhra Pradesh before
 * 2014) belong to no state the checkout lists, but older GSTINs may still carry them.
 */
export const GST_STATE_CODES = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
} as const satisfies Record<IndianState, string>;

/** The state codes a GSTIN may start with: 01 to 38, as GST uses them. */
export const GSTIN_STATE_CODE_MIN = 1;
export const GSTIN_STATE_CODE_MAX = 38;

/** The GST state code of a state or union territory as addresses name it; undefined when unknown. */
export function gstStateCodeOf(state: string): string | undefined {
  return (INDIAN_STATES as readonly string[]).includes(state)
    ? GST_STATE_CODES[state as IndianState]
    : undefined;
}
