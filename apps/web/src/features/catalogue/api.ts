import { useQuery } from '@tanstack/react-query';
import {
  FAILED_TO_LOAD_PRODUCTS,
  type FilterOptionsResponse,
  type ProductListResponse,
} from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';

export function useProducts() {
  return useQuery({
    queryKey: ['products'],
    queryFn: async () =>
      (await apiGet<ProductListResponse>('/product/list', FAILED_TO_LOAD_PRODUCTS)).products,
    staleTime: 60_000,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: ['filter-options'],
    queryFn: async () =>
      (await apiGet<FilterOptionsResponse>('/product/filter-options', FAILED_TO_LOAD_PRODUCTS))
        .filterOptions,
    staleTime: 60_000,
  });
}
