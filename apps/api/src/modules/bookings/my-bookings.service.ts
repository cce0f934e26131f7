import {
  BOOKING_MESSAGES,
  type Booking,
  type VerifyBookingBody,
  type VerifyBookingResponse,
  type VerifyStripeBody,
} from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderPayment } from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { Decision, PaymentIntake } from '../payments/intake.js';
import { providerFailure } from '../payments/provider-failure.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import { bookingViews } from './booking-view.js';
import type { BookingRow } from './bookings.repository.js';
import type { TaxDocuments } from '../tax-documents/tax-documents.service.js';
import type { Balance } from './balance.service.js';
import type { BookingSettlement } from './settlement.js';

export interface MyBookingsDeps {
  /** Repositories outside any transaction. */
  repos: Pick<
    Repositories,
    'bookings' | 'payments' | 'charges' | 'reports' | 'reviews' | 'extensions'
  >;
  uow: UnitOfWork;
  provider: PaymentProvider;
  intake: Pick<PaymentIntake, 'settle' | 'settleSigned'>;
  settlement: Pick<BookingSettlement, 'releaseHoldIn'>;
  /** A balance order's result sent to /booking/verify is the balance's (decision 051). */
  balance: Pick<Balance, 'verify'>;
  /** The booking's tax invoices and credit notes (decision 081). */
  taxDocuments: Pick<TaxDocuments, 'ofBooking' | 'pdfOfBooking'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

type VerifyAnswer = Omit<VerifyBookingResponse, 'success'>;

/** A provider failure while a shopper waits on a payment result: 503, or 400 for a refusal. */
const verifyFailure = (error: unknown) =>
  providerFailure(error, {
    unavailable: BOOKING_MESSAGES.providerUnavailable,
    refused: badRequest(BOOKING_MESSAGES.verifyFailed),
  });

/**
 * The shopper's side of a booking after checkout: coming back from paying (the browser's verify,
 * or the return from a redirect provider's page), and the list of their bookings. A payment result
 * is never taken from the browser: the payment intake asks the provider and decides it once.
 */
export function createMyBookings({
  repos,
  uow,
  provider,
  intake,
  settlement,
  balance,
  taxDocuments,
  logger,
}: MyBookingsDeps) {
  const answer = (b: Pick<BookingRow, 'id' | 'status' | 'paymentStatus'>): VerifyAnswer => ({
    message: BOOKING_MESSAGES.confirmed,
    bookingId: b.id,
    status: b.status,
    paymentStatus: b.paymentStatus,
  });

  /** What the shopper is told of a payment the intake has decided (or found nothing to decide). */
  async function answerFor(
    booking: BookingRow,
    decision: Decision | undefined,
    payment: ProviderPayment | undefined,
  ): Promise<VerifyAnswer> {
    if (!decision) {
      if (payment && payment.status !== 'captured') {
        throw badRequest(BOOKING_MESSAGES.paymentNotCaptured);
      }
      throw badRequest(BOOKING_MESSAGES.paymentNotForBooking);
    }
    if (decision.outcome === 'applied') {
      if (decision.capture.bookingId !== booking.id)
        throw badRequest(BOOKING_MESSAGES.verifyFailed);
      return answer((await repos.bookings.findBooking(booking.id)) ?? booking);
    }
    if (decision.capture.reason === 'amount-mismatch') {
      throw badRequest(BOOKING_MESSAGES.amountMismatch);
    }
    if (decision.capture.reason === 'already-paid') {
      throw conflict(BOOKING_MESSAGES.secondPaymentRefunded);
    }
    // Refused while the booking still held its pieces (the shopper's other order or plan changed
    // what it was made with), or after its hold had ended.
    throw conflict(
      booking.status === 'pending'
        ? BOOKING_MESSAGES.paymentRefused
        : BOOKING_MESSAGES.bookingExpired,
    );
  }

  /** The shopper's own booking, or 404. */
  async function ownBooking(userId: string, bookingId: string | undefined) {
    const booking = bookingId ? await repos.bookings.findBooking(bookingId) : undefined;
    if (!booking || booking.userId !== userId) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    return booking;
  }

  /** Close an unpaid order at the provider: true once it can no longer be paid. */
  async function closeOrder(order: PaymentRow): Promise<boolean> {
    if (!provider.cancelOrder) return false;
    try {
      if (!(await provider.cancelOrder(order.providerOrderId))) return false;
      await repos.payments.markClosed(order.id);
      return true;
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'could not close the payment order');
      return false;
    }
  }

  /** The captured payment of an order, as the provider has it now. */
  async function capturedOf(orderId: string): Promise<ProviderPayment | undefined> {
    try {
      return (await provider.fetchOrderPayments(orderId)).find((p) => p.status === 'captured');
    } catch (error) {
      throw verifyFailure(error);
    }
  }

