/**
 * The collection's sorts (SPEC.md §2 Collection), which GET /api/products applies; 'relevant' is
 * the best text match first, else the catalogue's order.
 */
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
  /** Words searched in names and descriptions (by the server). */
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
