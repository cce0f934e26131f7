import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCatalogueSort, type CatalogueQuery } from '@pehnava/shared';

const SEARCH = 'q';
const SORT = 'sort';

/**
 * The collection's search text, filters and sort live in the URL (?q=…&category=Women&sort=newest),
 * so a view can be shared, reloaded, and walked back and forward.
 */
export function useCatalogueUrl(filterTypes: readonly string[]) {
  const [params, setParams] = useSearchParams();

  const query: CatalogueQuery = useMemo(() => {
    const sort = params.get(SORT) ?? 'relevant';
    const filters: Record<string, string[]> = {};
    for (const type of filterTypes) filters[type] = params.getAll(type);
    return {
      search: params.get(SEARCH) ?? '',
      filters,
      sort: isCatalogueSort(sort) ? sort : 'relevant',
    };
  }, [params, filterTypes]);

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
