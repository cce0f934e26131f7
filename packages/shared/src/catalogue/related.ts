import type { Product } from '../contracts/catalogue.js';

const valuesOf = (product: Product, type: string): string =>
  product.filters
    .filter((f) => f.type === type)
    .map((f) => f.value)
    .sort()
    .join('\u0000');

/**
 * Up to `count` other products with the same category and subCategory filter values as `product`,
 * in random order. `random` returns numbers in [0, 1) (Math.random, or a seeded one in tests).
 */
export function relatedProducts(
  products: readonly Product[],
  product: Product,
  count: number,
  random: () => number,
): Product[] {
  const category = valuesOf(product, 'category');
  const subCategory = valuesOf(product, 'subCategory');
  const matches = products.filter(
    (p) =>
      p._id !== product._id &&
      valuesOf(p, 'category') === category &&
      valuesOf(p, 'subCategory') === subCategory,
  );
  // Partial Fisher-Yates: the first `count` places are a uniform random choice.
  const picked = [...matches];
  const n = Math.min(count, picked.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(random() * (picked.length - i));
    [picked[i], picked[j]] = [picked[j]!, picked[i]!];
  }
  return picked.slice(0, n);
}
