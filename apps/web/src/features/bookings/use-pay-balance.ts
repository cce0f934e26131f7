import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_MESSAGES, CHARGE_MESSAGES, bookingNumber, type Booking } from '@pehnava/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { useRefreshBookings } from '../../lib/shopper';
import { clientConfigQuery } from '../checkout/api';
import { payInSheet } from '../checkout/payment-checkout';
import { brandColour } from '../checkout/use-place-order';
import { confirmBalance, payBalance, verifyBalance } from './api';

/**
 * Paying what a booking owes after its rental, from My Bookings: the server opens an order for
 * the charges due (it prices them; the page sends nothing but the booking), the provider's modal
 * takes the payment (a redirect provider sends the shopper to its page, which comes back to
 * /orders?balance=…), and the result is verified. One payment at a time; the bookings are
 * refreshed afterwards whatever happened, so the balance shown is the server's.
 */
export function usePayBalance({ email }: { email: string | undefined }) {
  const client = useQueryClient();
  const refreshBookings = useRefreshBookings();
  const running = useRef(false);
  const [paying, setPaying] = useState<string>();

  async function pay(booking: Booking) {
    const answer = await payBalance(booking._id);
    if (answer.order.checkoutUrl) {
      window.location.assign(answer.order.checkoutUrl);
      return;
    }
    const outcome = await payInSheet(
      () => client.fetchQuery(clientConfigQuery),
      {
        amount: answer.order.amount,
        currency: answer.order.currency,
        name: 'Pehnava',
        description: `Booking ${bookingNumber(booking._id)}: balance due`,
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
        verifyFailed: CHARGE_MESSAGES.balanceVerifyFailed,
      },
    );
    if (outcome.kind === 'dismissed') {
      notify.info(CHARGE_MESSAGES.balancePaymentCancelled);
      return;
    }
    if (outcome.kind === 'failed') {
      notify.error(BOOKING_MESSAGES.paymentFailed(outcome.description));
      return;
    }
    const result = await verifyBalance(booking._id, outcome.ids);
    notify.success(result.message);
  }

  return {
    /** The booking whose balance is being paid, if any. */
    paying,
    payBalance(booking: Booking) {
      if (running.current) return;
      running.current = true;
      setPaying(booking._id);
      void pay(booking)
        .catch((error: unknown) => notify.error((error as Error).message))
        .finally(() => {
          running.current = false;
          setPaying(undefined);
          void refreshBookings();
        });
    },
  };
}

/**
 * Back on /orders from a redirect provider's page (?balance=success|cancelled&bookingId=…): the
 * server asks the provider (the address is not believed) and says what it found; the address is
 * cleaned at once, so a reload asks nothing again.
 */
export function useBalanceReturn(): void {
  const [search, setSearch] = useSearchParams();
  const refreshBookings = useRefreshBookings();
  const [returned] = useState(() => ({
    outcome: search.get('balance'),
    bookingId: search.get('bookingId'),
  }));
  const cleanAddress = useEffectEvent(() => setSearch({}, { replace: true }));
  const check = useEffectEvent(async (bookingId: string) => {
    try {
      const result = await confirmBalance(bookingId);
      if (result.status === 'paid') notify.success(result.message);
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
      notify.info(CHARGE_MESSAGES.balancePaymentCancelled);
      return;
    }
    void check(returned.bookingId);
  }, [returned]);
}
