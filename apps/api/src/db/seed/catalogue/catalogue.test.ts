import { describe, expect, it } from 'vitest';
import {
  OCCASIONS,
  buildSeedCatalogue,
  tierForMrp,
  type GarmentKind,
  type SeedProduct,
  type Tier,
} from './catalogue.js';

const catalogue = buildSeedCatalogue();

/** The rules restated independently of the generator's own tables. */
const KIND_RULES: Record<
  GarmentKind,
  { prefix: string; category: SeedProduct['category']; subCategory: string; keywords: string[] }
> = {
  lehenga: { prefix: 'LEH', category: 'Women', subCategory: 'Lehenga', keywords: ['lehenga'] },
  saree: { prefix: 'SAR', category: 'Women', subCategory: 'Saree', keywords: ['saree'] },
  anarkali: { prefix: 'ANK', category: 'Women', subCategory: 'Anarkali', keywords: ['anarkali'] },
  gown: { prefix: 'GWN', category: 'Women', subCategory: 'Gown', keywords: ['gown'] },
  sharara: { prefix: 'SHR', category: 'Women', subCategory: 'Sharara', keywords: ['sharara'] },
  'indo-western-women': {
    prefix: 'IWW',
    category: 'Women',
    subCategory: 'Indo-Western',
    keywords: ['indo-western'],
  },
  sherwani: { prefix: 'SHW', category: 'Men', subCategory: 'Sherwani', keywords: ['sherwani'] },
  bandhgala: { prefix: 'BGL', category: 'Men', subCategory: 'Bandhgala', keywords: ['bandhgala'] },
  'kurta-set': { prefix: 'KRT', category: 'Men', subCategory: 'Kurta Set', keywords: ['kurta'] },
  'indo-western-men': {
    prefix: 'IWM',
    category: 'Men',
    subCategory: 'Indo-Western',
    keywords: ['indo-western'],
  },
  tuxedo: { prefix: 'TUX', category: 'Men', subCategory: 'Tuxedo', keywords: ['tuxedo'] },
  'jewellery-set': {
    prefix: 'JWL',
    category: 'Accessories',
    subCategory: 'Jewellery Set',
    keywords: ['jewellery', 'necklace'],
  },
  clutch: {
    prefix: 'CLT',
    category: 'Accessories',
    subCategory: 'Clutch',
    keywords: ['clutch', 'potli'],
  },
  safa: { prefix: 'SAF', category: 'Accessories', subCategory: 'Safa', keywords: ['safa'] },
  juttis: {
    prefix: 'JUT',
    category: 'Accessories',
    subCategory: 'Juttis',
    keywords: ['juttis', 'mojaris'],
  },
};
const ALL_KINDS = Object.keys(KIND_RULES) as GarmentKind[];

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const CHEST_SIZES = ['38', '40', '42', '44', '46'];
const JUTTI_SIZES = ['UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'];
const FREE_SIZE_KINDS: GarmentKind[] = ['jewellery-set', 'clutch', 'safa'];

function isConsecutiveRun(sizes: string[], scale: string[]): boolean {
  const start = scale.indexOf(sizes[0] ?? '');
  return start >= 0 && sizes.every((size, i) => scale[start + i] === size);
}

