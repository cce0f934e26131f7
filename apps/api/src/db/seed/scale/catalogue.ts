import { ART_VERSION, categoryForMrp, rupeesToPaise, type ProductCategory } from '@pehnava/shared';
import { CONDITIONS, conditionPoolFor, sizesFor } from '../catalogue/catalogue.js';
import { DescriptionWriter } from '../catalogue/copy.js';
import { KINDS, KIND_ORDER } from '../catalogue/kinds.js';
import { COLOUR_HEX, accentFor } from '../catalogue/palette.js';
import { rentalPricesFor } from '../catalogue/pricing.js';
import { Deck, createRng, type Rng } from '../catalogue/prng.js';
import {
  COLOUR_NAMES,
  type ColourName,
  type GarmentKind,
  type Occasion,
  type SeedSize,
} from '../catalogue/types.js';
import type { Ids } from './ids.js';
import {
  COLOUR_WORDS,
  CRAFT_TOWNS,
  ACCESSORY_DETAILS,
  GARMENT_DETAILS,
  KIND_WORDS,
  PATTERNS,
  TRIMS,
  type Cut,
  type Motif,
} from './words.js';

/** One generated drawing: a garment kind in a colour and accent, one view. */
export interface ArtKey {
  key: string;
  kind: GarmentKind;
  colour: string;
  accent: string;
  view: 0 | 1 | 2 | 3;
}

/** A generated product as it is written: the seed's fields, its id and its drawings. */
export interface ScaleProduct {
  id: string;
  productId: string;
  name: string;
  description: string;
  kind: GarmentKind;
  mrpPaise: number;
  /** Derived from the MRP, as the server derives it whenever a product is written. */
  category: ProductCategory;
  twoDayPricePaise: number;
  fourDayPricePaise: number;
  sevenDayPricePaise: number;
  fourteenDayPricePaise: number;
  condition: string;
  bestseller: boolean;
  isAvailable: boolean;
  position: number;
  listedAt: Date;
  sizes: SeedSize[];
  filters: { type: string; value: string }[];
  art: ArtKey[];
}

/** Share of generated products flagged bestseller, and out of stock (isAvailable false). */
const BESTSELLER_SHARE = 0.04;
const SOLD_OUT_SHARE = 0.02;
const APPAREL_IMAGE_COUNTS = [2, 3, 3, 4, 4, 4] as const;
const ACCESSORY_IMAGE_COUNTS = [2, 2, 3, 3, 4] as const;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The drawing of `kind` in this colour and accent, view `view`: shared by every such product. */
export function artKeyFor(
  kind: GarmentKind,
  colour: ColourName,
  accent: string,
  view: 0 | 1 | 2 | 3,
): ArtKey {
  const key = `products/scale/${kind}-${slug(colour)}-${accent.slice(1).toLowerCase()}-${view + 1}-v${ART_VERSION}.svg`;
  return { key, kind, colour: COLOUR_HEX[colour], accent, view };
}

/** A retail-looking MRP: …99 below ₹10,000 (7,999), whole or …99 five hundreds above (24,500). */
function retailMrp(value: number, rng: Rng): number {
  const hundreds = Math.max(3, Math.round(value / 500)) * 500;
  if (hundreds < 10_000 || rng.chance(0.3)) return hundreds - 1;
  return hundreds;
}

/** An MRP in the kind's band, log-uniform, moved by the cut, kept within the seed's range. */
function mrpFor(band: readonly [number, number], cut: Cut, rng: Rng): number {
  const [low, high] = [band[0] * 0.85, band[1] * 1.1];
  const base = Math.exp(Math.log(low) + rng.next() * (Math.log(high) - Math.log(low)));
  return retailMrp(Math.min(62_000, Math.max(1_500, base * cut.price)), rng);
}

