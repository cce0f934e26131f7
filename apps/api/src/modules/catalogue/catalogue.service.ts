import { categoryForMrp, type FilterOptions, type Product } from '@pehnava/shared';
import type { CatalogueRepository, ProductWrite } from './catalogue.repository.js';
import { encodeJsonBody, type EncodedBody } from '../../lib/encoded-body.js';
import { RebuildableCache } from '../../lib/rebuildable-cache.js';

export interface CatalogueSnapshot {
  products: Product[];
  byId: Map<string, Product>;
  filterOptions: FilterOptions;
  /** `{ success: true, products }`, ready to send. */
  listBody: EncodedBody;
  /** `{ success: true, filterOptions }`, ready to send. */
  filterOptionsBody: EncodedBody;
  /** `{ success: true, product }` per product id, encoded on first request. */
  detailBodies: Map<string, EncodedBody>;
}

/** The filter groups shown first, in this order; other types follow as first seen. */
const LEADING_FILTER_TYPES = ['category', 'subCategory'];

/**
 * The filter values in use, by type. Category values keep catalogue order (Women, Men, …);
 * every other type is sorted alphabetically.
 */
export function deriveFilterOptions(products: Product[]): FilterOptions {
  const byType = new Map<string, string[]>();
  for (const product of products) {
    for (const { type, value } of product.filters) {
      const values = byType.get(type) ?? [];
      if (!values.includes(value)) values.push(value);
      byType.set(type, values);
    }
  }
  const types = [
    ...LEADING_FILTER_TYPES.filter((t) => byType.has(t)),
    ...[...byType.keys()].filter((t) => !LEADING_FILTER_TYPES.includes(t)),
  ];
  const options: FilterOptions = {};
  for (const type of types) {
    const values = byType.get(type) ?? [];
    options[type] =
      type === 'category' ? values : [...values].sort((a, b) => a.localeCompare(b, 'en-IN'));
  }
  return options;
}

export function createCatalogueService(
  repository: CatalogueRepository,
  options: { cacheTtlMs: number },
) {
  const cache = new RebuildableCache<CatalogueSnapshot>(async () => {
    const products = await repository.listProducts();
    const filterOptions = deriveFilterOptions(products);
    return {
      products,
      byId: new Map(products.map((p) => [p._id, p])),
      filterOptions,
      listBody: encodeJsonBody({ success: true, products }),
      filterOptionsBody: encodeJsonBody({ success: true, filterOptions }),
      detailBodies: new Map(),
    };
  }, options.cacheTtlMs);

  return {
    snapshot: () => cache.get(),

    /** The product's detail response, ready to send; undefined for an unknown id. */
    async productBody(id: string): Promise<EncodedBody | undefined> {
      const snapshot = await cache.get();
      const product = snapshot.byId.get(id);
      if (!product) return undefined;
      let body = snapshot.detailBodies.get(id);
      if (!body) {
        body = encodeJsonBody({ success: true, product });
        snapshot.detailBodies.set(id, body);
      }
      return body;
    },

    /**
     * Every product write goes through here, so the cached list is never served stale. The price
     * tier is always derived from the MRP, never taken from the caller.
     */
    async insertProductIfAbsent(input: Omit<ProductWrite, 'category'>): Promise<boolean> {
      const inserted = await repository.insertProductIfAbsent({
        ...input,
        category: categoryForMrp(input.mrpPaise),
      });
      if (inserted) cache.invalidate();
      return inserted;
    },

    async setAvailability(id: string, isAvailable: boolean): Promise<boolean> {
      const changed = await repository.setAvailability(id, isAvailable);
      if (changed) cache.invalidate();
      return changed;
    },

    async replaceImagesIfUnchanged(
      productCode: string,
      expected: string[],
      next: string[],
    ): Promise<boolean> {
      const changed = await repository.replaceImagesIfUnchanged(productCode, expected, next);
      if (changed) cache.invalidate();
      return changed;
    },

    invalidate: () => cache.invalidate(),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
