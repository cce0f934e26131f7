import { DescriptionWriter } from './copy.js';
import { CLUTCHES, JEWELLERY_SETS, JUTTIS, SAFAS } from './designs-accessories.js';
import { BANDHGALAS, INDO_WESTERN_MEN, KURTA_SETS, SHERWANIS, TUXEDOS } from './designs-men.js';
import {
  ANARKALIS,
  GOWNS,
  INDO_WESTERN_WOMEN,
  LEHENGAS,
  SAREES,
  SHARARAS,
} from './designs-women.js';
import { KINDS, KIND_ORDER } from './kinds.js';
import { COLOUR_HEX, accentFor } from './palette.js';
import { rentalPricesFor } from './pricing.js';
import { Deck, createRng, hashString, type Rng } from './prng.js';
import type { Design, GarmentKind, SeedProduct, SeedSize } from './types.js';

export type {
  Category,
  GarmentKind,
  Occasion,
  RentalPrices,
  SeedProduct,
  SeedSize,
  Tier,
} from './types.js';
export { OCCASIONS } from './types.js';
export { tierForMrp } from './pricing.js';

/** Fixed seed: change it and every generated detail (sizes, prices, order) changes with it. */
const SEED = 20_240_611;

const DESIGNS: Readonly<Record<GarmentKind, readonly Design[]>> = {
  lehenga: LEHENGAS,
  saree: SAREES,
  anarkali: ANARKALIS,
  gown: GOWNS,
  sharara: SHARARAS,
  'indo-western-women': INDO_WESTERN_WOMEN,
  sherwani: SHERWANIS,
  bandhgala: BANDHGALAS,
  'kurta-set': KURTA_SETS,
  'indo-western-men': INDO_WESTERN_MEN,
  tuxedo: TUXEDOS,
  'jewellery-set': JEWELLERY_SETS,
  clutch: CLUTCHES,
  safa: SAFAS,
  juttis: JUTTIS,
};

/**
 * The home page 'Latest Collections' rail shows the first 10 products in catalogue order,
 * so these open the catalogue (and are its newest listings): a mix of kinds, women's and
 * men's wear and one accessory.
 */
const FEATURED: readonly string[] = [
  'Rani Pink Zardozi Bridal Lehenga',
  'Ivory Zardozi Groom Sherwani',
  'Red Kanjeevaram Temple Border Saree',
  'Mustard Gota Patti Sharara Set',
  'Navy Velvet Jodhpur Bandhgala',
  'Emerald Velvet Zardozi Anarkali',
  'Gold Lakshmi Temple Jewellery Set',
  'Blush Pink Crystal Corset Gown',
  'Peach Mirror Yoke Kurta Set',
  'Royal Blue Palazzo Saree Set',
];

/** Condition notes by pool (the scale seed draws from them too). */
export const CONDITIONS = {
  apparel: [
    'Brand new with tags',
    'Like new, worn once',
    'Like new, worn twice',
    'Like new, steamed and garment-bagged',
    'Excellent, dry-cleaned and steamed',
    'Excellent, professionally dry-cleaned after every rental',
    'Excellent, rented three times',
    'Very good, faint wear on the inner hem',
    'Very good, one small invisible repair at a seam',
  ],
  jewellery: [
    'Brand new in box',
    'Like new, polished and wrapped in anti-tarnish paper',
    'Excellent, cleaned and every stone checked',
    'Very good, slight plating wear on the clasp',
  ],
  clutch: [
    'Brand new with tags',
    'Like new, used once',
    'Excellent, lining spotless',
    'Very good, light marks on the base',
  ],
  safa: [
    'Brand new, pre-tied',
    'Like new, re-tied and pressed',
    'Excellent, steam-pressed after every rental',
  ],
  juttis: [
    'Brand new in box',
    'Like new, worn once indoors',
    'Excellent, soles cleaned and sanitised',
    'Very good, light creasing at the toe',
  ],
} as const;

export type ConditionPool = keyof typeof CONDITIONS;

export function conditionPoolFor(kind: GarmentKind): ConditionPool {
  switch (kind) {
    case 'jewellery-set':
      return 'jewellery';
    case 'clutch':
    case 'safa':
    case 'juttis':
      return kind;
    default:
      return 'apparel';
  }
}

/** Chance that a size of an in-stock product is booked out. */
const SIZE_BOOKED_CHANCE = 0.1;
const UNITS = [1, 1, 1, 2, 2, 3] as const;
const APPAREL_IMAGE_COUNTS = [2, 3, 3, 4, 4, 4] as const;
const ACCESSORY_IMAGE_COUNTS = [2, 2, 3, 3, 4] as const;

type Draft = Omit<SeedProduct, 'productId' | 'daysAgo'>;

