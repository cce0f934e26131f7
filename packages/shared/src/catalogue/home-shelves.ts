import type { ProductSearchRequest } from './search-request.js';

/*
 * The home page's two shelves as searches (GET /api/products), in a module of their own: the home
 * page's first script takes these constants, and a bundler puts a whole module in one chunk, so
 * the search's address code stays with the pages that use it.
 */
/** The home page's Latest Collections (SPEC.md §2 Home): the first 10 products. */
export const HOME_LATEST_REQUEST = { pageSize: 10 } as const satisfies ProductSearchRequest;
/**
 * The home page's Best Sellers: five are shown, preferring pieces Latest Collections does not
 * already show. At most 10 of these can be among the latest, so 15 always hold five others when
 * the catalogue has them.
 */
export const HOME_BESTSELLERS_REQUEST = {
  bestseller: true,
  pageSize: 15,
} as const satisfies ProductSearchRequest;
