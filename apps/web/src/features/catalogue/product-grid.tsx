import type { Product } from '@pehnava/shared';
import { ProductCard } from './product-card';

export function ProductGrid({
  products,
  label,
  columns = 5,
}: {
  products: Product[];
  label: string;
  columns?: 4 | 5;
}) {
  return (
    <ul
      aria-label={label}
      className={`grid grid-cols-2 gap-4 sm:grid-cols-3 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5'}`}
    >
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
