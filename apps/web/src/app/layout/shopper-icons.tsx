import { Heart, ShoppingBag } from 'lucide-react';
import { Link } from '../../lib/link';
import { ICON_BUTTON } from '../../components/ui/icon-button';
import { useCartCount, useWishlist } from '../../lib/shopper';
import { menuMessages } from '../../i18n/menu';
import { useMessages } from '../../i18n/messages';

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-maroon-700 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
      data-testid={`${label}-count`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** A signed-in shopper's wishlist icon, with its count. */
export function WishlistIcon() {
  const count = useWishlist().data?.length ?? 0;
  const m = useMessages(menuMessages);
  return (
    <Link
      to="/wishlist"
      className={`${ICON_BUTTON} relative`}
      aria-label={count ? m.wishlistSaved({ count }) : m.wishlist()}
    >
      <Heart size={20} aria-hidden />
      <Badge count={count} label="wishlist" />
    </Link>
  );
}

/** A signed-in shopper's cart icon, with the number of items in it. */
export function CartIcon() {
  const count = useCartCount();
  const m = useMessages(menuMessages);
  return (
    <Link
      to="/cart"
      className={`${ICON_BUTTON} relative`}
      aria-label={count ? m.cartItems({ count }) : m.cart()}
    >
      <ShoppingBag size={20} aria-hidden />
      <Badge count={count} label="cart" />
    </Link>
  );
}
