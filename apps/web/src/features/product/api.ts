import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  FAILED_TO_LOAD_PRODUCTS,
  MESSAGES,
  type AvailabilityResponse,
  type Product,
  type ProductDetailResponse,
  type RelatedProductsResponse,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../../lib/api-client';
import { CATALOGUE_KEY, cachedProduct } from '../../lib/catalogue-cache';

const productKey = (id: string) => ['product', id];

/**
 * Keep a product fetched by another address under its id too, so moving to /product/{_id} shows
 * it at once without asking again.
 */
export function useRememberProduct() {
  const queryClient = useQueryClient();
  return useCallback(
    (product: Product, updatedAt: number) =>
      queryClient.setQueryData(productKey(product._id), product, { updatedAt }),
    [queryClient],
  );
}

/** True when `key` (an address's id or product code) names this product. */
export const isProductKey = (product: Product, key: string) =>
  product._id === key.toLowerCase() || product.productId.toUpperCase() === key.toUpperCase();

/** The query of one product by its id or code, for useProduct and the page's first data. */
const productQuery = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: productKey(id),
    queryFn: async () =>
      (
        await apiGet<ProductDetailResponse>(
          `/product/list/${encodeURIComponent(id)}`,
          MESSAGES.failedToFetchProduct,
        )
      ).product,
    initialData: () => cachedProduct(queryClient, (p) => isProductKey(p, id))?.product,
    initialDataUpdatedAt: () => cachedProduct(queryClient, (p) => isProductKey(p, id))?.updatedAt,
    staleTime: 60_000,
    retry: (failures, error) =>
      failures < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });

/**
 * One product by its database id or its product code (any case), as links may carry either. When
 * an answer already loaded holds it (the shopper came from a card of the collection, a shelf or
 * the related pieces), the page shows at once from it and refreshes from the detail call.
 */
export function useProduct(id: string) {
  const queryClient = useQueryClient();
  return useQuery(productQuery(queryClient, id));
}

/** POST /api/cart/add: the server checks everything again and sets the price (SPEC.md §7). */
export async function addToCart(body: {
  productId: string;
  size: string;
  duration: number;
  startDate: string;
}): Promise<void> {
  await apiRequest('/cart/add', {
    method: 'POST',
    body,
    fallback: { failed: MESSAGES.addToCartFailed, error: MESSAGES.addToCartError },
  });
}

/**
 * GET /api/product/{id}/availability: for every size and rental length, the start dates with no
 * piece free. Asked for once the shopper reaches for the date (`wanted`), not with every product
 * view; one answer covers every size and duration, so changing them asks nothing more.
 */
export function useAvailability(productId: string, wanted: boolean, pincode?: string) {
  return useQuery({
    queryKey: ['availability', productId, pincode ?? ''],
    queryFn: () =>
      apiGet<AvailabilityResponse>(
        `/product/${encodeURIComponent(productId)}/availability${pincode ? `?pincode=${pincode}` : ''}`,
        'Could not check which dates are free',
      ),
    enabled: wanted,
    staleTime: 60_000,
  });
}

/** The query of a product's related pieces, for useRelatedProducts and the page's first data. */
const relatedQuery = (productId: string) =>
  queryOptions({
    queryKey: [CATALOGUE_KEY, 'related', productId],
    queryFn: async () =>
      (
        await apiGet<RelatedProductsResponse>(
          `/product/list/${encodeURIComponent(productId)}/related`,
          FAILED_TO_LOAD_PRODUCTS,
        )
      ).products,
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/product/list/{id}/related: up to five other pieces of the same category and type, which
 * the server picks at random. The pick stays while the shopper is on the product.
 */
export function useRelatedProducts(productId: string) {
  return useQuery(relatedQuery(productId));
}

/**
 * The product page's first answer, the product, in the cache (the server draws the page with it,
 * entry-server.tsx). The related pieces are not: the server picks them at random for each visit,
 * and they are below the fold, so the page asks for them once it has started.
 */
export async function prefetchProductPage(queryClient: QueryClient, id: string): Promise<void> {
  await queryClient.prefetchQuery(productQuery(queryClient, id));
}
