import { describe, expect, it } from 'vitest';
import type { Product } from '../contracts/catalogue.js';
import { relatedProducts } from './related.js';

let serial = 0;
const product = (
  category: string,
  subCategory: string,
  extra: [string, string][] = [],
): Product => {
  serial += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    productId: `PHN-TST-${serial}`,
    name: `Piece ${serial}`,
    description: 'A piece',
    images: [],
    mrp: 4000,
    twoDayRentalPrice: 400,
    fourDayRentalPrice: 520,
    sevenDayRentalPrice: 680,
    fourteenDayRentalPrice: 1000,
    category: 'premium',
    condition: 'Like new',
    bestseller: false,
    isAvailable: true,
    date: '2026-01-01T00:00:00.000Z',
    sizes: [],
    filters: [
      { type: 'category', value: category },
      { type: 'subCategory', value: subCategory },
      ...extra.map(([type, value]) => ({ type, value })),
    ],
  };
};

describe('relatedProducts', () => {
  const self = product('Women', 'Lehenga', [['colour', 'Red']]);
  const sameKind = Array.from({ length: 7 }, (_, i) =>
    product('Women', 'Lehenga', [['colour', i % 2 ? 'Blue' : 'Red']]),
  );
  const others = [product('Women', 'Saree'), product('Men', 'Lehenga'), product('Men', 'Sherwani')];
  const all = [self, ...others, ...sameKind];

  it('picks up to the count from products sharing category and subCategory, never the product itself', () => {
    const picked = relatedProducts(all, self, 5, Math.random);
    expect(picked).toHaveLength(5);
    for (const p of picked) expect(sameKind).toContain(p);
    expect(new Set(picked.map((p) => p._id)).size).toBe(5);
  });

  it('returns fewer when fewer match, and none when nothing matches', () => {
    expect(relatedProducts([self, ...sameKind.slice(0, 2)], self, 5, Math.random)).toHaveLength(2);
    expect(relatedProducts(all, others[2]!, 5, Math.random)).toEqual([]);
  });

  it('is a random choice: different draws give different picks, the same draws the same', () => {
    const seq = (values: number[]) => {
      let i = 0;
      return () => values[i++ % values.length]!;
    };
    const a = relatedProducts(all, self, 3, seq([0]));
    const b = relatedProducts(all, self, 3, seq([0.99]));
    expect(a.map((p) => p._id)).not.toEqual(b.map((p) => p._id));
    expect(relatedProducts(all, self, 3, seq([0.5, 0.2]))).toEqual(
      relatedProducts(all, self, 3, seq([0.5, 0.2])),
    );
  });
});
