import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';

/** The query client's chunk (lib/queries.tsx). */
export const loadQueries = () => import('./queries');

/** How long a part's first load waits for its first data before it renders without. */
const FIRST_DATA_WAIT_MS = 3_000;

/**
 * `React.lazy` for a part of the shop that may read server data: the part's chunk and the query
 * client's load together, and the part renders inside the client's provider. So TanStack Query
 * stays out of the first page load (the home page's first paint needs none of it) while every
 * lazily loaded part finds the one shared client. Use it for every lazy part of the shop's frame
 * and pages; only code that never reads server data (the toasts) may use `lazy` itself.
 */
export function lazyWithQueries<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /**
   * The part's first answers, put into the cache before its first render: the part is then drawn
   * whole in React's first render, which is done in slices (main.tsx), rather than again, in one
   * piece, when each answer arrives. Only for the part's first load, and never waited for longer
   * than FIRST_DATA_WAIT_MS; whatever fails is left for the part to show.
   */
  firstData?: (client: QueryClient) => Promise<unknown>,
) {
  return lazy(async () => {
    const [Part, { QueriesProvider, queryClient }] = await Promise.all([load(), loadQueries()]);
    if (firstData) {
      await Promise.race([
        firstData(queryClient).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
      ]);
    }
    function WithQueries(props: P) {
      return (
        <QueriesProvider>
          <Part {...props} />
        </QueriesProvider>
      );
    }
    return { default: WithQueries };
  });
}
