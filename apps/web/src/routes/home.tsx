import { useProducts } from '../features/catalogue/api';
import { ProductCard } from '../features/catalogue/product-card';

export function HomePage() {
  const { data: products, isPending, error } = useProducts();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">Occasion wear on rent</h1>
      <p className="mt-2 max-w-2xl text-stone-600">
        Lehengas, sherwanis, sarees and the finishing touches for 2 to 14 days. No deposit, cleaned
        and quality-checked, delivered to your door.
      </p>
      {isPending && <p className="mt-8 text-stone-500">Loading the collection…</p>}
      {error && (
        <p role="alert" className="mt-8 text-red-700">
          {error.message}
        </p>
      )}
      {products && (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {products.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
