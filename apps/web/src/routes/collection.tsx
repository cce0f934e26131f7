import { COLLECTION_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CATALOGUE_SORTS, countAppliedFilters, type CatalogueSort } from '@pehnava/shared';
import { LoadFailed } from '../components/ui/load-failed';
import { collectionMessages } from '../i18n/collection';
import { useMessages, type Catalogue } from '../i18n/messages';
import { useFilterOptions } from '../features/catalogue/api';
import { ProductGridSkeleton } from '../features/catalogue/grid-skeleton';
import { LoadMore } from '../features/catalogue/load-more';
import { ProductGrid } from '../features/catalogue/product-grid';
import { useCatalogueSearch } from '../features/catalogue/use-catalogue-search';
import { useCatalogueUrl } from '../features/catalogue/use-catalogue-url';

type CollectionKey = keyof typeof collectionMessages.en;

/** Each sort's name (packages/shared's CATALOGUE_SORT_LABELS, in the page's language). */
const SORT_KEYS: Record<CatalogueSort, CollectionKey> = {
  relevant: 'sortRelevant',
  newest: 'sortNewest',
  'price-low-high': 'sortRentLowHigh',
  'price-high-low': 'sortRentHighLow',
  'low-high': 'sortMrpLowHigh',
  'high-low': 'sortMrpHighLow',
};

/** The filter groups the catalogue has: 'category' is shown as Categories, 'subCategory' as Type. */
const GROUP_KEYS: Partial<Record<string, CollectionKey>> = {
  category: 'groupCategory',
  subCategory: 'groupSubCategory',
  occasion: 'groupOccasion',
  colour: 'groupColour',
};

/** A filter group's name; a group the operators add later shows as its key, capitalised. */
function groupLabel(m: Catalogue<CollectionKey>, type: string): string {
  const key = GROUP_KEYS[type];
  return key ? m[key]() : type.charAt(0).toUpperCase() + type.slice(1);
}

const NO_TYPES: readonly string[] = [];

export function CollectionPage() {
  usePageMeta(COLLECTION_META);
  const m = useMessages(collectionMessages);
  const options = useFilterOptions();
  const types = useMemo(
    () => (options.data ? Object.keys(options.data) : NO_TYPES),
    [options.data],
  );
  const { query, filterNames, toggleFilter, setSort, clearFilters, clearSearch } =
    useCatalogueUrl(types);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Which parameters of the address are filters is known once the filter types are; an address
  // with none asks at once.
  const typesKnown = filterNames.length === 0 || options.data !== undefined;
  // The search box writes its text here once typing pauses (app/layout/search-bar.tsx).
  const results = useCatalogueSearch(
    { search: query.search, filters: query.filters, sort: query.sort },
    { enabled: typesKnown },
  );
  const { first, products } = results;
  const applied = countAppliedFilters(query.filters);
  // A page after the first that fails says so by the Load more button, not above the cards.
  const error = results.isFetchNextPageError
    ? null
    : (results.error ?? (typesKnown ? null : options.error));
  const retry = () => void (options.error ? options.refetch() : results.refetch());
  // A new search keeps the cards it replaces on screen, dimmed, until its answer comes.
  const busy = results.isPlaceholderData;
  const grid = useRef<HTMLDivElement>(null);
  const { fetchNextPage } = results;
  // A second call while a page loads waits for it rather than asking again.
  const loadMore = useCallback(() => fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">{m.title()}</h1>
          <p className="mt-1 text-sm text-stone-600" aria-live="polite" data-testid="result-count">
            {!first
              ? m.loading()
              : first.searched
                ? m.itemsFoundFor({ count: first.total, search: first.searched })
                : m.itemsFound({ count: first.total })}
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
            {applied > 0 ? m.filtersCount({ count: applied }) : m.filters()}
          </button>
          <label className="flex items-center gap-2 text-sm text-stone-600">
            <span className="hidden sm:inline">{m.sortBy()}</span>
            <select
              value={query.sort}
              onChange={(event) => setSort(event.target.value)}
              aria-label={m.sortBy()}
              className="rounded-full border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900"
            >
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {m[SORT_KEYS[sort]]()}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {error && (
        <div className="mt-6">
          <LoadFailed message={error.message} onRetry={retry} />
        </div>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[240px_1fr]">
        <aside
          id="filters"
          aria-label={m.filters()}
          className={`${filtersOpen ? 'block' : 'hidden'} rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 lg:block lg:self-start`}
        >
          <div className="flex items-center justify-between">
            <h2 className="font-display text-xl text-maroon-900">{m.filters()}</h2>
            {applied > 0 && (
              <span className="text-xs text-stone-500" data-testid="filters-applied">
                {m.filtersApplied({ count: applied })}
              </span>
            )}
          </div>
          {first &&
            Object.entries(first.facets).map(([type, values]) => (
              <fieldset key={type} className="mt-5 border-t border-black/5 pt-4">
                <legend className="text-xs font-semibold tracking-wider text-stone-500 uppercase">
                  {groupLabel(m, type)}
                </legend>
                <div className="mt-3 space-y-2">
                  {values.map(({ value, count }) => (
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
                      <span>
                        {value}{' '}
                        <span
                          className="text-xs text-stone-500 tabular-nums"
                          data-testid="facet-count"
                        >
                          ({count})
                        </span>
                      </span>
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
              {m.clearAllFilters()}
            </button>
          )}
        </aside>

        <section aria-label={m.results()} aria-busy={busy}>
          {first && first.total === 0 ? (
            <div
              className={`rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-black/5 transition-opacity ${busy ? 'opacity-50' : ''}`}
            >
              <h2 className="font-display text-2xl text-maroon-900">{m.noProducts()}</h2>
              <p className="mt-2 text-stone-600">{m.noProductsHint()}</p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                <button
                  type="button"
                  onClick={clearSearch}
                  className="rounded-full border border-maroon-700 px-5 py-2 text-sm font-medium text-maroon-700 hover:bg-maroon-50"
                >
                  {m.clearSearch()}
                </button>
                <button
                  type="button"
                  onClick={clearFilters}
                  className="rounded-full bg-maroon-700 px-5 py-2 text-sm font-medium text-white hover:bg-maroon-900"
                >
                  {m.clearFilters()}
                </button>
              </div>
            </div>
          ) : first ? (
            <>
              <div ref={grid} className={`transition-opacity ${busy ? 'opacity-50' : ''}`}>
                <ProductGrid
                  products={products}
                  label={m.products()}
                  columns={4}
                  eager={4}
                  footer={
                    !busy && (
                      <LoadMore
                        shown={products.length}
                        total={first.total}
                        pageSize={first.pageSize}
                        hasMore={results.hasNextPage}
                        loading={results.isFetchingNextPage}
                        failed={results.isFetchNextPageError ? results.error?.message : undefined}
                        onMore={loadMore}
                        grid={grid}
                      />
                    )
                  }
                />
              </div>
            </>
          ) : results.isPending && !error ? (
            <ProductGridSkeleton count={8} columns={4} label={m.loadingCollection()} />
          ) : null}
        </section>
      </div>
    </main>
  );
}
