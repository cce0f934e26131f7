import { COLLECTION_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { SlidersHorizontal } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  CATALOGUE_SORTS,
  CATALOGUE_SORT_LABELS,
  countAppliedFilters,
  queryCatalogue,
} from '@pehnava/shared';
import { useFilterOptions, useProducts } from '../features/catalogue/api';
import { ProductGridSkeleton } from '../features/catalogue/grid-skeleton';
import { ProductGrid } from '../features/catalogue/product-grid';
import { useCatalogueUrl } from '../features/catalogue/use-catalogue-url';

/** 'category' is shown as Categories and 'subCategory' as Type; other groups as their key. */
function groupLabel(type: string): string {
  if (type === 'category') return 'Categories';
  if (type === 'subCategory') return 'Type';
  return type.charAt(0).toUpperCase() + type.slice(1);
}

const NO_TYPES: readonly string[] = [];

export function CollectionPage() {
  usePageMeta(COLLECTION_META);
  const products = useProducts();
  const options = useFilterOptions();
  const types = useMemo(
    () => (options.data ? Object.keys(options.data) : NO_TYPES),
    [options.data],
  );
  const { query, toggleFilter, setSort, clearFilters, clearSearch } = useCatalogueUrl(types);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const shown = useMemo(
    () => (products.data ? queryCatalogue(products.data, query) : []),
    [products.data, query],
  );
  const applied = countAppliedFilters(query.filters);
  const error = products.error ?? options.error;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">The Collection</h1>
          <p className="mt-1 text-sm text-stone-600" aria-live="polite" data-testid="result-count">
            {products.data ? `${shown.length} items found` : 'Loading the collection…'}
            {query.search && products.data ? ` for “${query.search}”` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls="filters"
            className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm lg:hidden"
          >
            <SlidersHorizontal size={16} aria-hidden />
            Filters{applied > 0 ? ` (${applied})` : ''}
          </button>
          <label className="flex items-center gap-2 text-sm text-stone-600">
            <span className="hidden sm:inline">Sort by</span>
            <select
              value={query.sort}
              onChange={(event) => setSort(event.target.value)}
              aria-label="Sort by"
              className="rounded-full border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900"
            >
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CATALOGUE_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {error && (
        <p role="alert" className="mt-6 text-red-700">
          {error.message}
        </p>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[240px_1fr]">
        <aside
          id="filters"
          aria-label="Filters"
          className={`${filtersOpen ? 'block' : 'hidden'} rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 lg:block lg:self-start`}
        >
          <div className="flex items-center justify-between">
            <h2 className="font-display text-xl text-maroon-900">Filters</h2>
            {applied > 0 && (
              <span className="text-xs text-stone-500" data-testid="filters-applied">
                {applied} filters applied
              </span>
            )}
          </div>
          {options.data &&
            Object.entries(options.data).map(([type, values]) => (
              <fieldset key={type} className="mt-5 border-t border-black/5 pt-4">
                <legend className="text-xs font-semibold tracking-wider text-stone-500 uppercase">
                  {groupLabel(type)}
                </legend>
                <div className="mt-3 space-y-2">
                  {values.map((value) => (
                    <label
                      key={value}
                      className="flex cursor-pointer items-center gap-2 text-sm text-stone-800"
                    >
                      <input
                        type="checkbox"
                        checked={query.filters[type]?.includes(value) ?? false}
                        onChange={() => toggleFilter(type, value)}
                        className="h-4 w-4 accent-maroon-700"
                      />
                      {value}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          {applied > 0 && (
            <button
              type="button"
              onClick={clearFilters}
              className="mt-6 w-full rounded-full border border-maroon-700 px-4 py-2 text-sm font-medium text-maroon-700 hover:bg-maroon-50"
            >
              Clear All Filters
            </button>
          )}
        </aside>

        <section aria-label="Results">
          {products.data && shown.length === 0 ? (
            <div className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-black/5">
              <h2 className="font-display text-2xl text-maroon-900">No products found</h2>
              <p className="mt-2 text-stone-600">Try another search or fewer filters.</p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                <button
                  type="button"
                  onClick={clearSearch}
                  className="rounded-full border border-maroon-700 px-5 py-2 text-sm font-medium text-maroon-700 hover:bg-maroon-50"
                >
                  Clear Search
                </button>
                <button
                  type="button"
                  onClick={clearFilters}
                  className="rounded-full bg-maroon-700 px-5 py-2 text-sm font-medium text-white hover:bg-maroon-900"
                >
                  Clear Filters
                </button>
              </div>
            </div>
          ) : products.data ? (
            <ProductGrid products={shown} label="Products" columns={4} eager={4} />
          ) : products.isPending ? (
            <ProductGridSkeleton count={8} columns={4} />
          ) : null}
        </section>
      </div>
    </main>
  );
}
