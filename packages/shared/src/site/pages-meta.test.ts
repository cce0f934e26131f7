import { describe, expect, it } from 'vitest';
import type { Product } from '../contracts/catalogue.js';
import { STATIC_PAGE_META, productPageMeta } from './pages-meta.js';

const lehenga: Product = {
  _id: '00000000-0000-4000-8000-000000000001',
  productId: 'PHN-TST-1',
  name: 'Rani Pink Bridal Lehenga',
  description:
    'Hand-embroidered zardozi on raw silk with a net dupatta. Cut for a sangeet or a reception, with room in the seams for a fitting.',
  images: ['/images/products/a-1.svg', '/images/products/a-2.svg'],
  mrp: 42000,
  twoDayRentalPrice: 4200,
  fourDayRentalPrice: 5460,
  sevenDayRentalPrice: 7140,
  fourteenDayRentalPrice: 10500,
  category: 'luxury',
  condition: 'Like new',
  bestseller: true,
  isAvailable: true,
  date: '2026-01-01T00:00:00.000Z',
  sizes: [],
  filters: [],
};

describe('page metadata', () => {
  it('has a distinct title and a description of at most 160 characters for every fixed page', () => {
    const titles = Object.values(STATIC_PAGE_META).map((m) => m.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const meta of Object.values(STATIC_PAGE_META)) {
      expect(meta.title).toContain('Pehnava');
      expect(meta.description.length).toBeGreaterThan(40);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('describes a product by name, price, MRP and tier, cut at a word within 160 characters', () => {
    const meta = productPageMeta(lehenga);
    expect(meta.title).toBe('Rani Pink Bridal Lehenga on rent · Pehnava');
    expect(
      meta.description.startsWith('Rent from ₹4,200 for 2 days (MRP ₹42,000). Luxury tier.'),
    ).toBe(true);
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(meta.description.endsWith('…')).toBe(true);
    expect(meta.image).toBe('/images/products/a-1.svg');
    expect(meta.type).toBe('product');
    expect(productPageMeta({ ...lehenga, images: [] }).image).toBeUndefined();
  });
});
