import type { Product } from '../contracts/catalogue.js';

/** The collection's sorts (SPEC.md §2 Collection); 'relevant' keeps the server's order. */
export const CATALOGUE_SORTS = [
  'relevant',
  'newest',
  'price-low-high',
  'price-high-low',
  'low-high',
  'high-low',
] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  relevant: 'Relevance',
  newest: 'Newest first',
  'price-low-high': 'Rent: low to high',
  'price-high-low': 'Rent: high to low',
  'low-high': 'MRP: low to high',
  'high-low': 'MRP: high to low',
};

export interface CatalogueQuery {
  /** Case-insensitive, over name and description. */
  search: string;
  /** Filter type to the chosen values: AND across types, OR within one. */
  filters: Record<string, string[]>;
  sort: CatalogueSort;
}

export function isCatalogueSort(value: string): value is CatalogueSort {
  return (CATALOGUE_SORTS as readonly string[]).includes(value);
}

export function countAppliedFilters(filters: Record<string, string[]>): number {
  return Object.values(filters).reduce((n, values) => n + values.length, 0);
}

/** The products a shopper sees for a search, filters and sort. Pure: the input is not changed. */
export function queryCatalogue(products: readonly Product[], query: CatalogueQuery): Product[] {
  const needle = query.search.trim().toLowerCase();
  const groups = Object.entries(query.filters).filter(([, values]) => values.length > 0);
  const matched = products.filter((product) => {
    if (
      needle &&
      !product.name.toLowerCase().includes(needle) &&
      !product.description.toLowerCase().includes(needle)
    ) {
      return false;
    }
    return groups.every(([type, values]) =>
      product.filters.some((f) => f.type === type && values.includes(f.value)),
    );
  });
  const by = (key: (p: Product) => number, direction: 1 | -1) =>
    matched.sort((a, b) => direction * (key(a) - key(b)));
  switch (query.sort) {
    case 'relevant':
      return matched;
    case 'newest':
      return by((p) => Date.parse(p.date), -1);
    case 'price-low-high':
      return by((p) => p.twoDayRentalPrice, 1);
    case 'price-high-low':
      return by((p) => p.twoDayRentalPrice, -1);
    case 'low-high':
      return by((p) => p.mrp, 1);
    case 'high-low':
      return by((p) => p.mrp, -1);
  }
}
