import { WISHLIST_META } from '@pehnava/shared';
import { Crown, Heart } from 'lucide-react';
import { Link } from '../lib/link';
import { PRIMARY_BUTTON } from '../components/ui/buttons';
import { EmptyState } from '../components/ui/empty-state';
import { ProductGridSkeleton, gridClass } from '../features/catalogue/grid-skeleton';
import { WishlistCard } from '../features/wishlist/wishlist-card';
import { useShopperMessage } from '../i18n/api-messages';
import { useMessages } from '../i18n/messages';
import { wishlistMessages } from '../i18n/wishlist';
import { usePageMeta } from '../lib/page-meta';
import { useToken } from '../lib/session';
import { useSubscriptionOrFree, useWishlist } from '../lib/shopper';

/** SPEC.md §9: the wishlist's loading skeleton has 8 cards. */
const SKELETON_CARDS = 8;

/** /wishlist (SPEC.md §2 Wishlist). */
export function WishlistPage() {
  usePageMeta(WISHLIST_META);
  const m = useMessages(wishlistMessages);
  const token = useToken();
  const wishlist = useWishlist();
  const loadProblem = useShopperMessage(wishlist.error?.message ?? '');
  const { plan } = useSubscriptionOrFree();
  const items = wishlist.data ?? [];

  let body;
  if (!token) {
    body = (
      <EmptyState icon={Heart} title={m.saveFavourites()} text={m.saveFavouritesText()}>
        <Link to="/login" className={PRIMARY_BUTTON}>
          {m.loginToContinue()}
        </Link>
      </EmptyState>
    );
  } else if (wishlist.isPending) {
    body = <ProductGridSkeleton count={SKELETON_CARDS} columns={4} label={m.loadingCollection()} />;
  } else if (wishlist.isError) {
    body = (
      <p role="alert" className="py-16 text-center text-red-700">
        {loadProblem}
      </p>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState icon={Heart} title={m.empty()} text={m.emptyText()}>
        <Link to="/collection" className={PRIMARY_BUTTON}>
          {m.browseCollection()}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className={gridClass(4)} aria-label={m.savedOutfits()}>
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
          <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">{m.heading()}</h1>
          {token && wishlist.isSuccess && (
            <p className="mt-1 text-stone-600" data-testid="wishlist-saved">
              {m.saved({ count: items.length })}
            </p>
          )}
        </div>
        {token && plan !== 'free' && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-gold-300 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-maroon-900">
            <Crown size={14} aria-hidden />{' '}
            {m.planPrices({ plan: plan === 'plus' ? 'Plus' : 'Pro' })}
          </span>
        )}
      </div>
      {body}
    </main>
  );
}
