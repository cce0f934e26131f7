import { useQuery } from '@tanstack/react-query';
import { MESSAGES, type FilterOptionsResponse, type ProductListResponse } from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';

export function useProducts() {
  return useQuery({
    queryKey: ['products'],
    queryFn: async () =>
      (await apiGet<ProductListResponse>('/product/list', MESSAGES.failedToLoadProducts)).products,
    staleTime: 60_000,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: ['filter-options'],
    queryFn: async () =>
      (
        await apiGet<FilterOptionsResponse>(
          '/product/filter-options',
          MESSAGES.failedToLoadProducts,
        )
      ).filterOptions,
    staleTime: 60_000,
  });
}
