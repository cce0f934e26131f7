import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  FAILED_TO_LOAD_PRODUCTS,
  productSearchPath,
  type FilterOptionsResponse,
  type ProductSearchRequest,
  type ProductSearchResponse,
} from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';
import { CATALOGUE_KEY } from '../../lib/catalogue-cache';

/**
 * One page of GET /api/products (the home page's shelves). The key is the request's address, in
 * the order the server preloads it (productSearchPath), so the preloaded answer is the one used.
 */
export function useProductSearch(request: ProductSearchRequest) {
  const path = productSearchPath(request);
  return useQuery({
    queryKey: [CATALOGUE_KEY, 'search', path],
    queryFn: () => apiGet<ProductSearchResponse>(path, FAILED_TO_LOAD_PRODUCTS),
    staleTime: 60_000,
  });
}

/** The query of the catalogue's filter types and values. */
export const filterOptionsQuery = queryOptions({
  queryKey: ['filter-options'],
  queryFn: async () =>
    (await apiGet<FilterOptionsResponse>('/product/filter-options', FAILED_TO_LOAD_PRODUCTS))
      .filterOptions,
  staleTime: 60_000,
});

/** The catalogue's filter types and values: which parameters of the address are filters. */
export function useFilterOptions() {
  return useQuery(filterOptionsQuery);
}
