import {
  BOOKING_MESSAGES,
  CART_META,
  MESSAGES,
  type CartEntry,
  type CartResponse,
} from '@pehnava/shared';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../lib/link';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_BUTTON } from '../components/ui/buttons';
import { EmptyState } from '../components/ui/empty-state';
import { LoadFailed } from '../components/ui/load-failed';
import { clearCart, removeFromCart } from '../features/cart/api';
import { CartRow } from '../features/cart/cart-row';
import { OrderSummary } from '../features/cart/order-summary';
import { PlanBox } from '../features/cart/plan-box';
import { cartMessages } from '../i18n/cart';
import { useMessages } from '../i18n/messages';
import { notify } from '../lib/notify';
import { usePageMeta } from '../lib/page-meta';
import { getToken, useToken } from '../lib/session';
import { useCart, useRefreshCart, useSubscriptionOrFree } from '../lib/shopper';

function EmptyCart({ signedIn }: { signedIn: boolean }) {
  const m = useMessages(cartMessages);
  return (
    <EmptyState
      icon={ShoppingBag}
      title={m.emptyTitle()}
      text={signedIn ? m.emptySignedIn() : m.emptyVisitor()}
    >
      <Link to="/collection" className={PRIMARY_BUTTON}>
        {m.browseCollection()}
      </Link>
      {!signedIn && (
        <Link to="/login" className={SECONDARY_BUTTON}>
          {m.logIn()}
        </Link>
      )}
    </EmptyState>
  );
}

/** What the summary shows before there is a cart to show (a visitor, or while it loads). */
const EMPTY_CART: CartResponse = {
  success: true,
  cart: [],
  total: 0,
  deliveryFee: 0,
  totalWithDelivery: 0,
};

/**
 * /cart (SPEC.md §2 Cart). The Order Summary is always there, so Proceed to Checkout can say why
 * it cannot go on (not logged in, cart empty).
 */
export function CartPage() {
  usePageMeta(CART_META);
  const m = useMessages(cartMessages);
  const navigate = useNavigate();
  const token = useToken();
  const cart = useCart();
  const refresh = useRefreshCart();
  const { plan } = useSubscriptionOrFree();
  const [removing, setRemoving] = useState<string>();
  const entries = cart.data?.cart ?? [];

  const onRemove = async (entry: CartEntry) => {
    setRemoving(entry.product._id);
    try {
      notify.success(await removeFromCart(entry));
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setRemoving(undefined);
      refresh();
    }
  };

  const onClear = async () => {
    try {
      notify.success(await clearCart());
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      refresh();
    }
  };

  const onProceed = () => {
    if (!getToken()) {
      notify.info(MESSAGES.loginForCheckout);
      void navigate('/login');
      return;
    }
    if (entries.length === 0) {
      notify.error(MESSAGES.cartEmpty);
      return;
    }
    // A line booked by someone else since it was added would be refused at checkout: say which.
    const taken = entries.find((entry) => !entry.datesAvailable);
    if (taken) {
      notify.error(BOOKING_MESSAGES.itemTaken(taken.product.name, taken.size));
      return;
    }
    // The applied coupon goes on with the cart (lib/applied-coupon.ts).
    void navigate('/place-order');
  };

  let items;
  if (!token) items = <EmptyCart signedIn={false} />;
  else if (cart.isPending) {
    items = (
      <p className="py-16 text-center text-stone-600" aria-busy="true">
        {m.loading()}
      </p>
    );
  } else if (cart.isError) {
    items = (
      <div className="py-16 text-center">
        <LoadFailed message={cart.error.message} onRetry={() => void cart.refetch()} />
      </div>
    );
  } else if (entries.length === 0) items = <EmptyCart signedIn />;
  else {
    items = (
      <section
        aria-label={m.items()}
        className="rounded-3xl bg-white px-5 shadow-sm ring-1 ring-black/5 sm:px-6"
      >
        <ul className="divide-y divide-stone-100">
          {entries.map((entry) => (
            <CartRow
              key={`${entry.product._id}-${entry.size}-${entry.startDate}`}
              entry={entry}
              plan={plan}
              removing={removing === entry.product._id}
              onRemove={() => void onRemove(entry)}
            />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">{m.title()}</h1>
          {entries.length > 0 && (
            <p className="mt-1 text-stone-600">{m.itemCount({ count: entries.length })}</p>
          )}
        </div>
        {entries.length > 0 && (
          <button type="button" className={TEXT_BUTTON} onClick={() => void onClear()}>
            {m.clearCart()}
          </button>
        )}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_380px]">
        {items}
        <div className="space-y-4 lg:sticky lg:top-24">
          <OrderSummary
            cart={cart.data ?? EMPTY_CART}
            cartStamp={cart.dataUpdatedAt}
            plan={plan}
            onProceed={onProceed}
          />
          <PlanBox plan={plan} />
        </div>
      </div>
    </main>
  );
}
