import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  FAILED_TO_LOAD_PRODUCTS,
  productSearchPath,
  searchText,
  type Product,
  type ProductSearchRequest,
  type ProductSearchResponse,
} from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';
import { CATALOGUE_KEY } from '../../lib/catalogue-cache';

/** One page of the collection: the API's answer and the search text it answers. */
export type CataloguePage = ProductSearchResponse & { searched: string };

const NO_PRODUCTS: Product[] = [];

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
  // The first page's address, exactly as the server preloads it; later pages add `page`.
  const path = productSearchPath(request);
  const query = useInfiniteQuery({
    queryKey: [CATALOGUE_KEY, 'pages', path],
    queryFn: async ({ pageParam }): Promise<CataloguePage> => ({
      ...(await apiGet<ProductSearchResponse>(
        productSearchPath({ ...request, page: pageParam }),
        FAILED_TO_LOAD_PRODUCTS,
      )),
      searched: searchText(request.search ?? ''),
    }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.products.length > 0 && last.page * last.pageSize < last.total
        ? last.page + 1
        : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
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
