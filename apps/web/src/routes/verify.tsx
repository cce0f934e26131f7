import { BOOKING_MESSAGES, VERIFY_META } from '@pehnava/shared';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { verifyStripe } from '../features/checkout/api';
import { readPaymentReturn } from '../features/checkout/payment-return';
import { useShopperMessage } from '../i18n/api-messages';
import { checkoutMessages } from '../i18n/checkout';
import { useMessages } from '../i18n/messages';
import { ApiError } from '../lib/api-client';
import { dropCoupon } from '../lib/applied-coupon';
import { notify } from '../lib/notify';
import { usePageMeta } from '../lib/page-meta';
import { getToken, useToken } from '../lib/session';
import { useRefreshBookings, useRefreshCart } from '../lib/shopper';

/**
 * /verify, the payment return (SPEC.md §2): Stripe Checkout sends the shopper back here with
 * ?success=…&orderId=…. With a session, the result is posted once to the server, which asks Stripe
 * itself; confirmed → the cart refreshed (its booked lines are gone) and /orders; otherwise /cart
 * with the error's own message. Without a session → /login.
 */
export function VerifyPage() {
  usePageMeta(VERIFY_META);
  const m = useMessages(checkoutMessages);
  const confirming = useShopperMessage(BOOKING_MESSAGES.confirmingPayment);
  const token = useToken();
  const { search } = useLocation();
  const navigate = useNavigate();
  const refreshCart = useRefreshCart();
  const refreshBookings = useRefreshBookings();
  // Once per address, however often React runs the effect (Strict Mode runs it twice).
  const posted = useRef<string | undefined>(undefined);
  // A session that ends here is followed by its own navigation, which this must not overrule.
  const [arrivedSignedIn] = useState(() => Boolean(getToken()));

  useEffect(() => {
    if (!token || posted.current === search) return;
    posted.current = search;
    const result = readPaymentReturn(search);
    if (!result) {
      notify.error(BOOKING_MESSAGES.verifyFailed);
      void navigate('/cart', { replace: true });
      return;
    }
    verifyStripe(result, token).then(
      (answer) => {
        notify.success(answer.message);
        dropCoupon();
        refreshCart();
        void refreshBookings();
        void navigate('/orders', { replace: true });
      },
      (error: unknown) => {
        // A 401 ends the session, and the session's end decides where to go.
        if (error instanceof ApiError && error.status === 401) return;
        notify.error(error instanceof Error ? error.message : BOOKING_MESSAGES.verifyError);
        refreshCart();
        void navigate('/cart', { replace: true });
      },
    );
  }, [token, search, navigate, refreshCart, refreshBookings]);

  if (!token) return arrivedSignedIn ? null : <Navigate to="/login" replace />;
  return (
    <main
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center"
      aria-busy="true"
    >
      <Loader2 size={36} aria-hidden className="animate-spin text-maroon-700" />
      <div role="status">
        <h1 className="mt-6 font-display text-2xl text-maroon-900 sm:text-3xl">{confirming}</h1>
        <p className="mt-3 text-stone-600">{m.keepPageOpen()}</p>
      </div>
    </main>
  );
}
