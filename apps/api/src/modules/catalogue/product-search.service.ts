import {
  PRODUCT_SEARCH_LIMITS,
  PRODUCT_SEARCH_MESSAGES,
  PRODUCT_SEARCH_PARAMS,
  type FacetValue,
  type Product,
  type ProductFacets,
  type ProductSearchQuery,
} from '@pehnava/shared';
import { lazilyEncodedBody, type EncodedBody } from '../../lib/encoded-body.js';
import { badRequest } from '../../lib/http-error.js';
import { withImageOrigin } from '../../lib/image-urls.js';
import { KeyedCache } from '../../lib/keyed-cache.js';
import { RebuildableCache } from '../../lib/rebuildable-cache.js';
import type { CatalogueService } from './catalogue.service.js';
import { ORIGIN_SLOTS, orderFilterValues } from './catalogue.service.js';
import { withHindiWordsRead } from './hindi-search-words.js';
import type {
  FilterCounts,
  ProductSearchRepository,
  SearchFilter,
  TextQuery,
} from './product-search.repository.js';

/** A search's answer before image addresses are made absolute for the caller's origin. */
export interface SearchAnswer {
  products: Product[];
  total: number;
  page: number;
  pageSize: number;
  facets: ProductFacets;
}

/** The filter types and values in use, in the shop's order, counted over the whole catalogue. */
interface FacetSkeleton {
  /** Type → its values in order, each with its count over the whole catalogue. */
  types: Map<string, FacetValue[]>;
  products: number;
}

/** Whole answers kept per process (a page of 60 products is about 80 KB). */
export const ANSWER_CACHE_ENTRIES = 256;
/** Totals and counts kept per process, by text, bestseller and filters (any page, any sort). */
export const COUNTS_CACHE_ENTRIES = 512;

