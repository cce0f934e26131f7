import { CATALOGUE_SORTS } from '../catalogue/query.js';

/*
 * GET /api/products, the collection's server-side search (docs/decisions/056): its limits and
 * what it says about a request it cannot take. Plain values, so the web app can use them without
 * the contracts (and zod).
 */

export const PRODUCT_SEARCH_LIMITS = {
  /** Characters of the text search, `q`. */
  queryMax: 100,
  /** Characters of one filter value. */
  filterValueMax: 60,
  /** Values ticked in one filter group. */
  valuesPerGroup: 20,
  /** Filter groups in one request. */
  groups: 10,
  pageMax: 1000,
  pageSizeDefault: 24,
  pageSizeMax: 60,
  /** SPEC.md §2 Product page: up to 5 related products. */
  related: 5,
} as const;

/** The query parameters that are not filter groups; a filter type of these names cannot be asked for. */
export const PRODUCT_SEARCH_PARAMS = ['q', 'sort', 'page', 'pageSize', 'bestseller'] as const;

export const PRODUCT_SEARCH_MESSAGES = {
  sortInvalid: `sort must be one of: ${CATALOGUE_SORTS.join(', ')}`,
  pageInvalid: `page must be a whole number from 1 to ${PRODUCT_SEARCH_LIMITS.pageMax}`,
  pageSizeInvalid: `pageSize must be a whole number from 1 to ${PRODUCT_SEARCH_LIMITS.pageSizeMax}`,
  bestsellerInvalid: 'bestseller must be true or false',
  filterValueInvalid: 'A filter value must be text',
  tooManyValues: `A filter can have at most ${PRODUCT_SEARCH_LIMITS.valuesPerGroup} values`,
  tooManyGroups: `At most ${PRODUCT_SEARCH_LIMITS.groups} filters can be combined`,
  unknownFilter: (name: string, known: readonly string[]): string =>
    known.length > 0
      ? `Unknown filter: ${name}. The filters are: ${known.join(', ')}`
      : `Unknown filter: ${name}. The catalogue has no filters yet`,
} as const;
