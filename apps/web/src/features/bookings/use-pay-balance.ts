import { useQueryClient } from '@tanstack/react-query';
import { CHARGE_MESSAGES, bookingNumber, type Booking } from '@pehnava/shared';
import { useRef, useState } from 'react';
import { bookingsMessages } from '../../i18n/bookings';
import { useMessages } from '../../i18n/messages';
import { notify } from '../../lib/notify';
import { useRefreshBookings } from '../../lib/shopper';
import { confirmBalance, payBalance, verifyBalance } from './api';
import { payOpenedOrder, useProviderReturn } from './booking-payment';

const BALANCE_PAYMENT = {
  verifyFailed: CHARGE_MESSAGES.balanceVerifyFailed,
  cancelled: CHARGE_MESSAGES.balancePaymentCancelled,
};

/**
 * Paying what a booking owes after its rental, from My Bookings: the server opens an order for
 * the charges due (it prices them; the page sends nothing but the booking), the provider takes
 * the payment (booking-payment.ts), and the result is verified. One payment at a time; the
 * bookings are refreshed afterwards whatever happened, so the balance shown is the server's.
 */
export function usePayBalance({ email }: { email: string | undefined }) {
  const m = useMessages(bookingsMessages);
  const client = useQueryClient();
  const refreshBookings = useRefreshBookings();
  const running = useRef(false);
  const [paying, setPaying] = useState<string>();

  async function pay(booking: Booking) {
    const answer = await payBalance(booking._id);
    const ids = await payOpenedOrder(client, {
      booking,
      email,
      answer,
      description: m.paymentFor({
        number: bookingNumber(booking._id),
        what: m.balancePayment(),
      }),
      messages: BALANCE_PAYMENT,
    });
    if (!ids) return;
    const result = await verifyBalance(booking._id, ids);
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

/** Back on /orders from a redirect provider's page, ?balance=success|cancelled&bookingId=…. */
export function useBalanceReturn(): void {
  useProviderReturn({
    param: 'balance',
    confirm: confirmBalance,
    done: 'paid',
    cancelled: BALANCE_PAYMENT.cancelled,
  });
}
