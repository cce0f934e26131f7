import { useQueryClient } from '@tanstack/react-query';
import { EXTENSION_MESSAGES, bookingNumber, type Booking } from '@pehnava/shared';
import { useRef, useState } from 'react';
import { bookingsMessages } from '../../i18n/bookings';
import { useMessages } from '../../i18n/messages';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ACCOUNT_QUERY_KEY, getToken } from '../../lib/session';
import { useRefreshBookings } from '../../lib/shopper';
import { confirmExtension, extendBooking, extensionQuote, verifyExtension } from './api';
import { payOpenedOrder, useProviderReturn } from './booking-payment';

const EXTENSION_PAYMENT = {
  verifyFailed: EXTENSION_MESSAGES.verifyFailed,
  cancelled: EXTENSION_MESSAGES.paymentCancelled,
};

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
 * the provider takes the payment (booking-payment.ts), and the result is verified. A refusal the
 * shopper should read where they chose (the days were taken meanwhile: 409) is kept in `problem`
 * for the panel; anything else is a toast. The bookings are refreshed afterwards whatever happened.
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
  const m = useMessages(bookingsMessages);
  const client = useQueryClient();
  const refreshBookings = useRefreshBookings();
  const running = useRef(false);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string>();

  /** True when the extension was applied. */
  async function pay(days: number): Promise<boolean> {
    const answer = await extendBooking(booking._id, days);
    const ids = await payOpenedOrder(client, {
      booking,
      email,
      answer,
      description: m.paymentFor({
        number: bookingNumber(booking._id),
        what: m.moreDays({ count: days }),
      }),
      messages: EXTENSION_PAYMENT,
    });
    if (!ids) return false;
    const result = await verifyExtension(booking._id, ids);
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

/** Back on /orders from a redirect provider's page, ?extension=success|cancelled&bookingId=…. */
export function useExtensionReturn(): void {
  useProviderReturn({
    param: 'extension',
    confirm: confirmExtension,
    done: 'extended',
    cancelled: EXTENSION_PAYMENT.cancelled,
  });
}
