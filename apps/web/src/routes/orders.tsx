import { ORDERS_META, type Booking } from '@pehnava/shared';
import { PackageOpen, ReceiptText, RefreshCw } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Link } from '../lib/link';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/ui/buttons';
import { EmptyState } from '../components/ui/empty-state';
import { LoadFailed } from '../components/ui/load-failed';
import { BookingCard } from '../features/bookings/booking-card';
import { BookingDetails } from '../features/bookings/booking-details';
import { bookingsMessages } from '../i18n/bookings';
import { useMessages } from '../i18n/messages';
import { usePageMeta } from '../lib/page-meta';
import { getToken, useToken } from '../lib/session';
import { notify } from '../lib/notify';
import { bookingsQuery, paidBookings, useBookings, useProfile } from '../lib/shopper';
import { cancelBooking } from '../features/bookings/api';
import { useBalanceReturn, usePayBalance } from '../features/bookings/use-pay-balance';
import { useExtensionReturn } from '../features/bookings/use-extend-booking';

/**
 * /orders, My Bookings (SPEC.md §2): the shopper's bookings whose payment completed, newest
 * first, each with its status and progress, and a details dialog. Needs a session (else /login).
 */
export function OrdersPage() {
  usePageMeta(ORDERS_META);
  const m = useMessages(bookingsMessages);
  const token = useToken();
  const bookings = useBookings();
  const balance = usePayBalance({ email: useProfile().data?.email });
  useBalanceReturn();
  useExtensionReturn();
  // The dialog shows the booking as last loaded, so a cancellation shows at once.
  const [openId, setOpenId] = useState<string>();
  const open = bookings.data?.find((booking) => booking._id === openId);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (booking: Booking) => cancelBooking(booking._id),
    onSuccess: (answer) => {
      notify.success(answer.message);
      if (token) void queryClient.invalidateQueries({ queryKey: bookingsQuery(token).queryKey });
    },
    onError: (error) => notify.error(error.message),
  });
  // A session that ends here is followed by its own navigation, which this must not overrule.
  const [arrivedSignedIn] = useState(() => Boolean(getToken()));
  if (!token) return arrivedSignedIn ? null : <Navigate to="/login" replace />;

  let body;
  if (bookings.isPending) {
    body = (
      <p className="py-16 text-center text-stone-600" aria-busy="true">
        {m.loading()}
      </p>
    );
  } else if (bookings.isError) {
    body = (
      <div className="py-16 text-center">
        <LoadFailed message={bookings.error.message} onRetry={() => void bookings.refetch()} />
      </div>
    );
  } else if (bookings.data.length === 0) {
    body = (
      <EmptyState icon={PackageOpen} title={m.noOrders()} text={m.noOrdersText()}>
        <Link to="/collection" className={PRIMARY_BUTTON}>
          {m.startShopping()}
        </Link>
      </EmptyState>
    );
  } else {
    const paid = paidBookings(bookings.data);
    body = (
      <>
        <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="font-display text-2xl text-maroon-900">{m.placedOrders()}</h2>
            <p className="mt-0.5 text-sm text-stone-600">{m.showingPaid()}</p>
          </div>
          <div className="flex items-center gap-3">
            <p className="text-sm text-stone-600" data-testid="orders-count" aria-live="polite">
              {m.ordersFound({ count: paid.length })}
            </p>
            <button
              type="button"
              className={`${SECONDARY_BUTTON} px-4 py-2`}
              onClick={() => void bookings.refetch()}
              disabled={bookings.isFetching}
            >
              <RefreshCw
                size={16}
                aria-hidden
                className={bookings.isFetching ? 'animate-spin' : undefined}
              />
              {m.refresh()}
            </button>
          </div>
        </div>
        {paid.length === 0 ? (
          <EmptyState icon={ReceiptText} title={m.noPaidOrders()} text={m.noPaidOrdersText()}>
            <Link to="/cart" className={SECONDARY_BUTTON}>
              {m.goToCart()}
            </Link>
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {paid.map((booking) => (
              <li key={booking._id}>
                <BookingCard booking={booking} onDetails={() => setOpenId(booking._id)} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="mb-6 font-display text-3xl text-maroon-900 sm:text-4xl">{m.title()}</h1>
      {body}
      {open && (
        <BookingDetails
          booking={open}
          onClose={() => setOpenId(undefined)}
          onCancel={() => cancel.mutate(open)}
          cancelling={cancel.isPending}
          onPayBalance={() => {
            // The payment sheet is a page element: the modal details would keep it inert.
            setOpenId(undefined);
            balance.payBalance(open);
          }}
          payingBalance={balance.paying === open._id}
        />
      )}
    </main>
  );
}
