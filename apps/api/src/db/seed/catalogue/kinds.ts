import type { Category, GarmentKind } from './types.js';

export const WOMEN_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const MEN_LETTER_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export const MEN_CHEST_SIZES = ['38', '40', '42', '44', '46'] as const;
export const JUTTI_SIZES = ['UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'] as const;
export const FREE_SIZE = 'Free Size';

export interface KindInfo {
  /** Product-id prefix, e.g. LEH in PHN-LEH-0001. */
  prefix: string;
  category: Category;
  subCategory: string;
  /** How the copy names one of these ('lehenga', 'kurta set'). */
  noun: string;
  /** The size scale a product picks a consecutive run from; a single entry means one size. */
  sizes: readonly string[];
}

export const KINDS: Readonly<Record<GarmentKind, KindInfo>> = {
  lehenga: {
    prefix: 'LEH',
    category: 'Women',
    subCategory: 'Lehenga',
    noun: 'lehenga',
    sizes: WOMEN_SIZES,
  },
  saree: {
    prefix: 'SAR',
    category: 'Women',
    subCategory: 'Saree',
    noun: 'saree',
    sizes: WOMEN_SIZES,
  },
  anarkali: {
    prefix: 'ANK',
    category: 'Women',
    subCategory: 'Anarkali',
    noun: 'anarkali',
    sizes: WOMEN_SIZES,
  },
  gown: { prefix: 'GWN', category: 'Women', subCategory: 'Gown', noun: 'gown', sizes: WOMEN_SIZES },
  sharara: {
    prefix: 'SHR',
    category: 'Women',
    subCategory: 'Sharara',
    noun: 'sharara set',
    sizes: WOMEN_SIZES,
  },
  'indo-western-women': {
    prefix: 'IWW',
    category: 'Women',
    subCategory: 'Indo-Western',
    noun: 'indo-western set',
    sizes: WOMEN_SIZES,
  },
  sherwani: {
    prefix: 'SHW',
    category: 'Men',
    subCategory: 'Sherwani',
    noun: 'sherwani',
    sizes: MEN_CHEST_SIZES,
  },
  bandhgala: {
    prefix: 'BGL',
    category: 'Men',
    subCategory: 'Bandhgala',
    noun: 'bandhgala',
    sizes: MEN_CHEST_SIZES,
  },
  'kurta-set': {
    prefix: 'KRT',
    category: 'Men',
    subCategory: 'Kurta Set',
    noun: 'kurta set',
    sizes: MEN_LETTER_SIZES,
  },
  'indo-western-men': {
    prefix: 'IWM',
    category: 'Men',
    subCategory: 'Indo-Western',
    noun: 'indo-western set',
    sizes: MEN_LETTER_SIZES,
  },
  tuxedo: {
    prefix: 'TUX',
    category: 'Men',
    subCategory: 'Tuxedo',
    noun: 'tuxedo',
    sizes: MEN_CHEST_SIZES,
  },
  'jewellery-set': {
    prefix: 'JWL',
    category: 'Accessories',
    subCategory: 'Jewellery Set',
    noun: 'jewellery set',
    sizes: [FREE_SIZE],
  },
  clutch: {
    prefix: 'CLT',
    category: 'Accessories',
    subCategory: 'Clutch',
    noun: 'clutch',
    sizes: [FREE_SIZE],
  },
  safa: {
    prefix: 'SAF',
    category: 'Accessories',
    subCategory: 'Safa',
    noun: 'safa',
    sizes: [FREE_SIZE],
  },
  juttis: {
    prefix: 'JUT',
    category: 'Accessories',
    subCategory: 'Juttis',
    noun: 'juttis',
    sizes: JUTTI_SIZES,
  },
};

/** Catalogue-wide kind order, used when walking the design tables. */
export const KIND_ORDER = Object.keys(KINDS) as GarmentKind[];
