import type { IndianState } from '@pehnava/shared';
import type { PincodePlace } from './pincode-directory.js';

/*
 * How long a parcel takes from the warehouse (DECISIONS.md 'Delivery promise'): 1 day within the
 * warehouse's city, 2 to the metros, 5 to the North-East, Jammu and Kashmir, Ladakh, Andaman and
 * Nicobar and Lakshadweep, 3 elsewhere. Cities are the directory's districts.
 */

/** The metros' districts, by state: Delhi NCR, Bengaluru, Chennai, Hyderabad, Kolkata, Pune, Ahmedabad. */
const METRO_DISTRICTS: Partial<Record<IndianState, readonly string[] | 'all'>> = {
  Delhi: 'all',
  Haryana: ['Gurgaon', 'Faridabad'],
  'Uttar Pradesh': ['Gautam Buddha Nagar', 'Ghaziabad'],
  Karnataka: ['Bengaluru', 'Bangalore Rural'],
  'Tamil Nadu': ['Chennai'],
  Telangana: ['Hyderabad', 'K.V.Rangareddy'],
  'West Bengal': ['Kolkata'],
  Maharashtra: ['Pune'],
  Gujarat: ['Ahmedabad'],
};

/** Far from everywhere: the North-East and the islands and the northern union territories. */
const FAR_STATES = new Set<IndianState>([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

const isMetro = (place: PincodePlace) => {
  const districts = METRO_DISTRICTS[place.state];
  return districts === 'all' || Boolean(districts?.includes(place.district));
};

/** The longest a parcel takes anywhere the shop delivers. */
export const LONGEST_TRANSIT_DAYS = 5;

/** Days a parcel takes from `warehouse` to `place`. */
export function transitDays(place: PincodePlace, warehouse: PincodePlace): number {
  if (place.state === warehouse.state && place.district === warehouse.district) return 1;
  if (FAR_STATES.has(place.state)) return LONGEST_TRANSIT_DAYS;
  if (isMetro(place)) return 2;
  return 3;
}