/** Kinds in the seed's proportions (its hand-curated rows per kind). */
function kindDeck(seedKinds: readonly GarmentKind[], rng: Rng): () => GarmentKind {
  const counts = new Map<GarmentKind, number>();
  for (const kind of seedKinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const pool = KIND_ORDER.flatMap((kind) =>
    Array.from({ length: counts.get(kind) ?? 1 }, () => kind),
  );
  const deck = new Deck(pool, rng);
  return () => deck.draw();
}

export interface CatalogueOptions {
  count: number;
  /** The first product number (the seed's 120 come before). */
  firstNumber: number;
  /** The first position in server order. */
  firstPosition: number;
  /** The seed's products' kinds, for the proportions. */
  seedKinds: readonly GarmentKind[];
  /** Listing dates fall between this and `now`. */
  listedFrom: Date;
  now: Date;
  seed: number;
  ids: Ids;
}

/**
 * `count` products in the seed's style: kinds in the seed's proportions, its colours, occasions
 * and price bands, names from the kind's own words, descriptions by the seed's writer, sizes and
 * units as the seed makes them, and drawings shared by every product of a kind, colour and accent.
 * Pure and deterministic for a given seed.
 */
export function generateCatalogue(options: CatalogueOptions): ScaleProduct[] {
  const rng = createRng(`${options.seed}:catalogue`);
  const nextKind = kindDeck(options.seedKinds, rng);
  const conditions = Object.fromEntries(
    Object.entries(CONDITIONS).map(([pool, notes]) => [pool, new Deck(notes, rng)]),
  ) as Record<keyof typeof CONDITIONS, Deck<string>>;
  const writers = new Map<GarmentKind, DescriptionWriter>();
  const writerFor = (kind: GarmentKind) => {
    let writer = writers.get(kind);
    if (!writer) {
      writer = new DescriptionWriter(kind, KINDS[kind].noun);
      writers.set(kind, writer);
    }
    return writer;
  };
  const names = new Set<string>();
  const span = options.now.getTime() - options.listedFrom.getTime();

  const products: ScaleProduct[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const kind = nextKind();
    const info = KINDS[kind];
    const words = KIND_WORDS[kind];
    let colour: ColourName = rng.pick(COLOUR_NAMES);
    let motif: Motif = rng.pick(words.motifs);
    let cut: Cut = rng.pick(words.cuts);
    let name = '';
    // Names repeat rarely: a few tries for a new one, then a repeat is allowed (real shops have them).
    for (let attempt = 0; attempt < 6; attempt += 1) {
      name = [rng.pick(COLOUR_WORDS[colour]), motif.word, cut.word, words.title]
        .filter(Boolean)
        .join(' ');
      if (!names.has(name)) break;
      colour = rng.pick(COLOUR_NAMES);
      motif = rng.pick(words.motifs);
      cut = rng.pick(words.cuts);
    }
    names.add(name);

    const fabric = rng.pick(motif.fabrics);
    const occasions = pickOccasions(cut, rng);
    const mrp = mrpFor(words.mrp, cut, rng);
    const prices = rentalPricesFor(mrp, rng);
    const accessory = info.category === 'Accessories';
    const [part, otherPart] = rng.shuffle(words.parts);
    const detail = rng.pick(accessory ? ACCESSORY_DETAILS : GARMENT_DETAILS)({
      work: motif.work,
      part: part!,
      otherPart: otherPart ?? part!,
      pattern: rng.pick(PATTERNS),
      town: rng.pick(CRAFT_TOWNS),
      trim: rng.pick(TRIMS),
      inches: rng.int(3, 12),
    });
    const description = writerFor(kind).write({
      name,
      colour,
      fabric,
      work: motif.work,
      mrp,
      occasions,
      detail,
      ...(cut.noun ? { noun: cut.noun } : {}),
    });
    const isAvailable = !rng.chance(SOLD_OUT_SHARE);
    const accent = accentFor(colour, motif.work);
    const imageCount = rng.pick(accessory ? ACCESSORY_IMAGE_COUNTS : APPAREL_IMAGE_COUNTS);
    const views = ([0, 1, 2, 3] as const).slice(0, imageCount);
    const number = options.firstNumber + i;

    products.push({
      id: options.ids.uuid(),
      productId: `PHN-${info.prefix}-${String(number).padStart(4, '0')}`,
      name,
      description,
      kind,
      mrpPaise: rupeesToPaise(mrp),
      category: categoryForMrp(rupeesToPaise(mrp)),
      twoDayPricePaise: rupeesToPaise(prices.twoDay),
      fourDayPricePaise: rupeesToPaise(prices.fourDay),
      sevenDayPricePaise: rupeesToPaise(prices.sevenDay),
      fourteenDayPricePaise: rupeesToPaise(prices.fourteenDay),
      condition: conditions[conditionPoolFor(kind)].draw(),
      bestseller: isAvailable && rng.chance(BESTSELLER_SHARE),
      isAvailable,
      position: options.firstPosition + i,
      // 60% listed in the first 30% of the span (before the bookings began), the rest after.
      listedAt: new Date(
        options.listedFrom.getTime() +
          Math.floor((rng.chance(0.6) ? rng.next() * 0.3 : 0.3 + rng.next() * 0.7) * span),
      ),
      sizes: sizesFor(kind, {}, isAvailable, rng),
      filters: [
        { type: 'category', value: info.category },
        { type: 'subCategory', value: info.subCategory },
        ...occasions.map((value) => ({ type: 'occasion', value })),
        { type: 'colour', value: colour },
      ],
      art: views.map((view) => artKeyFor(kind, colour, accent, view)),
    });
  }
  return products;
}

/** The cut's occasions, sometimes only its first, sometimes with one more (as the seed's rows). */
function pickOccasions(cut: Cut, rng: Rng): Occasion[] {
  const own = [...cut.occasions];
  if (own.length > 1 && rng.chance(0.25)) return own.slice(0, 1);
  return own;
}

/** Every distinct drawing the products use. */
export function artOf(products: readonly ScaleProduct[]): ArtKey[] {
  const byKey = new Map<string, ArtKey>();
  for (const product of products) for (const art of product.art) byKey.set(art.key, art);
  return [...byKey.values()];
}
