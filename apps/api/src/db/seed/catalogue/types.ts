/** Public shapes of the seed catalogue, plus the internal shape of a curated design row. */

export type { ProductCategory as Tier } from '@pehnava/shared';

/** The garment kinds are the art module's: each kind has its own drawing. */
export type { GarmentKind } from '../art/garments.js';
import type { GarmentKind } from '../art/garments.js';

export type Category = 'Women' | 'Men' | 'Accessories';

export const OCCASIONS = [
  'Wedding',
  'Reception',
  'Sangeet',
  'Mehendi',
  'Festive',
  'Party',
] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const COLOUR_NAMES = [
  'Red',
  'Maroon',
  'Rani Pink',
  'Blush Pink',
  'Peach',
  'Ivory',
  'Gold',
  'Mustard',
  'Emerald',
  'Teal',
  'Royal Blue',
  'Navy',
  'Lavender',
  'Black',
  'Wine',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

export interface SeedSize {
  size: string;
  available: boolean;
  units: number;
}

export interface RentalPrices {
  twoDay: number;
  fourDay: number;
  sevenDay: number;
  fourteenDay: number;
}

export interface SeedProduct {
  /** e.g. 'PHN-LEH-0001': kind prefix plus a number unique across the catalogue, in catalogue order. */
  productId: string;
  name: string;
  description: string;
  kind: GarmentKind;
  category: Category;
  subCategory: string;
  occasions: string[];
  colour: { name: string; hex: string };
  /** '#rrggbb' embroidery / trim colour used by the illustrations. */
  accent: string;
  /** Whole rupees. */
  mrp: number;
  rentalPrices: RentalPrices;
  condition: string;
  bestseller: boolean;
  isAvailable: boolean;
  sizes: SeedSize[];
  imageCount: 2 | 3 | 4;
  /** Days before the seed's reference date that the product was listed (0..365). */
  daysAgo: number;
}

/**
 * One hand-curated catalogue row. The generator turns it into a SeedProduct: it adds the
 * id, the prose around `detail`, rental prices, sizes, condition and listing date.
 */
export interface Design {
  name: string;
  colour: ColourName;
  /** Base fabric or material, lower case as it reads mid-sentence: 'raw silk', 'gold-plated brass'. */
  fabric: string;
  /** Embellishment, lower case as it reads after 'finished with': 'zardozi and dabka'. */
  work: string;
  /** Whole rupees, already a realistic retail figure (4,499, 24,500...). */
  mrp: number;
  /** 1-3 occasions; the first one is the one the copy talks about. */
  occasions: readonly Occasion[];
  /** One hand-written sentence that makes the item specific. */
  detail: string;
  /** Noun used in the opening sentence when the kind's default does not fit ('potli bag'). */
  noun?: string;
  /** Replaces the 'what comes with it' sentence drawn from the kind's pool. */
  includes?: string;
  /** Overrides the accent derived from the colour and the work. */
  accent?: string;
  /** Overrides the kind's size scale with an explicit run of sizes. */
  sizeRun?: readonly string[];
  bestseller?: boolean;
  /** Listed but currently out of stock (isAvailable: false). */
  soldOut?: boolean;
}
