import { describe, expect, it } from 'vitest';
import type { Product } from '../contracts/catalogue.js';
import { countAppliedFilters, queryCatalogue, type CatalogueQuery } from './query.js';

const product = (
  name: string,
  over: Partial<Product> & { tags?: [string, string][] } = {},
): Product => ({
  _id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  productId: `PHN-TST-${name}`,
  name,
  description: over.description ?? `${name} for the occasion`,
  images: ['/a.svg'],
  mrp: over.mrp ?? 5000,
  twoDayRentalPrice: over.twoDayRentalPrice ?? 500,
  fourDayRentalPrice: 650,
  sevenDayRentalPrice: 850,
  fourteenDayRentalPrice: 1250,
  category: 'royal',
  condition: 'Like new',
  bestseller: false,
  isAvailable: true,
  date: over.date ?? '2026-01-01T00:00:00.000Z',
  sizes: [{ size: 'M', available: true }],
  filters: (over.tags ?? []).map(([type, value]) => ({ type, value })),
});

const catalogue = [
  product('Rani Pink Lehenga', {
    tags: [
      ['category', 'Women'],
      ['occasion', 'Wedding'],
      ['colour', 'Pink'],
    ],
    mrp: 40000,
    twoDayRentalPrice: 4000,
    date: '2026-03-01T00:00:00.000Z',
  }),
  product('Ivory Sherwani', {
    tags: [
      ['category', 'Men'],
      ['occasion', 'Wedding'],
      ['occasion', 'Reception'],
      ['colour', 'Ivory'],
    ],
    mrp: 20000,
    twoDayRentalPrice: 2200,
    description: 'Raw silk with zardozi',
    date: '2026-05-01T00:00:00.000Z',
  }),
  product('Emerald Sharara', {
    tags: [
      ['category', 'Women'],
      ['occasion', 'Mehendi'],
      ['colour', 'Green'],
    ],
    mrp: 4000,
    twoDayRentalPrice: 450,
    date: '2026-04-01T00:00:00.000Z',
  }),
];

const q = (over: Partial<CatalogueQuery>): CatalogueQuery => ({
  search: '',
  filters: {},
  sort: 'relevant',
  ...over,
});
const names = (products: Product[]) => products.map((p) => p.name);

describe('queryCatalogue', () => {
  it('keeps the server order by default and never changes its input', () => {
    const before = names(catalogue);
    expect(names(queryCatalogue(catalogue, q({ sort: 'low-high' })))).not.toEqual(before);
    expect(names(catalogue)).toEqual(before);
    expect(names(queryCatalogue(catalogue, q({})))).toEqual(before);
  });

  it('searches name and description, ignoring case and surrounding spaces', () => {
    expect(names(queryCatalogue(catalogue, q({ search: '  LEHENGA ' })))).toEqual([
      'Rani Pink Lehenga',
    ]);
    expect(names(queryCatalogue(catalogue, q({ search: 'zardozi' })))).toEqual(['Ivory Sherwani']);
    expect(queryCatalogue(catalogue, q({ search: 'tuxedo' }))).toEqual([]);
  });

  it('ORs values within a group and ANDs across groups', () => {
    expect(
      names(queryCatalogue(catalogue, q({ filters: { occasion: ['Wedding', 'Mehendi'] } }))),
    ).toHaveLength(3);
    expect(
      names(
        queryCatalogue(catalogue, q({ filters: { category: ['Women'], occasion: ['Wedding'] } })),
      ),
    ).toEqual(['Rani Pink Lehenga']);
    expect(names(queryCatalogue(catalogue, q({ filters: { category: [] } })))).toHaveLength(3);
  });

  it.each([
    ['newest', ['Ivory Sherwani', 'Emerald Sharara', 'Rani Pink Lehenga']],
    ['price-low-high', ['Emerald Sharara', 'Ivory Sherwani', 'Rani Pink Lehenga']],
    ['price-high-low', ['Rani Pink Lehenga', 'Ivory Sherwani', 'Emerald Sharara']],
    ['low-high', ['Emerald Sharara', 'Ivory Sherwani', 'Rani Pink Lehenga']],
    ['high-low', ['Rani Pink Lehenga', 'Ivory Sherwani', 'Emerald Sharara']],
  ] as const)('sorts %s', (sort, expected) => {
    expect(names(queryCatalogue(catalogue, q({ sort })))).toEqual(expected);
  });

  it('counts applied filters across groups', () => {
    expect(
      countAppliedFilters({ category: ['Women'], occasion: ['Wedding', 'Mehendi'], colour: [] }),
    ).toBe(3);
  });
});
