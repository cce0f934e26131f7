import { WISHLIST_META } from '@pehnava/shared';
import { Crown, Heart } from 'lucide-react';
import { Link } from '../lib/link';
import { PRIMARY_BUTTON } from '../components/ui/buttons';
import { EmptyState } from '../components/ui/empty-state';
import { ProductGridSkeleton, gridClass } from '../features/catalogue/grid-skeleton';
import { WishlistCard } from '../features/wishlist/wishlist-card';
import { usePageMeta } from '../lib/page-meta';
import { useToken } from '../lib/session';
import { useSubscriptionOrFree, useWishlist } from '../lib/shopper';

/** SPEC.md §9: the wishlist's loading skeleton has 8 cards. */
const SKELETON_CARDS = 8;

/** /wishlist (SPEC.md §2 Wishlist). */
export function WishlistPage() {
  usePageMeta(WISHLIST_META);
  const token = useToken();
  const wishlist = useWishlist();
  const { plan } = useSubscriptionOrFree();
  const items = wishlist.data ?? [];

  let body;
  if (!token) {
    body = (
      <EmptyState
        icon={Heart}
        title="Save Your Favorites"
        text="Log in to keep the outfits you love in one place and rent them when the date comes."
      >
        <Link to="/login" className={PRIMARY_BUTTON}>
          Login to Continue
        </Link>
      </EmptyState>
    );
  } else if (wishlist.isPending) {
    body = <ProductGridSkeleton count={SKELETON_CARDS} columns={4} />;
  } else if (wishlist.isError) {
    body = (
      <p role="alert" className="py-16 text-center text-red-700">
        {wishlist.error.message}
      </p>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={Heart}
        title="Your Wishlist is Empty"
        text="Tap the heart on any outfit to save it here."
      >
        <Link to="/collection" className={PRIMARY_BUTTON}>
          Browse Collection
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className={gridClass(4)} aria-label="Saved outfits">
        {items.map((product) => (
          <li key={product._id}>
            <WishlistCard product={product} plan={plan} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">My Wishlist</h1>
          {token && wishlist.isSuccess && (
            <p className="mt-1 text-stone-600" data-testid="wishlist-saved">
              {items.length} item(s) saved
            </p>
          )}
        </div>
        {token && plan !== 'free' && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-gold-300 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-maroon-900">
            <Crown size={14} aria-hidden /> {plan === 'plus' ? 'Plus' : 'Pro'} plan prices
          </span>
        )}
      </div>
      {body}
    </main>
  );
}
