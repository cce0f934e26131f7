import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';

/**
 * The console's query options, typed as TanStack's `queryOptions` types them, without importing
 * that helper: the shop's chunks share it, and a console import would split it into a chunk of its
 * own that the shop's pages then preload (decision 053: the console must not change the shop's
 * loading).
 */
export function consoleQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
): UseQueryOptions<TData, Error, TData, TKey> {
  return options;
}
