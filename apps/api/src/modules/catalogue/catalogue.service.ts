import { randomUUID } from 'node:crypto';
import { categoryForMrp, type FilterOptions, type Product } from '@pehnava/shared';
import type { CatalogueRepository, ProductWrite } from './catalogue.repository.js';
import { digestOf, encodeBody, encodeJsonBody, type EncodedBody } from '../../lib/encoded-body.js';
import { withImageOrigin } from '../../lib/image-urls.js';
import { RebuildableCache } from '../../lib/rebuildable-cache.js';

/**
 * How many origins keep their own encoded list and detail answers per snapshot. With PUBLIC_URL
 * set there is exactly one; without it, one per address the site is reached at (localhost, the
 * LAN address, the domain…). Origins beyond these are answered too, encoded per request at the
 * cheaper effort and not kept, so a stream of made-up Host headers costs what an uncached answer
 * costs and cannot push the real origins out.
 */
export const ORIGIN_SLOTS = 8;

/** The list and detail answers for one origin, image URLs absolute, ready to send. */
export interface OriginBodies {
  /** `{ success: true, products }`, encoded the first time the list is asked for. */
  readonly list: EncodedBody;
  /** The list when it has been encoded already, else undefined (asking never encodes it). */
  readonly listIfEncoded: EncodedBody | undefined;
  /** `{ success: true, product }` per product id, encoded on first request. */
  details: Map<string, EncodedBody>;
  effort: 'max' | 'fast';
}