function countBy<T extends string>(
  items: SeedProduct[],
  key: (p: SeedProduct) => T,
): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe('buildSeedCatalogue', () => {
  it('has about 120 products with every kind represented at least 4 times', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(100);
    expect(catalogue.length).toBeLessThanOrEqual(130);
    const perKind = countBy(catalogue, (p) => p.kind);
    for (const kind of ALL_KINDS) expect(perKind.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(4);
    // Weighted like a real store: the staples outnumber the small accessories.
    for (const staple of ['lehenga', 'saree', 'sherwani', 'anarkali'] as const) {
      for (const small of ['juttis', 'safa', 'clutch'] as const) {
        expect(perKind.get(staple) ?? 0).toBeGreaterThan(perKind.get(small) ?? 0);
      }
    }
  });

  it('numbers product ids in catalogue order with the prefix of the kind', () => {
    catalogue.forEach((p, index) => {
      const match = /^PHN-([A-Z]{3})-(\d{4})$/.exec(p.productId);
      expect(match, p.productId).not.toBeNull();
      expect(match?.[1]).toBe(KIND_RULES[p.kind].prefix);
      expect(Number(match?.[2])).toBe(index + 1);
    });
    expect(new Set(catalogue.map((p) => p.productId)).size).toBe(catalogue.length);
  });

  it('has unique names and unique descriptions', () => {
    expect(new Set(catalogue.map((p) => p.name)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((p) => p.description)).size).toBe(catalogue.length);
  });

  it('writes 2-4 sentence descriptions that mention the colour and the kind', () => {
    for (const p of catalogue) {
      const text = p.description.toLowerCase();
      const sentences = p.description.split(/(?<=[.!?])\s+/);
      expect(sentences.length, p.name).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.name).toBeLessThanOrEqual(4);
      expect(text, p.name).toContain(p.colour.name.toLowerCase());
      expect(
        KIND_RULES[p.kind].keywords.some((k) => text.includes(k)),
        `${p.name} names its kind`,
      ).toBe(true);
      expect(p.name.trim()).toBe(p.name);
      expect(p.condition.length).toBeGreaterThan(0);
    }
  });

  it('keeps category and subCategory consistent with the kind', () => {
    for (const p of catalogue) {
      expect(p.category, p.name).toBe(KIND_RULES[p.kind].category);
      expect(p.subCategory, p.name).toBe(KIND_RULES[p.kind].subCategory);
    }
  });

  it('uses 1-3 distinct occasions from the allowed list', () => {
    const allowed: readonly string[] = OCCASIONS;
    for (const p of catalogue) {
      expect(p.occasions.length).toBeGreaterThanOrEqual(1);
      expect(p.occasions.length).toBeLessThanOrEqual(3);
      expect(new Set(p.occasions).size).toBe(p.occasions.length);
      for (const occasion of p.occasions) expect(allowed).toContain(occasion);
    }
  });

  it('uses a small named palette with one hex per colour and hex accents', () => {
    const hexByName = new Map<string, string>();
    for (const p of catalogue) {
      expect(p.colour.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.accent).toMatch(/^#[0-9a-f]{6}$/);
      expect(hexByName.get(p.colour.name) ?? p.colour.hex).toBe(p.colour.hex);
      hexByName.set(p.colour.name, p.colour.hex);
    }
    expect(hexByName.size).toBeGreaterThanOrEqual(12);
    expect(hexByName.size).toBeLessThanOrEqual(16);
    const accents = countBy(catalogue, (p) => p.accent);
    const [topAccent] = [...accents].sort((a, b) => b[1] - a[1])[0] ?? [];
    expect(topAccent).toBe('#c9a227');
  });
});

describe('pricing', () => {
  it('maps MRP to tiers at the documented boundaries', () => {
    expect(tierForMrp(4999)).toBe('premium');
    expect(tierForMrp(5000)).toBe('royal');
    expect(tierForMrp(10000)).toBe('royal');
    expect(tierForMrp(10001)).toBe('luxury');
  });

  it('has all three tiers in good numbers and MRPs between about 2,000 and 60,000', () => {
    const tiers = countBy<Tier>(catalogue, (p) => tierForMrp(p.mrp));
    for (const tier of ['premium', 'royal', 'luxury'] as const) {
      expect(tiers.get(tier) ?? 0, tier).toBeGreaterThanOrEqual(20);
    }
    for (const p of catalogue) {
      expect(Number.isInteger(p.mrp)).toBe(true);
      expect(p.mrp).toBeGreaterThanOrEqual(1500);
      expect(p.mrp).toBeLessThanOrEqual(60000);
    }
  });

  it('prices each kind sensibly', () => {
    const share = (kind: GarmentKind, tiers: Tier[]): number => {
      const ofKind = catalogue.filter((p) => p.kind === kind);
      return ofKind.filter((p) => tiers.includes(tierForMrp(p.mrp))).length / ofKind.length;
    };
    expect(share('lehenga', ['royal', 'luxury'])).toBeGreaterThanOrEqual(0.75);
    expect(share('sherwani', ['royal', 'luxury'])).toBeGreaterThanOrEqual(0.75);
    for (const kind of ['kurta-set', 'juttis', 'clutch', 'safa'] as const) {
      expect(share(kind, ['premium']), kind).toBeGreaterThanOrEqual(0.6);
    }
    const jewelleryTiers = new Set(
      catalogue.filter((p) => p.kind === 'jewellery-set').map((p) => tierForMrp(p.mrp)),
    );
    expect(jewelleryTiers.size).toBe(3);
    for (const p of catalogue.filter((q) => q.name.includes('Bridal'))) {
      expect(p.occasions, p.name).toContain('Wedding');
    }
  });

  it('sets tidy rental prices in proportion to MRP and to each other', () => {
    for (const p of catalogue) {
      const { twoDay, fourDay, sevenDay, fourteenDay } = p.rentalPrices;
      for (const price of [twoDay, fourDay, sevenDay, fourteenDay]) {
        expect(Number.isInteger(price)).toBe(true);
        expect(price % 10, `${p.name} ${price}`).toBe(9);
      }
      expect(twoDay / p.mrp, p.name).toBeGreaterThanOrEqual(0.075);
      expect(twoDay / p.mrp, p.name).toBeLessThanOrEqual(0.125);
      expect(twoDay).toBeLessThan(fourDay);
      expect(fourDay).toBeLessThan(sevenDay);
      expect(sevenDay).toBeLessThan(fourteenDay);
      expect(fourDay / twoDay, p.name).toBeGreaterThanOrEqual(1.2);
      expect(fourDay / twoDay, p.name).toBeLessThanOrEqual(1.4);
      expect(sevenDay / twoDay, p.name).toBeGreaterThanOrEqual(1.55);
      expect(sevenDay / twoDay, p.name).toBeLessThanOrEqual(1.85);
      expect(fourteenDay / twoDay, p.name).toBeGreaterThanOrEqual(2.3);
      expect(fourteenDay / twoDay, p.name).toBeLessThanOrEqual(2.7);
    }
  });
});

