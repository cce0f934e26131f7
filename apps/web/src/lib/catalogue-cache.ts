import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@pehnava/shared';

/**
 * The first part of the query key of every cached answer that carries catalogue products: the
 * collection's pages, the home page's shelves and a product's related pieces
 * (features/catalogue/api.ts, features/product/api.ts). The product page looks through them for
 * a product the shopper came to from a card, to show it at once.
 */
export const CATALOGUE_KEY = 'catalogue';

type Answer = { products?: unknown } | { pages?: unknown };

function productsOf(data: unknown): Product[] {
  if (!data || typeof data !== 'object') return [];
  const answer = data as Answer;
  if ('pages' in answer && Array.isArray(answer.pages)) return answer.pages.flatMap(productsOf);
  if ('products' in answer && Array.isArray(answer.products)) return answer.products as Product[];
  return [];
}

/** A product some catalogue answer already holds, with when that answer arrived. */
export function cachedProduct(
  queryClient: QueryClient,
  matches: (product: Product) => boolean,
): { product: Product; updatedAt: number } | undefined {
  let found: { product: Product; updatedAt: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [CATALOGUE_KEY] })) {
    const product = productsOf(query.state.data).find(matches);
    // The freshest copy wins.
    if (product && (!found || query.state.dataUpdatedAt > found.updatedAt)) {
      found = { product, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return found;
}