  return {
    /**
     * POST /api/booking/verify: the modal checkout's result. The signature is checked against the
     * order id the server stored for this shopper's booking; the intake then asks the provider for
     * the payment and decides it once. A replay is answered as the payment was decided.
     */
    async verify(userId: string, body: VerifyBookingBody): Promise<VerifyAnswer> {
      // The order named, with the payment's capture if it was decided before: one read.
      const read = await repos.payments.byProviderOrderWithCapture(
        provider.name,
        body.razorpay_order_id,
        body.razorpay_payment_id,
      );
      const bookingId = body.bookingId ?? read?.order.bookingId ?? undefined;
      const booking = await ownBooking(userId, bookingId);
      if (read?.order.purpose === 'balance' && read.order.bookingId === booking.id) {
        // The same checkout paying what the booking owes after its rental.
        const paid = await balance.verify(userId, booking.id, body);
        const now = (await repos.bookings.findBooking(booking.id)) ?? booking;
        return { ...answer(now), message: paid.message };
      }
      // The booking's payment order. The one named is it when it is this booking's booking
      // order: checkout makes one per booking, with the booking's new id.
      const named =
        read?.order.purpose === 'booking' && read.order.bookingId === booking.id ? read : undefined;
      const order = named?.order ?? (await repos.payments.ofBooking(booking.id));
      if (!order || order.providerOrderId !== body.razorpay_order_id) {
        throw badRequest(BOOKING_MESSAGES.paymentNotForBooking);
      }
      const reported = await intake
        .settleSigned(
          order,
          { paymentId: body.razorpay_payment_id, signature: body.razorpay_signature },
          named && { capture: named.capture },
        )
        .catch((error: unknown) => {
          throw verifyFailure(error);
        });
      if (reported === 'forged') throw badRequest(BOOKING_MESSAGES.signatureInvalid);
      return answerFor(booking, reported.decision, reported.payment);
    },

    /**
     * POST /api/order/verifyStripe: the shopper is back from a redirect provider's page (Stripe
     * Checkout). The provider is asked for the booking's order (never the browser's `success`):
     * its payment is decided once. A shopper who came back through Cancel gave up: the order is
     * closed at the provider, and only once it can no longer be paid is the hold let go; an order
     * paid meanwhile is decided instead.
     */
    async verifyStripe(userId: string, body: VerifyStripeBody): Promise<VerifyAnswer> {
      if (provider.flow !== 'redirect') throw badRequest(BOOKING_MESSAGES.stripeOnly);
      const booking = await ownBooking(userId, body.orderId);
      if (booking.paymentStatus === 'completed') return answer(booking);
      const order = await repos.payments.ofBooking(booking.id);
      if (!order || order.provider !== provider.name) {
        throw badRequest(BOOKING_MESSAGES.stripeOnly);
      }

      let payment = await capturedOf(order.providerOrderId);
      if (!payment && !body.success) {
        if (await closeOrder(order)) {
          await uow.run(async (tx) => {
            await tx.users.lockForMoney(userId);
            const locked = await tx.bookings.lockBooking(booking.id);
            if (locked?.status === 'pending') await settlement.releaseHoldIn(tx, locked);
          });
          throw badRequest(BOOKING_MESSAGES.paymentCancelled);
        }
        // Not closed: perhaps paid in the meantime, so ask once more.
        payment = await capturedOf(order.providerOrderId);
      }
      if (!payment) {
        if (!body.success) throw badRequest(BOOKING_MESSAGES.paymentCancelled);
        // Its hold already ended (and with it the page): nothing can be paid for it now.
        if (booking.status === 'cancelled') throw conflict(BOOKING_MESSAGES.bookingExpired);
        throw badRequest(BOOKING_MESSAGES.notPaidYetStripe);
      }
      const decision = await intake.settle(payment);
      return answerFor(booking, decision, payment);
    },

    /** GET /api/booking/my: the shopper's bookings, newest first. */
    async my(userId: string, origin: string): Promise<Booking[]> {
      return bookingViews(repos, await repos.bookings.listOf(userId), origin);
    },

    /**
     * GET /api/booking/{id}/invoice: the shopper's own booking's tax invoices and credit notes, as
     * issued (404 for a booking that is not theirs).
     */
    invoices: (userId: string, bookingId: string) => taxDocuments.ofBooking(userId, bookingId),

    /**
     * The same as one PDF (decision 082): all of them in the order issued, or the one numbered
     * `number`; 404 as above, and for a booking with none yet or a number not of this booking.
     */
    invoicePdf: (userId: string, bookingId: string, number?: string) =>
      taxDocuments.pdfOfBooking(userId, bookingId, number),
  };
}

export type MyBookings = ReturnType<typeof createMyBookings>;
