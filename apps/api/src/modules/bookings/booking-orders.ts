import { BOOKING_MESSAGES } from '@pehnava/shared';
import type { PaymentProvider, ProviderPayment } from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { Decision, PaymentIntake, Reported } from '../payments/intake.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import { providerFailure } from '../payments/provider-failure.js';

/** What the provider's modal hands back, as a client sends it to a verify route. */
export interface SignedResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * What paying for something more on a booking shares, whatever it pays for (a balance after the
 * rental, decision 051; more days, decision 073): the shopper's own booking, the signed result
 * of the provider's modal decided by the payment intake, and, back from a redirect provider's
 * page, the provider asked about the booking's recent orders. What a decision means to the
 * shopper is each purpose's own.
 */
export function createBookingOrders({
  repos,
  provider,
  intake,
}: {
  repos: Pick<Repositories, 'bookings' | 'payments'>;
  provider: PaymentProvider;
  intake: Pick<PaymentIntake, 'settle' | 'settleSigned'>;
}) {
  /** A provider failure while the shopper waits: 503, or 400 for a refusal. */
  const waitFailure = (error: unknown) =>
    providerFailure(error, {
      unavailable: BOOKING_MESSAGES.providerUnavailable,
      refused: badRequest(BOOKING_MESSAGES.verifyFailed),
    });

  return {
    /** The shopper's own booking, or 404. */
    async ownBooking(userId: string, bookingId: string) {
      const booking = await repos.bookings.findBooking(bookingId);
      if (!booking || booking.userId !== userId) throw notFound(BOOKING_MESSAGES.bookingNotFound);
      return booking;
    },

    /**
     * The modal's signed result for an order of `purpose` on the booking, decided by the intake
     * (once: a replay is answered as it was decided). The signature is checked against the order
     * id stored for it; an order of another purpose or booking, or a decision of another order,
     * is `unknownOrder` (400).
     */
    async settleSigned(
      bookingId: string,
      purpose: PaymentRow['purpose'],
      body: SignedResult,
      unknownOrder: string,
    ): Promise<Reported> {
      const order = await repos.payments.byProviderOrder(provider.name, body.razorpay_order_id);
      if (!order || order.purpose !== purpose || order.bookingId !== bookingId) {
        throw badRequest(unknownOrder);
      }
      const reported = await intake
        .settleSigned(order, {
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
        })
        .catch((error: unknown) => {
          throw waitFailure(error);
        });
      if (reported === 'forged') throw badRequest(BOOKING_MESSAGES.signatureInvalid);
      // A payment decided before is answered from its capture: it must be this order's.
      if (reported.decision && reported.decision.capture.orderId !== order.id) {
        throw badRequest(unknownOrder);
      }
      return reported;
    },

    /**
     * The provider asked about `orders` (the booking's recent ones of this provider, not yet
     * decided), each captured payment decided by the intake: the first applied, or else the last
     * refused by this call, or nothing when none was captured (or all were decided before).
     */
    async settleOrders(
      orders: PaymentRow[],
    ): Promise<
      { applied: { decision: Decision; payment: ProviderPayment } } | { refused?: Decision }
    > {
      let refused: Decision | undefined;
      for (const order of orders) {
        let made: ProviderPayment[];
        try {
          made = await provider.fetchOrderPayments(order.providerOrderId);
        } catch (error) {
          throw waitFailure(error);
        }
        for (const payment of made.filter((p) => p.status === 'captured')) {
          const decision = await intake.settle(payment);
          if (decision?.outcome === 'applied') return { applied: { decision, payment } };
          if (decision?.fresh) refused = decision;
        }
      }
      return refused ? { refused } : {};
    },
  };
}
