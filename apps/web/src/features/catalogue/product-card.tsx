import {
  CARD_IMAGE_SIZES,
  productPictureSrcSet,
  type PlanId,
  type Product,
  type ProductRating,
} from '@pehnava/shared';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { catalogueMessages } from '../../i18n/catalogue';
import { useMessages } from '../../i18n/messages';
import { whenAlreadyBroken } from '../../lib/broken-image';
import { Link } from '../../lib/link';
import { PlanPrice } from '../../components/ui/plan-price';
import { WishlistHeart } from '../../components/ui/wishlist-heart';
import { useCardImageSlider } from './card-image-slider';

/** `eager`: the card is near the top of the page, so its picture loads at once and first. */
export function ProductCard({
  product,
  eager = false,
  plan,
}: {
  product: Product;
  eager?: boolean;
  /** The shopper's plan: it decides the price shown. */
  plan: PlanId;
}) {
  const m = useMessages(catalogueMessages);
  const { index, start, reset } = useCardImageSlider(product.images.length);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const src = product.images[index] ?? product.images[0];

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5 transition hover:shadow-md"
      data-testid="product-card"
      data-available={product.isAvailable}
      onMouseEnter={start}
      onMouseLeave={reset}
    >
      <Link
        to={`/product/${product._id}`}
        className="flex flex-1 flex-col focus-visible:outline-2 focus-visible:outline-maroon-700"
      >
        {/* An unavailable piece is dimmed in its picture; its words stay readable. */}
        <div
          className={`relative aspect-[3/4] overflow-hidden bg-maroon-50 ${
            product.isAvailable ? '' : 'opacity-55 grayscale-[60%]'
          }`}
          data-testid="card-picture"
        >
          {src && !failed.has(src) ? (
            <img
              src={src}
              srcSet={productPictureSrcSet(src)}
              sizes={CARD_IMAGE_SIZES}
              alt={product.name}
              width={600}
              height={800}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
              decoding="async"
              data-testid="card-image"
              onError={() => setFailed((f) => new Set(f).add(src))}
              ref={whenAlreadyBroken(() => setFailed((f) => new Set(f).add(src)))}
              className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div
              className="flex h-full w-full flex-col items-center justify-center gap-2 text-maroon-700/60"
              data-testid="card-image-placeholder"
              role="img"
              aria-label={m.imageUnavailableOf({ name: product.name })}
            >
              <ImageOff size={32} aria-hidden />
              <span className="text-xs">{m.imageUnavailable()}</span>
            </div>
          )}
        </div>
        <div className="space-y-1 p-3">
          <h3 className="line-clamp-2 text-sm font-medium leading-snug text-stone-900">
            {product.name}
          </h3>
          {product.rating && <CardRating {...product.rating} />}
          <PlanPrice product={product} plan={plan} />
          {!product.isAvailable && (
            <p className="text-xs font-medium uppercase tracking-wide text-stone-600">
              {m.outOfStock()}
            </p>
          )}
        </div>
      </Link>
      <WishlistHeart product={product} className="absolute right-2 top-2 h-9 w-9" />
    </article>
  );
}

/**
 * '★ 4.3 (12)': a piece's average and how many reviews it has, once the API sends them (from 3
 * visible reviews, DECISIONS.md 'Reviews and fit'), read out as one phrase (an image's name: what
 * it holds is not read again).
 */
function CardRating({ average, count }: ProductRating) {
  const m = useMessages(catalogueMessages);
  const shown = average.toFixed(1);
  return (
    <p
      role="img"
      aria-label={m.rated({ rating: shown, count })}
      className="flex items-center gap-1 text-xs leading-none text-stone-600"
      data-testid="card-rating"
    >
      <span className="text-sm leading-none text-gold-500">★</span>{' '}
      <span className="font-semibold text-stone-800">{shown}</span>{' '}
      <span>({count.toLocaleString('en-IN')})</span>
    </p>
  );
}