describe('merchandising flags', () => {
  it('has 8-14 bestsellers spread across kinds and tiers', () => {
    const bestsellers = catalogue.filter((p) => p.bestseller);
    expect(bestsellers.length).toBeGreaterThanOrEqual(8);
    expect(bestsellers.length).toBeLessThanOrEqual(14);
    expect(new Set(bestsellers.map((p) => p.kind)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(bestsellers.map((p) => tierForMrp(p.mrp))).size).toBe(3);
    expect(new Set(bestsellers.map((p) => p.category)).size).toBe(3);
  });

  it('has 4-6 unavailable products, none of them bestsellers or on the home page', () => {
    const unavailable = catalogue.filter((p) => !p.isAvailable);
    expect(unavailable.length).toBeGreaterThanOrEqual(4);
    expect(unavailable.length).toBeLessThanOrEqual(6);
    for (const p of unavailable) expect(p.bestseller).toBe(false);
    for (const p of catalogue.slice(0, 10)) expect(p.isAvailable).toBe(true);
  });

  it('opens with a varied first 10 for Latest Collections', () => {
    const first = catalogue.slice(0, 10);
    expect(new Set(first.map((p) => p.kind)).size).toBeGreaterThanOrEqual(8);
    const categories = countBy(first, (p) => p.category);
    expect(categories.get('Women') ?? 0).toBeGreaterThanOrEqual(3);
    expect(categories.get('Men') ?? 0).toBeGreaterThanOrEqual(2);
    expect(categories.get('Accessories')).toBe(1);
    expect(new Set(first.map((p) => p.colour.name)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives distinct listing ages within a year, newest first for the first 10', () => {
    const days = catalogue.map((p) => p.daysAgo);
    for (const d of days) {
      expect(Number.isInteger(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(365);
    }
    expect(new Set(days).size).toBe(days.length);
    const newestTen = [...catalogue].sort((a, b) => a.daysAgo - b.daysAgo).slice(0, 10);
    expect(newestTen.map((p) => p.productId)).toEqual(
      catalogue.slice(0, 10).map((p) => p.productId),
    );
  });

  it('has 2-4 gallery images per product', () => {
    for (const p of catalogue) expect([2, 3, 4]).toContain(p.imageCount);
  });
});

describe('sizes', () => {
  it('uses the size vocabulary of each kind as a consecutive run', () => {
    for (const p of catalogue) {
      const sizes = p.sizes.map((s) => s.size);
      expect(new Set(sizes).size, p.name).toBe(sizes.length);
      if (FREE_SIZE_KINDS.includes(p.kind)) {
        expect(sizes, p.name).toEqual(['Free Size']);
      } else if (p.kind === 'juttis') {
        expect(sizes.length, p.name).toBeGreaterThanOrEqual(3);
        expect(isConsecutiveRun(sizes, JUTTI_SIZES), p.name).toBe(true);
      } else {
        expect(sizes.length, p.name).toBeGreaterThanOrEqual(3);
        expect(sizes.length, p.name).toBeLessThanOrEqual(6);
        const scales = p.category === 'Men' ? [LETTER_SIZES, CHEST_SIZES] : [LETTER_SIZES];
        expect(
          scales.some((scale) => isConsecutiveRun(sizes, scale)),
          `${p.name}: ${sizes.join(', ')}`,
        ).toBe(true);
      }
    }
  });

  it('stocks 1-3 units per size and keeps every available product rentable', () => {
    for (const p of catalogue) {
      for (const s of p.sizes) {
        expect(Number.isInteger(s.units)).toBe(true);
        expect(s.units).toBeGreaterThanOrEqual(1);
        expect(s.units).toBeLessThanOrEqual(3);
      }
      expect(
        p.sizes.some((s) => s.available),
        p.name,
      ).toBe(p.isAvailable);
    }
  });

  it('has roughly 1 in 8 sizes booked out', () => {
    const sizes = catalogue.flatMap((p) => p.sizes);
    const booked = sizes.filter((s) => !s.available).length / sizes.length;
    expect(booked).toBeGreaterThanOrEqual(0.07);
    expect(booked).toBeLessThanOrEqual(0.2);
  });
});

describe('determinism', () => {
  it('returns deep-equal, independent data on every call', () => {
    const again = buildSeedCatalogue();
    expect(again).toEqual(catalogue);
    expect(again).not.toBe(catalogue);
    const first = again[0];
    if (first === undefined) throw new Error('empty catalogue');
    first.sizes.push({ size: 'XXXL', available: true, units: 1 });
    expect(buildSeedCatalogue()).toEqual(catalogue);
  });
});
