import { formatRs, type Product } from '@pehnava/shared';

export function ProductCard({ product }: { product: Product }) {
  return (
    <article
      className={`group flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5 ${
        product.isAvailable ? '' : 'opacity-60'
      }`}
      data-testid="product-card"
    >
      <div className="aspect-[3/4] overflow-hidden bg-maroon-50">
        <img
          src={product.images[0]}
          alt={product.name}
          width={600}
          height={800}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className="space-y-1 p-3">
        <h2 className="line-clamp-2 text-sm font-medium leading-snug text-stone-900">
          {product.name}
        </h2>
        <p className="text-sm text-maroon-700">Starts from {formatRs(product.twoDayRentalPrice)}</p>
      </div>
    </article>
  );
}
