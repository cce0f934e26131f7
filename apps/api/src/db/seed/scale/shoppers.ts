import type { IndianState } from '@pehnava/shared';
import type { Rng } from '../catalogue/prng.js';
import type { DeliveryAddressRecord } from '../../schema/index.js';
import type { Ids } from './ids.js';

/** A generated shopper account; `createdAt` is set once their bookings are known. */
export interface Shopper {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** The profile's address, one line per part. */
  address: string;
  delivery: DeliveryAddressRecord;
  createdAt: Date;
}

const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Anika',
  'Arjun',
  'Aryan',
  'Avni',
  'Deepika',
  'Dev',
  'Diya',
  'Farhan',
  'Gauri',
  'Harsh',
  'Isha',
  'Ishaan',
  'Jahnavi',
  'Kabir',
  'Kavya',
  'Kiara',
  'Krishna',
  'Lakshmi',
  'Meera',
  'Mohit',
  'Naina',
  'Neha',
  'Nikhil',
  'Nisha',
  'Pooja',
  'Pranav',
  'Priya',
  'Rahul',
  'Riya',
  'Rohan',
  'Saanvi',
  'Sahil',
  'Sanya',
  'Shreya',
  'Siddharth',
  'Simran',
  'Sneha',
  'Tanvi',
  'Tara',
  'Varun',
  'Vedant',
  'Vihaan',
  'Yash',
  'Zara',
  'Zoya',
  'Ayesha',
  'Imran',
  'Harpreet',
  'Gurleen',
  'Joseph',
  'Anjali',
  'Rekha',
  'Suresh',
  'Lavanya',
  'Karthik',
  'Divya',
] as const;

/**
 * The first names above that are men's (Harpreet and Krishna are given to both, and count as
 * either): a review of women's or men's wear comes from someone who wore it.
 */
const MEN_FIRST_NAMES = new Set([
  'Aarav',
  'Akash',
  'Arjun',
  'Aryan',
  'Dev',
  'Farhan',
  'Harsh',
  'Ishaan',
  'Kabir',
  'Krishna',
  'Mohit',
  'Nikhil',
  'Pranav',
  'Rahul',
  'Rohan',
  'Sahil',
  'Siddharth',
  'Varun',
  'Vedant',
  'Vihaan',
  'Yash',
  'Imran',
  'Harpreet',
  'Joseph',
  'Suresh',
  'Karthik',
]);
const EITHER = new Set(['Harpreet', 'Krishna']);

/** Whether a shopper of this name would wear women's or men's clothes themselves. */
export function wears(name: string, wear: 'Women' | 'Men'): boolean {
  const first = name.split(' ')[0]!;
  return EITHER.has(first) || MEN_FIRST_NAMES.has(first) === (wear === 'Men');
}

const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Mehta',
  'Gupta',
  'Agarwal',
  'Kapoor',
  'Malhotra',
  'Khanna',
  'Chopra',
  'Bose',
  'Banerjee',
  'Chatterjee',
  'Das',
  'Mukherjee',
  'Rao',
  'Menon',
  'Pillai',
  'Kulkarni',
  'Deshpande',
  'Joshi',
  'Singh',
  'Gill',
  'Sandhu',
  'Khan',
  'Qureshi',
  'Fernandes',
  'DSouza',
  'Bhatt',
  'Trivedi',
  'Saxena',
  'Srivastava',
  'Mishra',
  'Chauhan',
  'Rathore',
  'Naidu',
] as const;

interface City {
  name: string;
  state: IndianState;
  /** The first three digits of its PIN codes. */
  pin: string;
  areas: readonly string[];
}

