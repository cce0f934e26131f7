import { MESSAGES, type Product } from '@pehnava/shared';
import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { useWishlistToggle } from '../../lib/shopper';

/**
 * The heart on a card, the product page and the wishlist: filled when saved. A visitor is asked to
 * log in ('Please login to add items to wishlist', then /login).
 */
export function WishlistHeart({
  product,
  className = '',
  size = 18,
}: {
  product: Product;
  className?: string;
  size?: number;
}) {
  const navigate = useNavigate();
  const token = useToken();
  const { ids, toggle } = useWishlistToggle();
  const saved = ids.has(product._id);

  const onClick = async () => {
    if (!token) {
      notify.info(MESSAGES.loginForWishlist);
      void navigate('/login');
      return;
    }
    try {
      notify.success(await toggle(product));
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-label={
        saved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`
      }
      aria-pressed={saved}
      data-testid="wishlist-heart"
      className={`inline-flex items-center justify-center rounded-full bg-white/90 text-maroon-700 shadow-sm transition hover:bg-white hover:text-maroon-900 focus-visible:outline-2 focus-visible:outline-maroon-700 ${className}`}
    >
      <Heart size={size} aria-hidden fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
