import { MESSAGES, type Product } from '@pehnava/shared';
import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useMessages } from '../../i18n/messages';
import { uiMessages } from '../../i18n/ui';
import { notify } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { useWishlistToggle } from '../../lib/shopper';

interface HeartProps {
  product: Product;
  className?: string;
  size?: number;
}

/**
 * The heart on a card, the product page and the wishlist: filled when saved. A visitor is asked to
 * log in ('Please login to add items to wishlist', then /login).
 */
export function WishlistHeart(props: HeartProps) {
  // A visitor's heart needs none of the wishlist's data.
  return useToken() ? <ShopperHeart {...props} /> : <VisitorHeart {...props} />;
}

function VisitorHeart(props: HeartProps) {
  const navigate = useNavigate();
  return (
    <HeartButton
      {...props}
      saved={false}
      onClick={() => {
        notify.info(MESSAGES.loginForWishlist);
        void navigate('/login');
      }}
    />
  );
}

function ShopperHeart(props: HeartProps) {
  const { ids, toggle } = useWishlistToggle();
  const { product } = props;
  const onClick = async () => {
    try {
      notify.success(await toggle(product));
    } catch (error) {
      notify.error((error as Error).message);
    }
  };
  return <HeartButton {...props} saved={ids.has(product._id)} onClick={() => void onClick()} />;
}

function HeartButton({
  product,
  className = '',
  size = 18,
  saved,
  onClick,
}: HeartProps & { saved: boolean; onClick: () => void }) {
  const m = useMessages(uiMessages);
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={
        saved
          ? m.removeFromWishlist({ name: product.name })
          : m.addToWishlist({ name: product.name })
      }
      aria-pressed={saved}
      data-testid="wishlist-heart"
      className={`inline-flex items-center justify-center rounded-full bg-white/90 text-maroon-700 shadow-sm transition hover:bg-white hover:text-maroon-900 focus-visible:outline-2 focus-visible:outline-maroon-700 ${className}`}
    >
      <Heart size={size} aria-hidden fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