export interface CatalogueSnapshot {
  /** The products with their image addresses as stored (root-relative for the local store). */
  products: Product[];
  byId: Map<string, Product>;
  /** By merchant code in upper case (PHN-LEH-0047), for links made with the code. */
  byCode: Map<string, Product>;
  filterOptions: FilterOptions;
  /** `{ success: true, filterOptions }`, ready to send (it holds no address). */
  filterOptionsBody: EncodedBody;
  /**
   * The list answer serialized once with a placeholder origin and split at it: joining the parts
   * with an origin gives that origin's answer without serializing again.
   */
  listParts: string[];
  /** A digest of the list answer with the placeholder origin: did a rebuild change anything? */
  listDigest: string;
  /**
   * The catalogue's change mark read before the products were (repository.catalogueVersion):
   * while it reads the same, nothing in the catalogue has changed since. Undefined when it could
   * not be read; the snapshot is then checked by reading the products again.
   */
  version: number | undefined;
  /** Encoded answers by origin, at most ORIGIN_SLOTS of them. */
  byOrigin: Map<string, OriginBodies>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The product a link names, by its id or by its code (any case); undefined when none. */
export function findProduct(
  snapshot: Pick<CatalogueSnapshot, 'byId' | 'byCode'>,
  idOrCode: string,
): Product | undefined {
  const key = idOrCode.trim();
  return UUID.test(key)
    ? snapshot.byId.get(key.toLowerCase())
    : snapshot.byCode.get(key.toUpperCase());
}

/** An origin as it may appear inside a JSON string. */
const asJsonText = (origin: string) => JSON.stringify(origin).slice(1, -1);

function bodiesFor(snapshot: CatalogueSnapshot, origin: string): OriginBodies {
  const kept = snapshot.byOrigin.get(origin);
  if (kept) return kept;
  const effort = snapshot.byOrigin.size < ORIGIN_SLOTS ? 'max' : 'fast';
  // The list is encoded when it is first asked for, not when a product's detail is: at thousands
  // of products it is megabytes to compress.
  let list: EncodedBody | undefined;
  const bodies: OriginBodies = {
    get list() {
      list ??= encodeBody(Buffer.from(snapshot.listParts.join(asJsonText(origin))), effort);
      return list;
    },
    get listIfEncoded() {
      return list;
    },
    details: new Map(),
    effort,
  };
  if (effort === 'max') snapshot.byOrigin.set(origin, bodies);
  return bodies;
}

/** The filter groups shown first, in this order; other types follow as first seen. */
const LEADING_FILTER_TYPES = ['category', 'subCategory'];

/** A filter value in use, with where it first appears walking the catalogue in order. */
export interface FilterValueSeen {
  type: string;
  value: string;
  /** Smaller for values met earlier (product by product in catalogue order, each in its order). */
  firstSeen: number;
}

/**
 * Filter values grouped by type in the order the shop shows them: category and subCategory first,
 * then other types as first seen; category values as first seen (Women, Men, …), every other
 * type's values alphabetically. The one ordering of /product/filter-options and of the search's
 * facets.
 */
export function orderFilterValues<T extends FilterValueSeen>(
  values: readonly T[],
): Map<string, T[]> {
  const byType = new Map<string, T[]>();
  for (const entry of [...values].sort((a, b) => a.firstSeen - b.firstSeen)) {
    const list = byType.get(entry.type);
    if (list) list.push(entry);
    else byType.set(entry.type, [entry]);
  }
  const types = [
    ...LEADING_FILTER_TYPES.filter((t) => byType.has(t)),
    ...[...byType.keys()].filter((t) => !LEADING_FILTER_TYPES.includes(t)),
  ];
  return new Map(
    types.map((type) => {
      const list = byType.get(type) ?? [];
      return [
        type,
        type === 'category'
          ? list
          : [...list].sort((a, b) => a.value.localeCompare(b.value, 'en-IN')),
      ];
    }),
  );
}

/**
 * The filter values in use, by type. Category values keep catalogue order (Women, Men, …);
 * every other type is sorted alphabetically.
 */
export function deriveFilterOptions(products: Product[]): FilterOptions {
  const seen = new Map<string, FilterValueSeen>();
  for (const product of products) {
    for (const { type, value } of product.filters) {
      const key = JSON.stringify([type, value]);
      if (!seen.has(key)) seen.set(key, { type, value, firstSeen: seen.size });
    }
  }
  const options: FilterOptions = {};
  for (const [type, values] of orderFilterValues([...seen.values()])) {
    options[type] = values.map((v) => v.value);
  }
  return options;
}

export function createCatalogueService(
  repository: CatalogueRepository,
  options: { cacheTtlMs: number },
) {
  // A random host no product text can contain by chance, so splitting finds only image URLs. One
  // per service, so the same catalogue always gives the same text.
  const placeholder = `https://${randomUUID()}.origin.invalid`;
  let last: CatalogueSnapshot | undefined;
  const cache = new RebuildableCache<CatalogueSnapshot>(async () => {
    // The periodic check (CATALOGUE_CACHE_TTL_MS) mostly finds nothing changed. The change mark
    // says so in one small read, where reading and serializing the whole catalogue again held the
    // process's one thread for a fifth of a second at 10,000 products (decision 063). It is read
    // before the products: a write committed in between makes the snapshot newer than its mark,
    // which costs one needless rebuild, never a stale snapshot kept.
    const version = await repository.catalogueVersion();
    if (last && version !== undefined && last.version === version) return last;
    const products = await repository.listProducts();
    const listJson = JSON.stringify({
      success: true,
      products: products.map((product) => withImageOrigin(product, placeholder)),
    });
    // A write that changed nothing served (or a mark that could not be read): the answers already
    // encoded stay, rather than compressing megabytes again. The list holds every field of every
    // product, so an equal list means equal details and filter options too. A digest, not the
    // text, is kept to compare: at 10,000 pieces the text is megabytes.
    const listDigest = digestOf(listJson);
    if (last && last.listDigest === listDigest) {
      last.version = version;
      return last;
    }
    const filterOptions = deriveFilterOptions(products);
    last = {
      products,
      byId: new Map(products.map((p) => [p._id, p])),
      byCode: new Map(products.map((p) => [p.productId.toUpperCase(), p])),
      filterOptions,
      filterOptionsBody: encodeJsonBody({ success: true, filterOptions }),
      listParts: listJson.split(placeholder),
      listDigest,
      version,
      byOrigin: new Map(),
    };
    return last;
  }, options.cacheTtlMs);

  /** Told of every change to the catalogue this process learns of (the search's caches). */
  const listeners = new Set<() => void>();
  const catalogueChanged = () => {
    cache.invalidate();
    for (const listener of listeners) listener();
  };

  return {
    snapshot: () => cache.get(),

    /** Call `listener` whenever the catalogue changes, as the snapshot is dropped. */
    onChange(listener: () => void): void {
      listeners.add(listener);
    },

    /** The list answer with image URLs absolute for `origin`, ready to send. */
    async listBody(origin: string): Promise<EncodedBody> {
      return bodiesFor(await cache.get(), origin).list;
    },

    /**
     * The detail answer of the product with this id or code, image URLs absolute for `origin`,
     * ready to send; undefined when there is no such product.
     */
    async productBody(idOrCode: string, origin: string): Promise<EncodedBody | undefined> {
      const snapshot = await cache.get();
      const product = findProduct(snapshot, idOrCode);
      if (!product) return undefined;
      const bodies = bodiesFor(snapshot, origin);
      let body = bodies.details.get(product._id);
      if (!body) {
        body = encodeBody(
          Buffer.from(JSON.stringify({ success: true, product: withImageOrigin(product, origin) })),
          bodies.effort,
        );
        bodies.details.set(product._id, body);
      }
      return body;
    },

    /**
     * The list's answer for `origin` if it can be sent with no work at all: the snapshot is fresh
     * and the answer for this origin already encoded and kept. Undefined otherwise (listBody does
     * the work). Answers taken before routing use this (plugins/kept-reads.ts, decision 080).
     */
    keptListBody(origin: string): EncodedBody | undefined {
      return cache.peek()?.byOrigin.get(origin)?.listIfEncoded;
    },

    /** keptListBody for a product's detail, by its id or code. */
    keptProductBody(idOrCode: string, origin: string): EncodedBody | undefined {
      const snapshot = cache.peek();
      const bodies = snapshot?.byOrigin.get(origin);
      if (!bodies) return undefined;
      const product = findProduct(snapshot!, idOrCode);
      return product && bodies.details.get(product._id);
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
      if (inserted) catalogueChanged();
      return inserted;
    },

    async setAvailability(id: string, isAvailable: boolean): Promise<boolean> {
      const changed = await repository.setAvailability(id, isAvailable);
      if (changed) catalogueChanged();
      return changed;
    },

    async replaceImagesIfUnchanged(
      productCode: string,
      expected: string[],
      next: string[],
    ): Promise<boolean> {
      const changed = await repository.replaceImagesIfUnchanged(productCode, expected, next);
      if (changed) catalogueChanged();
      return changed;
    },

    invalidate: catalogueChanged,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
