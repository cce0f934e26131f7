import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Product, type ProductDetailResponse } from '@pehnava/shared';
import { apiGet, apiRequest } from '../../lib/api-client';

/**
 * One product by its database id. When the catalogue list is already loaded (the shopper came
 * from a card), the page shows at once from it and refreshes from the detail call.
 */
export function useProduct(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['product', id],
    queryFn: async () =>
      (
        await apiGet<ProductDetailResponse>(
          `/product/list/${encodeURIComponent(id)}`,
          MESSAGES.failedToFetchProduct,
        )
      ).product,
    initialData: () => queryClient.getQueryData<Product[]>(['products'])?.find((p) => p._id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(['products'])?.dataUpdatedAt,
    staleTime: 60_000,
    retry: (failures, error) =>
      failures < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
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
