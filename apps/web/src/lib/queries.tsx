import {
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  hydrate,
  type DehydratedState,
} from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

/**
 * The shop's one query client (TanStack Query) and its provider. Not part of the first script:
 * this chunk comes with the first lazily loaded part that may read data
 * (lib/lazy-with-queries.tsx), or before the app starts on a page the server rendered with its
 * data (main.tsx), and a page's HTML preloads it with the page's own chunks
 * (apps/api/src/modules/site/route-chunks.ts).
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

/**
 * Every part wrapped in this shares the one client (and so its cache). Inside a client already
 * given (a server render's own, entry-server.tsx, or an outer part's), it adds nothing.
 */
export function QueriesProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * The answers a server-rendered page was drawn from (entry-server.tsx), put in the cache before
 * the app starts, so its first render draws exactly what the server did. They are as fresh as the
 * page: the server keeps a drawn page only until the catalogue changes, so however long ago it was
 * drawn, its answers are current when it is sent.
 */
export function hydrateQueries(state: DehydratedState): void {
  const now = Date.now();
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  });
}
