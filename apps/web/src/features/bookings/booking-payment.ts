import type { QueryClient } from '@tanstack/react-query';
import { BOOKING_MESSAGES, type Booking } from '@pehnava/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { useRefreshBookings } from '../../lib/shopper';
import { clientConfigQuery } from '../checkout/api';
import { payInSheet, type PaidIds } from '../checkout/payment-checkout';
import { brandColour } from '../checkout/use-place-order';

/** An order the server opened for a booking (a balance, more days): its price is the server's. */
interface OpenedOrder {
  order: { id: string; amount: number; currency: string; checkoutUrl?: string | null };
}

/**
 * Paying for something more on a booking from My Bookings, after the server has opened its order:
 * a redirect provider's page is opened (it comes back to /orders, useProviderReturn), otherwise
 * the provider's modal takes the payment. Undefined when nothing was paid here (sent away,
 * dismissed or refused: the shopper has been told); the provider's ids to verify when it was.
 */
export async function payOpenedOrder(
  client: QueryClient,
  {
    booking,
    email,
    answer,
    description,
    messages,
  }: {
    booking: Booking;
    email: string | undefined;
    answer: OpenedOrder;
    /** What the payment is for, as the provider's modal says it ('Booking 4F2A9C1D: balance due'). */
    description: string;
    messages: { verifyFailed: string; cancelled: string };
  },
): Promise<PaidIds | undefined> {
  if (answer.order.checkoutUrl) {
    window.location.assign(answer.order.checkoutUrl);
    return undefined;
  }
  const outcome = await payInSheet(
    () => client.fetchQuery(clientConfigQuery),
    {
      amount: answer.order.amount,
      currency: answer.order.currency,
      name: 'Pehnava',
      description,
      order_id: answer.order.id,
      prefill: {
        name: booking.deliveryAddress.name,
        email,
        contact: booking.deliveryAddress.phone,
      },
      theme: { color: brandColour() },
    },
    { initFailed: BOOKING_MESSAGES.paymentInitFailed, verifyFailed: messages.verifyFailed },
  );
  if (outcome.kind === 'dismissed') {
    notify.info(messages.cancelled);
    return undefined;
  }
  if (outcome.kind === 'failed') {
    notify.error(BOOKING_MESSAGES.paymentFailed(outcome.description));
    return undefined;
  }
  return outcome.ids;
}

/**
 * Back on /orders from a redirect provider's page (?{param}=success|cancelled&bookingId=…): the
 * server asks the provider (the address is not believed) and says what it found; the address is
 * cleaned at once, so a reload asks nothing again.
 */
export function useProviderReturn({
  param,
  confirm,
  done,
  cancelled,
}: {
  param: string;
  /** The server's confirmation for the booking. */
  confirm: (bookingId: string) => Promise<{ status: string; message: string }>;
  /** The status that means it went through (said as a success; anything else as news). */
  done: string;
  cancelled: string;
}): void {
  const [search, setSearch] = useSearchParams();
  const refreshBookings = useRefreshBookings();
  const [returned] = useState(() => ({
    outcome: search.get(param),
    bookingId: search.get('bookingId'),
  }));
  const cleanAddress = useEffectEvent(() => setSearch({}, { replace: true }));
  const check = useEffectEvent(async (bookingId: string) => {
    try {
      const result = await confirm(bookingId);
      if (result.status === done) notify.success(result.message);
      else notify.info(result.message);
    } catch (error) {
      notify.error((error as Error).message);
    }
    await refreshBookings();
  });
  const sayCancelled = useEffectEvent(() => notify.info(cancelled));

  useEffect(() => {
    if (!returned.outcome) return;
    cleanAddress();
    if (returned.outcome !== 'success' || !returned.bookingId) {
      sayCancelled();
      return;
    }
    void check(returned.bookingId);
  }, [returned]);
}
