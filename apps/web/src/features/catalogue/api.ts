import { useQuery } from '@tanstack/react-query';
import { MESSAGES, productListResponseSchema } from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';

export function useProducts() {
  return useQuery({
    queryKey: ['products'],
    queryFn: async () =>
      (await apiGet('/product/list', productListResponseSchema, MESSAGES.failedToLoadProducts))
        .products,
    staleTime: 60_000,
  });
}