/** A run of the kind's sizes (or the design's own), each with its units; some booked out. */
export function sizesFor(
  kind: GarmentKind,
  design: Pick<Design, 'sizeRun'>,
  inStock: boolean,
  rng: Rng,
): SeedSize[] {
  const scale = design.sizeRun ?? KINDS[kind].sizes;
  let run = scale;
  if (design.sizeRun === undefined && scale.length > 3) {
    const length = rng.int(3, Math.min(6, scale.length));
    const start = rng.int(0, scale.length - length);
    run = scale.slice(start, start + length);
  }
  const sizes = run.map((size) => ({
    size,
    available: inStock && !rng.chance(SIZE_BOOKED_CHANCE),
    units: rng.pick(UNITS),
  }));
  const middle = sizes[Math.floor(sizes.length / 2)];
  if (inStock && middle !== undefined && !sizes.some((s) => s.available)) middle.available = true;
  return sizes;
}

function draftFor(
  kind: GarmentKind,
  design: Design,
  writer: DescriptionWriter,
  conditions: Readonly<Record<ConditionPool, Deck<string>>>,
): Draft {
  const info = KINDS[kind];
  const rng = createRng((hashString(design.name) ^ SEED) >>> 0);
  const isAvailable = design.soldOut !== true;
  const accessory = info.category === 'Accessories';
  return {
    name: design.name,
    description: writer.write(design),
    kind,
    category: info.category,
    subCategory: info.subCategory,
    occasions: [...design.occasions],
    colour: { name: design.colour, hex: COLOUR_HEX[design.colour] },
    accent: accentFor(design.colour, design.work, design.accent),
    mrp: design.mrp,
    rentalPrices: rentalPricesFor(design.mrp, rng),
    condition: conditions[conditionPoolFor(kind)].draw(),
    bestseller: design.bestseller === true,
    isAvailable,
    sizes: sizesFor(kind, design, isAvailable, rng),
    imageCount: rng.pick(accessory ? ACCESSORY_IMAGE_COUNTS : APPAREL_IMAGE_COUNTS),
  };
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} out of range`);
  return item;
}

/** Featured first, then the rest shuffled, nudged so the same kind rarely sits side by side. */
function orderCatalogue(drafts: readonly Draft[], rng: Rng): Draft[] {
  const byName = new Map(drafts.map((d) => [d.name, d]));
  const featured = FEATURED.map((name) => {
    const draft = byName.get(name);
    if (draft === undefined) throw new Error(`Featured product not in catalogue: ${name}`);
    return draft;
  });
  const featuredNames = new Set(FEATURED);
  const ordered = [...featured, ...rng.shuffle(drafts.filter((d) => !featuredNames.has(d.name)))];

  for (let i = FEATURED.length; i < ordered.length; i++) {
    const previousKind = itemAt(ordered, i - 1).kind;
    if (itemAt(ordered, i).kind !== previousKind) continue;
    const swapWith = ordered.findIndex((d, k) => k > i && d.kind !== previousKind);
    if (swapWith === -1) break;
    const current = itemAt(ordered, i);
    ordered[i] = itemAt(ordered, swapWith);
    ordered[swapWith] = current;
  }
  return ordered;
}

/** Distinct listing ages: featured products are the newest, the rest spread over a year. */
function listingAges(count: number, rng: Rng): number[] {
  const fresh: number[] = [];
  let day = 0;
  for (let i = 0; i < FEATURED.length; i++) {
    fresh.push(day);
    day += rng.int(1, 2);
  }
  const olderDays = Array.from({ length: 365 - day + 1 }, (_, i) => day + i);
  return [...fresh, ...rng.shuffle(olderDays).slice(0, count - FEATURED.length)];
}

/** Builds the seed catalogue. Pure and deterministic: every call returns deep-equal data. */
export function buildSeedCatalogue(): SeedProduct[] {
  const conditionRng = createRng(`conditions:${SEED}`);
  const conditions: Record<ConditionPool, Deck<string>> = {
    apparel: new Deck(CONDITIONS.apparel, conditionRng),
    jewellery: new Deck(CONDITIONS.jewellery, conditionRng),
    clutch: new Deck(CONDITIONS.clutch, conditionRng),
    safa: new Deck(CONDITIONS.safa, conditionRng),
    juttis: new Deck(CONDITIONS.juttis, conditionRng),
  };

  const drafts = KIND_ORDER.flatMap((kind) => {
    const writer = new DescriptionWriter(kind, KINDS[kind].noun);
    return DESIGNS[kind].map((design) => draftFor(kind, design, writer, conditions));
  });
  const names = new Set(drafts.map((d) => d.name));
  if (names.size !== drafts.length)
    throw new Error('Duplicate product names in the seed catalogue');

  const orderRng = createRng(SEED);
  const ordered = orderCatalogue(drafts, orderRng);
  const ages = listingAges(ordered.length, orderRng);

  return ordered.map((draft, index) => ({
    productId: `PHN-${KINDS[draft.kind].prefix}-${String(index + 1).padStart(4, '0')}`,
    ...draft,
    daysAgo: itemAt(ages, index),
  }));
}
