import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The shop's one query client (TanStack Query) and its provider. Not part of the first page load:
 * the home page's first paint reads no server data, so this chunk comes with the first lazily
 * loaded part that may (lib/lazy-with-queries.tsx), and a page's HTML preloads it with the page's
 * own chunks (apps/api/src/modules/site/route-chunks.ts).
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

/** Every part wrapped in this shares the one client (and so its cache). */
export function QueriesProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
