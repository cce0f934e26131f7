import type { PlanId, Product } from '@pehnava/shared';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../lib/link';
import { PlanPrice } from '../../components/ui/plan-price';
import { WishlistHeart } from '../../components/ui/wishlist-heart';

/** A saved piece (SPEC.md §2 Wishlist): Add to Cart and View Details both open its page. */
export function WishlistCard({ product, plan }: { product: Product; plan: PlanId }) {
  const navigate = useNavigate();
  const [imageFailed, setImageFailed] = useState(false);
  const image = product.images[0];
  const open = () => void navigate(`/product/${product._id}`);

  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5"
      data-testid="wishlist-card"
      data-product-id={product._id}
    >
      <Link to={`/product/${product._id}`} className="relative block aspect-[3/4] bg-maroon-50">
        {image && !imageFailed ? (
          <img
            src={image}
            alt={product.name}
            width={600}
            height={800}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className={`h-full w-full object-cover ${product.isAvailable ? '' : 'opacity-55 grayscale-[60%]'}`}
          />
        ) : (
          <span
            role="img"
            aria-label={`${product.name}: image unavailable`}
            className="flex h-full w-full items-center justify-center text-maroon-700/60"
          >
            <ImageOff size={32} aria-hidden />
          </span>
        )}
        {!product.isAvailable && (
          <span className="absolute left-2 top-2 rounded-full bg-stone-900/85 px-2.5 py-1 text-xs font-semibold text-white">
            Out of Stock
          </span>
        )}
      </Link>
      <WishlistHeart product={product} className="absolute right-2 top-2 h-9 w-9" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-medium text-stone-900">{product.name}</h3>
        <PlanPrice product={product} plan={plan} rupees="₹" />
        <div className="mt-auto grid gap-2 pt-3">
          <button
            type="button"
            onClick={open}
            disabled={!product.isAvailable}
            className="rounded-full bg-maroon-700 px-3 py-2 text-xs font-medium text-white transition hover:bg-maroon-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
          >
            Add to Cart
          </button>
          <button
            type="button"
            onClick={open}
            className="rounded-full border border-stone-300 px-3 py-2 text-xs font-medium text-stone-800 transition hover:border-maroon-700 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
          >
            View Details
          </button>
        </div>
      </div>
    </article>
  );
}