/** Cities the shop delivers to most, with a few of their neighbourhoods. */
const CITIES: readonly City[] = [
  {
    name: 'Mumbai',
    state: 'Maharashtra',
    pin: '400',
    areas: ['Bandra West', 'Andheri East', 'Powai', 'Dadar', 'Malad West', 'Chembur'],
  },
  {
    name: 'Pune',
    state: 'Maharashtra',
    pin: '411',
    areas: ['Koregaon Park', 'Baner', 'Kothrud', 'Viman Nagar'],
  },
  {
    name: 'New Delhi',
    state: 'Delhi',
    pin: '110',
    areas: ['Lajpat Nagar', 'Saket', 'Rajouri Garden', 'Vasant Kunj', 'Karol Bagh'],
  },
  {
    name: 'Gurugram',
    state: 'Haryana',
    pin: '122',
    areas: ['DLF Phase 2', 'Sohna Road', 'Sector 56'],
  },
  {
    name: 'Noida',
    state: 'Uttar Pradesh',
    pin: '201',
    areas: ['Sector 62', 'Sector 18', 'Sector 137'],
  },
  {
    name: 'Bengaluru',
    state: 'Karnataka',
    pin: '560',
    areas: ['Indiranagar', 'Koramangala', 'Jayanagar', 'Whitefield', 'HSR Layout'],
  },
  {
    name: 'Hyderabad',
    state: 'Telangana',
    pin: '500',
    areas: ['Banjara Hills', 'Gachibowli', 'Kondapur', 'Secunderabad'],
  },
  {
    name: 'Chennai',
    state: 'Tamil Nadu',
    pin: '600',
    areas: ['T. Nagar', 'Adyar', 'Anna Nagar', 'Velachery'],
  },
  {
    name: 'Kolkata',
    state: 'West Bengal',
    pin: '700',
    areas: ['Salt Lake', 'Ballygunge', 'New Town', 'Behala'],
  },
  { name: 'Ahmedabad', state: 'Gujarat', pin: '380', areas: ['Navrangpura', 'Satellite', 'Bopal'] },
  { name: 'Surat', state: 'Gujarat', pin: '395', areas: ['Adajan', 'Vesu', 'Athwa'] },
  {
    name: 'Jaipur',
    state: 'Rajasthan',
    pin: '302',
    areas: ['C-Scheme', 'Malviya Nagar', 'Vaishali Nagar'],
  },
  {
    name: 'Lucknow',
    state: 'Uttar Pradesh',
    pin: '226',
    areas: ['Gomti Nagar', 'Hazratganj', 'Aliganj'],
  },
  {
    name: 'Chandigarh',
    state: 'Chandigarh',
    pin: '160',
    areas: ['Sector 17', 'Sector 35', 'Sector 8'],
  },
  {
    name: 'Kochi',
    state: 'Kerala',
    pin: '682',
    areas: ['Kakkanad', 'Edappally', 'Panampilly Nagar'],
  },
  { name: 'Indore', state: 'Madhya Pradesh', pin: '452', areas: ['Vijay Nagar', 'Palasia', 'Rau'] },
];

const BUILDINGS = [
  'Residency',
  'Heights',
  'Apartments',
  'Enclave',
  'Towers',
  'Gardens',
  'Villa',
] as const;
const BUILDING_NAMES = [
  'Shanti',
  'Sai',
  'Gulmohar',
  'Lotus',
  'Ashoka',
  'Neelkanth',
  'Sunrise',
  'Kailash',
  'Vrindavan',
  'Silver Oak',
  'Green Park',
  'Royal',
] as const;
const ROADS = [
  'MG Road',
  'Station Road',
  'Link Road',
  'Ring Road',
  'Temple Street',
  'Main Road',
  '1st Cross',
  '4th Main',
] as const;
const LANDMARKS = [
  'Near City Hospital',
  'Opposite the metro station',
  'Behind the post office',
  'Near Shiv Mandir',
  'Next to the petrol pump',
  'Near the public library',
] as const;

/** A 10-digit Indian mobile number. */
function phone(rng: Rng): string {
  let digits = String(rng.int(6, 9));
  for (let i = 0; i < 9; i += 1) digits += String(rng.int(0, 9));
  return digits;
}

/**
 * `count` shoppers with names, e-mails, phones and a delivery address each (unique e-mails on a
 * domain of their own). Their `createdAt` is placeholder until the bookings are known.
 */
export function generateShoppers(count: number, rng: Rng, ids: Ids, domain: string): Shopper[] {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i += 1) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    const city = rng.pick(CITIES);
    const street = `${rng.int(1, 450)}, ${rng.pick(BUILDING_NAMES)} ${rng.pick(BUILDINGS)}, ${rng.pick(ROADS)}, ${rng.pick(city.areas)}`;
    const pincode = `${city.pin}${String(rng.int(1, 99)).padStart(3, '0')}`;
    const mobile = phone(rng);
    const landmark = rng.chance(0.4) ? rng.pick(LANDMARKS) : '';
    shoppers.push({
      id: ids.uuid(),
      name,
      email: `${first}.${last}.${i + 1}@${domain}`.toLowerCase(),
      phone: mobile,
      address: [street, landmark, `${city.name}, ${city.state} ${pincode}`]
        .filter(Boolean)
        .join('\n'),
      delivery: {
        name,
        phone: mobile,
        street,
        landmark,
        city: city.name,
        state: city.state,
        pincode,
      },
      createdAt: new Date(0),
    });
  }
  return shoppers;
}
