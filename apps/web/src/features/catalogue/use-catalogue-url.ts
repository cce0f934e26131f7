import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { catalogueQueryFromParams, filterParamNames } from '@pehnava/shared';

const SEARCH = 'q';
const SORT = 'sort';

/**
 * The collection's search text, filters and sort live in the URL (?q=…&category=Women&sort=newest),
 * so a view can be shared, reloaded, and walked back and forward. `filterTypes`: the catalogue's
 * filter types; only they are read as filters (packages/shared catalogue/search-request.ts).
 * `filterNames`: the parameters that may be filters, to know whether the types are needed yet.
 */
export function useCatalogueUrl(filterTypes: readonly string[]) {
  const [params, setParams] = useSearchParams();

  const query = useMemo(() => catalogueQueryFromParams(params, filterTypes), [params, filterTypes]);
  const filterNames = useMemo(() => filterParamNames(params), [params]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return {
    query,
    filterNames,
    toggleFilter: (type: string, value: string) =>
      update((next) => {
        const values = next.getAll(type);
        next.delete(type);
        const kept = values.includes(value)
          ? values.filter((v) => v !== value)
          : [...values, value];
        for (const v of kept) next.append(type, v);
      }),
    setSort: (sort: string) =>
      update((next) => (sort === 'relevant' ? next.delete(SORT) : next.set(SORT, sort))),
    clearFilters: () => update((next) => filterTypes.forEach((type) => next.delete(type))),
    clearSearch: () => update((next) => next.delete(SEARCH)),
  };
}
