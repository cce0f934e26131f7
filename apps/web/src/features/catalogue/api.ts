import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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
  return useQuery(productSearchQuery(request));
}

const productSearchQuery = (request: ProductSearchRequest) => {
  const path = productSearchPath(request);
  return queryOptions({
    queryKey: [CATALOGUE_KEY, 'search', path],
    queryFn: () => apiGet<ProductSearchResponse>(path, FAILED_TO_LOAD_PRODUCTS),
    staleTime: 60_000,
  });
};

/** Put the answers of these searches in the cache (a page the server draws with its shelves). */
export async function prefetchProductSearches(
  queryClient: QueryClient,
  requests: readonly ProductSearchRequest[],
): Promise<void> {
  await Promise.all(
    requests.map((request) => queryClient.prefetchQuery(productSearchQuery(request))),
  );
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