const reserved = new Set<string>(PRODUCT_SEARCH_PARAMS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const countKey = (type: string, value: string) => `${type}\u0000${value}`;
/** How a filter name the catalogue does not have is echoed back: printable, and short. */
const shown = (name: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  Array.from(name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ''))
    .slice(0, 40)
    .join('');

/**
 * GET /api/products and a product's related products (decision 056). What is worked out is kept
 * per process and dropped with the catalogue snapshot: on every product write in this process and
 * on every other process's (LISTEN/NOTIFY), and after CATALOGUE_CACHE_TTL_MS at the latest:
 * - the facet skeleton (every filter value in use, in order, counted over the whole catalogue);
 * - a text's tsqueries;
 * - totals and counts by text, bestseller and filters, so another page or sort of the same search
 *   costs one statement (the page);
 * - whole answers, for the searches asked again and again (Home's shelves, a category's first page).
 */
export function createProductSearch({
  repository,
  catalogue,
  cacheTtlMs,
}: {
  repository: ProductSearchRepository;
  catalogue: Pick<CatalogueService, 'onChange'>;
  cacheTtlMs: number;
}) {
  const skeleton = new RebuildableCache<FacetSkeleton>(async () => {
    const { values, products } = await repository.filterValuesInUse();
    const types = new Map<string, FacetValue[]>();
    for (const [type, list] of orderFilterValues(values)) {
      types.set(
        type,
        list.map(({ value, count }) => ({ value, count })),
      );
    }
    return { types, products };
  }, cacheTtlMs);
  const textQueries = new KeyedCache<TextQuery | undefined>(COUNTS_CACHE_ENTRIES, cacheTtlMs);
  const counted = new KeyedCache<FilterCounts>(COUNTS_CACHE_ENTRIES, cacheTtlMs);
  const answers = new KeyedCache<SearchAnswer>(ANSWER_CACHE_ENTRIES, cacheTtlMs);
  /** A kept answer's body per origin, serialized once (image addresses depend on the origin). */
  const bodies = new WeakMap<SearchAnswer, Map<string, EncodedBody>>();
  catalogue.onChange(() => {
    skeleton.invalidate();
    textQueries.clear();
    counted.clear();
    answers.clear();
  });

  /** The facets: the skeleton's values with these counts, or its own where nothing was counted. */
  function facetsFrom(
    shape: FacetSkeleton,
    filter: SearchFilter,
    counts: FilterCounts | undefined,
  ): ProductFacets {
    const byKey = new Map(counts?.counts.map((c) => [countKey(c.type, c.value), c.count]));
    const facets: ProductFacets = {};
    for (const [type, values] of shape.types) {
      const whole =
        counts === undefined ||
        (filter.groups.length === 1 && filter.groups[0]!.type === type && !narrowed(filter));
      facets[type] = whole
        ? values
        : values.map(({ value }) => ({ value, count: byKey.get(countKey(type, value)) ?? 0 }));
    }
    return facets;
  }

  async function answer(
    shape: FacetSkeleton,
    q: string,
    bestseller: boolean | undefined,
    groups: SearchFilter['groups'],
    query: Pick<ProductSearchQuery, 'sort' | 'page' | 'pageSize'>,
  ): Promise<SearchAnswer> {
    // A text with no word to search for (punctuation, emoji, only stop words) searches nothing.
    const text = q === '' ? undefined : await textQueries.get(q, () => repository.textQuery(q));
    const filter: SearchFilter = { text, bestseller, groups };
    // Over the whole catalogue the skeleton has the counts; otherwise they are counted once for
    // every page and sort of this search.
    const whole = !narrowed(filter) && groups.length === 0;
    const [products, counts] = await Promise.all([
      repository.page({
        ...filter,
        sort: query.sort,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      whole
        ? undefined
        : counted.get(JSON.stringify([text ?? null, bestseller ?? null, groups]), () =>
            repository.counts({ ...filter, countLoneGroup: false }),
          ),
    ]);
    return {
      products,
      total: counts?.total ?? shape.products,
      page: query.page,
      pageSize: query.pageSize,
      facets: facetsFrom(shape, filter, counts),
    };
  }

  const search = async (query: ProductSearchQuery): Promise<SearchAnswer> => {
    const shape = await skeleton.get();
    const groups: SearchFilter['groups'] = [];
    for (const [name, values] of Object.entries(query)) {
      if (reserved.has(name)) continue;
      if (!shape.types.has(name)) {
        throw badRequest(
          PRODUCT_SEARCH_MESSAGES.unknownFilter(shown(name), [...shape.types.keys()]),
        );
      }
      if (Array.isArray(values) && values.length > 0) {
        groups.push({ type: name, values: [...(values as string[])].sort() });
      }
    }
    groups.sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    const q = withHindiWordsRead((query.q ?? '').toLowerCase().replace(/\s+/gu, ' ').trim());
    const { sort, page, pageSize, bestseller } = query;
    const key = JSON.stringify([q, sort, page, pageSize, bestseller ?? null, groups]);
    return answers.get(key, () => answer(shape, q, bestseller, groups, { sort, page, pageSize }));
  };

  return {
    /** One page of the collection for this query (the route has checked its form). */
    search,

    /**
     * The same as the answer's JSON (`{ success: true, … }`) with image addresses absolute for
     * `origin`, serialized once per kept answer and origin and compressed when first asked for.
     */
    async searchBody(query: ProductSearchQuery, origin: string): Promise<EncodedBody> {
      const found = await search(query);
      let byOrigin = bodies.get(found);
      if (!byOrigin) bodies.set(found, (byOrigin = new Map()));
      let body = byOrigin.get(origin);
      if (!body) {
        const products = found.products.map((p) => withImageOrigin(p, origin));
        body = lazilyEncodedBody(
          Buffer.from(JSON.stringify({ success: true, ...found, products })),
        );
        // A stream of made-up Host headers cannot make one answer hold many bodies.
        if (byOrigin.size < ORIGIN_SLOTS) byOrigin.set(origin, body);
      }
      return body;
    },

    /**
     * Up to 5 other products with this product's category and subCategory values, chosen at
     * random for every call; undefined when no product has this id or code.
     */
    async related(idOrCode: string): Promise<Product[] | undefined> {
      const key = idOrCode.trim();
      const by = UUID.test(key) ? { id: key.toLowerCase() } : { code: key.toUpperCase() };
      return repository.related(by, PRODUCT_SEARCH_LIMITS.related);
    },
  };
}

export type ProductSearch = ReturnType<typeof createProductSearch>;

/** Whether text or bestseller narrow the search (beyond its filter groups). */
const narrowed = (filter: SearchFilter) =>
  filter.text !== undefined || filter.bestseller !== undefined;
