import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  FAILED_TO_LOAD_PRODUCTS,
  catalogueQueryFromParams,
  productSearchPath,
  searchText,
  type Product,
  type ProductSearchRequest,
  type ProductSearchResponse,
} from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';
import { CATALOGUE_KEY } from '../../lib/catalogue-cache';
import { filterOptionsQuery } from './api';

/** One page of the collection: the API's answer and the search text it answers. */
export type CataloguePage = ProductSearchResponse & { searched: string };

const NO_PRODUCTS: Product[] = [];

/** The query of a search's pages, for useCatalogueSearch and the collection's first data. */
const catalogueSearchQuery = (request: Omit<ProductSearchRequest, 'page'>) =>
  infiniteQueryOptions({
    // The first page's address, exactly as the server preloads it; later pages add `page`.
    queryKey: [CATALOGUE_KEY, 'pages', productSearchPath(request)],
    queryFn: async ({ pageParam }): Promise<CataloguePage> => ({
      ...(await apiGet<ProductSearchResponse>(
        productSearchPath({ ...request, page: pageParam }),
        FAILED_TO_LOAD_PRODUCTS,
      )),
      searched: searchText(request.search ?? ''),
    }),
    initialPageParam: 1,
    getNextPageParam: (last: CataloguePage) =>
      last.products.length > 0 && last.page * last.pageSize < last.total
        ? last.page + 1
        : undefined,
    staleTime: 60_000,
  });

/**
 * The collection's search (GET /api/products), a page at a time as the shopper scrolls
 * (useInfiniteQuery). The pages loaded stay in the cache under the search's address, so coming
 * back from a product shows them again at once. While a new search loads, the previous answer
 * stays (`isPlaceholderData`), for the page to dim rather than empty. `enabled`: false while it is
 * not yet known which parameters of the address are filters.
 */
export function useCatalogueSearch(
  request: Omit<ProductSearchRequest, 'page'>,
  { enabled }: { enabled: boolean },
) {
  const query = useInfiniteQuery({
    ...catalogueSearchQuery(request),
    placeholderData: keepPreviousData,
    enabled,
  });
  const pages = query.data?.pages;
  // A piece that moved to a later page between two requests (the catalogue changed) shows once.
  const products = useMemo(() => {
    if (!pages) return NO_PRODUCTS;
    const seen = new Set<string>();
    return pages
      .flatMap((page) => page.products)
      .filter((p) => !seen.has(p._id) && Boolean(seen.add(p._id)));
  }, [pages]);
  return { ...query, products, first: pages?.[0] };
}

/**
 * The collection's first answers (the filter types, then the first page of the address's search:
 * the calls its HTML preloads), in the cache before the page's first render
 * (lib/lazy-with-queries.tsx). `params`: the address's query string, read as the page reads it.
 */
export async function prefetchCollectionPage(
  queryClient: QueryClient,
  params: URLSearchParams,
): Promise<void> {
  const options = await queryClient.fetchQuery(filterOptionsQuery);
  const { search, filters, sort } = catalogueQueryFromParams(params, Object.keys(options));
  await queryClient.prefetchInfiniteQuery(catalogueSearchQuery({ search, filters, sort }));
}
