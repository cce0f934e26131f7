import { PRODUCT_SEARCH_LIMITS, PRODUCT_SEARCH_PARAMS } from '../constants/product-search.js';
import { isCatalogueSort, type CatalogueQuery, type CatalogueSort } from './query.js';

/*
 * The one translation between the collection's address (?q=…&category=Women&sort=newest) and the
 * search it asks the API for (GET /api/products). The web app fetches, and the server preloads,
 * the address `productSearchPath` writes: parameters in one fixed order, so the browser reuses the
 * preloaded answer and TanStack Query keeps one cache entry per search, however the shopper's
 * address happens to be ordered. Pure and free of zod, so the browser can carry it.
 */

const { queryMax: SEARCH_TEXT_MAX, pageSizeDefault: DEFAULT_PAGE_SIZE } = PRODUCT_SEARCH_LIMITS;

/** What a request to GET /api/products asks for; everything is optional. */
export interface ProductSearchRequest {
  search?: string;
  sort?: CatalogueSort;
  /** Filter type to the chosen values: AND across types, OR within one. */
  filters?: Readonly<Record<string, readonly string[]>>;
  bestseller?: boolean;
  page?: number;
  pageSize?: number;
}

/**
 * What is read from an address's query string: a URLSearchParams, in the browser and in Node
 * (this package is typed for neither, so it names only what it uses).
 */
export interface QueryParams {
  get(name: string): string | null;
  getAll(name: string): string[];
  keys(): Iterable<string>;
}

/** The API's own parameters; every other one names a filter group. */
const isSearchParam = (name: string) => (PRODUCT_SEARCH_PARAMS as readonly string[]).includes(name);

/** Plain code-unit order: the same in every browser and in Node, whatever the locale. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The search text as the API should get it: trimmed and cut to its length limit without
 * splitting a character, so an over-long link still searches rather than failing.
 */
export function searchText(raw: string): string {
  const trimmed = raw.trim();
  const points = Array.from(trimmed);
  return points.length > SEARCH_TEXT_MAX
    ? points.slice(0, SEARCH_TEXT_MAX).join('').trim()
    : trimmed;
}

/**
 * The names in a collection address that may be filter groups: everything but the search, the
 * sort and the API's own paging parameters. Which of them are groups the catalogue has is only
 * known from its filter types (`catalogueQueryFromParams`).
 */
export function filterParamNames(params: QueryParams): string[] {
  const names = new Set<string>();
  for (const name of params.keys()) {
    if (!isSearchParam(name) && params.getAll(name).some((value) => value !== '')) names.add(name);
  }
  return [...names];
}

/**
 * The collection's view from its address. Only `filterTypes` (the catalogue's filter types) are
 * read as filters, so a stray parameter (a campaign tag, an old link) is ignored rather than
 * refused by the API; an unknown sort is the default one.
 */
export function catalogueQueryFromParams(
  params: QueryParams,
  filterTypes: readonly string[],
): CatalogueQuery {
  const sort = params.get('sort') ?? 'relevant';
  const filters: Record<string, string[]> = {};
  for (const type of filterTypes) {
    if (isSearchParam(type)) continue;
    filters[type] = [...new Set(params.getAll(type).filter((value) => value !== ''))];
  }
  return {
    search: params.get('q') ?? '',
    filters,
    sort: isCatalogueSort(sort) ? sort : 'relevant',
  };
}

/**
 * The address under /api of a product search: `/products?…` with the search text, sort, best
 * sellers, the filter groups by name with their values in order, page size and page; defaults
 * (no text, relevance, page 1, the API's page size) are left out.
 */
export function productSearchPath(request: ProductSearchRequest): string {
  const params: string[] = [];
  const add = (name: string, value: string) =>
    params.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  const text = searchText(request.search ?? '');
  if (text) add('q', text);
  if (request.sort && request.sort !== 'relevant') add('sort', request.sort);
  if (request.bestseller !== undefined) add('bestseller', String(request.bestseller));
  const groups = Object.entries(request.filters ?? {})
    .filter(([type]) => !isSearchParam(type))
    .sort(([a], [b]) => byCodeUnit(a, b));
  for (const [type, values] of groups) {
    for (const value of [...new Set(values)].filter((v) => v !== '').sort(byCodeUnit)) {
      add(type, value);
    }
  }
  if (request.pageSize !== undefined && request.pageSize !== DEFAULT_PAGE_SIZE) {
    add('pageSize', String(request.pageSize));
  }
  if (request.page !== undefined && request.page !== 1) add('page', String(request.page));
  return params.length > 0 ? `/products?${params.join('&')}` : '/products';
}
