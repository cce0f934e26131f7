import type { Product } from '@pehnava/shared';
import { useProducts } from './api';
import { ProductGridSkeleton } from './grid-skeleton';
import { ProductGrid } from './product-grid';

/**
 * A row of cards picked from the catalogue (the home page's Latest Collections and Best Sellers).
 * It loads the list itself, so the home page's first script carries no data-fetching code.
 */
export function ProductShelf({
  pick,
  count,
  label,
}: {
  pick: (products: Product[]) => Product[];
  count: number;
  label: string;
}) {
  const { data: products, isPending, error } = useProducts();
  if (error) {
    return (
      <p role="alert" className="text-center text-red-700">
        {error.message}
      </p>
    );
  }
  if (isPending) return <ProductGridSkeleton count={count} />;
  return <ProductGrid products={pick(products)} label={label} />;
}
