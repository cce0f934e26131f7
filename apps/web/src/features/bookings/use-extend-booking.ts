import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_MESSAGES, EXTENSION_MESSAGES, bookingNumber, type Booking } from '@pehnava/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ACCOUNT_QUERY_KEY, getToken } from '../../lib/session';
import { useRefreshBookings } from '../../lib/shopper';
import { clientConfigQuery } from '../checkout/api';
import { payInSheet } from '../checkout/payment-checkout';
import { brandColour } from '../checkout/use-place-order';
import { confirmExtension, extendBooking, extensionQuote, verifyExtension } from './api';

/**
 * The quote for keeping a booking longer (GET /api/booking/{id}/extend), in the shopper's own
 * query space so it goes with the session. Never kept: the pieces' next bookings change.
 */
export const extensionQuoteQuery = (token: string, bookingId: string) => ({
  queryKey: [ACCOUNT_QUERY_KEY, token, 'extension', bookingId] as const,
  queryFn: () => extensionQuote(bookingId),
  staleTime: 0,
  retry: false,
});

/**
 * Keeping a rental longer from My Bookings (DECISIONS.md 'Extending a rental'), as paying a
 * balance is (use-pay-balance.ts): the server opens an order for the days chosen (it prices them),
 * the provider's modal takes the payment (a redirect provider sends the shopper to its page, which
 * comes back to /orders?extension=…), and the result is verified. A refusal the shopper should
 * read where they chose (the days were taken meanwhile: 409) is kept in `problem` for the panel;
 * anything else is a toast. The bookings are refreshed afterwards whatever happened.
 */
export function useExtendBooking({
  booking,
  email,
  onExtended,
}: {
  booking: Booking;
  email: string | undefined;
  /** Called once the days are applied (the panel closes). */
  onExtended: () => void;
}) {
  const client = useQueryClient();
  const refreshBookings = useRefreshBookings();
  const running = useRef(false);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string>();

  /** True when the extension was applied. */
  async function pay(days: number): Promise<boolean> {
    const answer = await extendBooking(booking._id, days);
    if (answer.order.checkoutUrl) {
      window.location.assign(answer.order.checkoutUrl);
      return false;
    }
    const outcome = await payInSheet(
      () => client.fetchQuery(clientConfigQuery),
      {
        amount: answer.order.amount,
        currency: answer.order.currency,
        name: 'Pehnava',
        description: `Booking ${bookingNumber(booking._id)}: ${days} more ${days === 1 ? 'day' : 'days'}`,
        order_id: answer.order.id,
        prefill: {
          name: booking.deliveryAddress.name,
          email,
          contact: booking.deliveryAddress.phone,
        },
        theme: { color: brandColour() },
      },
      {
        initFailed: BOOKING_MESSAGES.paymentInitFailed,
        verifyFailed: EXTENSION_MESSAGES.verifyFailed,
      },
    );
    if (outcome.kind === 'dismissed') {
      notify.info(EXTENSION_MESSAGES.paymentCancelled);
      return false;
    }
    if (outcome.kind === 'failed') {
      notify.error(BOOKING_MESSAGES.paymentFailed(outcome.description));
      return false;
    }
    const result = await verifyExtension(booking._id, outcome.ids);
    if (result.status === 'extended') {
      notify.success(result.message);
      return true;
    }
    notify.info(result.message);
    return false;
  }

  return {
    /** While an extension is being opened, paid or verified. */
    paying,
    /** The server's refusal (409), to show in the panel. */
    problem,
    pay(days: number) {
      if (running.current) return;
      running.current = true;
      setPaying(true);
      setProblem(undefined);
      let extended = false;
      void pay(days)
        .then((done) => {
          extended = done;
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 409) setProblem(error.message);
          else notify.error((error as Error).message);
        })
        .finally(() => {
          running.current = false;
          setPaying(false);
          const token = getToken();
          // The quote is asked again (what is free now), and the booking shows its dates.
          if (token) {
            void client.invalidateQueries({
              queryKey: extensionQuoteQuery(token, booking._id).queryKey,
            });
          }
          void refreshBookings().then(() => {
            if (extended) onExtended();
          });
        });
    },
  };
}

/**
 * Back on /orders from a redirect provider's page (?extension=success|cancelled&bookingId=…): the
 * server asks the provider (the address is not believed) and says what it found; the address is
 * cleaned at once, so a reload asks nothing again.
 */
export function useExtensionReturn(): void {
  const [search, setSearch] = useSearchParams();
  const refreshBookings = useRefreshBookings();
  const [returned] = useState(() => ({
    outcome: search.get('extension'),
    bookingId: search.get('bookingId'),
  }));
  const cleanAddress = useEffectEvent(() => setSearch({}, { replace: true }));
  const check = useEffectEvent(async (bookingId: string) => {
    try {
      const result = await confirmExtension(bookingId);
      if (result.status === 'extended') notify.success(result.message);
      else notify.info(result.message);
    } catch (error) {
      notify.error((error as Error).message);
    }
    await refreshBookings();
  });

  useEffect(() => {
    if (!returned.outcome) return;
    cleanAddress();
    if (returned.outcome !== 'success' || !returned.bookingId) {
      notify.info(EXTENSION_MESSAGES.paymentCancelled);
      return;
    }
    void check(returned.bookingId);
  }, [returned]);
}
