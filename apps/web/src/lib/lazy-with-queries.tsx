import { lazy, type ComponentType } from 'react';

/** The query client's chunk (lib/queries.tsx). */
export const loadQueries = () => import('./queries');

/**
 * `React.lazy` for a part of the shop that may read server data: the part's chunk and the query
 * client's load together, and the part renders inside the client's provider. So TanStack Query
 * stays out of the first page load (the home page's first paint needs none of it) while every
 * lazily loaded part finds the one shared client. Use it for every lazy part of the shop's frame
 * and pages; only code that never reads server data (the toasts) may use `lazy` itself.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Part, { QueriesProvider }] = await Promise.all([load(), loadQueries()]);
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
