import { ADMIN_MESSAGES, BOOKING_MESSAGES, bookingNumber, type Booking } from '@pehnava/shared';
import { recipientOf } from '../../adapters/mail/language.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { CouponUses } from '../coupons/coupon-uses.js';
import type { TaxDocuments } from '../tax-documents/tax-documents.service.js';
import { bookingViews } from './booking-view.js';
import type { BookingRow } from './bookings.repository.js';
import type { Inventory } from './inventory.js';
import { bookingCancelledByShopMail, bookingCancelledMail } from './mails.js';
import { queueRefundMade } from '../whatsapp/booking-updates.js';

/** Who changes a booking: an operator, or the shopper cancelling. */
export interface Actor {
  id: string | null;
  email: string;
  role: string;
}

export interface CancellationDeps {
  /** Repositories outside any transaction. */
  repos: Pick<Repositories, 'bookings' | 'payments' | 'charges' | 'reports'>;
  uow: UnitOfWork;
  inventory: Pick<Inventory, 'releaseIn'>;
  couponUses: CouponUses;
  /** A refund of an invoiced payment gets its credit note (decision 081). */
  creditNotes: Pick<TaxDocuments, 'creditNoteIn'>;
  settings: { siteUrl: string };
}

/**
 * Cancelling a paid booking before it ships (DECISIONS.md 'Cancellations, refunds…'): the shopper
 * while it is confirmed, an operator while it is confirmed or processing. One step for both, in
 * one transaction under the booking's lock: cancelled, pieces and coupon use let go, the full
 * amount refunded from the payment that was applied to it, the audit entry and the mail written.
 */
export function createCancellation({
  repos,
  uow,
  inventory,
  couponUses,
  creditNotes,
  settings,
}: CancellationDeps) {
  const ordersUrl = `${settings.siteUrl}/orders`;

  /**
   * Cancel a paid booking in `tx`. The refund's idempotency key is the booking's
   * (`cancel:{id}`), so it is made once whoever asks; the database keeps every refund of a
   * payment within what it captured.
   */
  async function cancelPaidIn(
    tx: Repositories,
    booking: BookingRow,
    {
      actor,
      from,
      reason,
      mail,
    }: {
      actor: Actor;
      from: BookingRow['status'][];
      reason: string;
      mail: (amountPaise: number) => MailMessage | undefined;
    },
  ): Promise<void> {
    await tx.bookings.markCancelled(booking.id, from);
    await inventory.releaseIn(tx, booking.id);
    if (booking.couponCode) await couponUses.releaseIn(tx, booking.id);
    const capture = await tx.payments.appliedCaptureOfBooking(booking.id);
    let refunded = 0;
    let refundId: string | undefined;
    if (capture && booking.totalPaise > 0) {
      refundId = await tx.payments.insertRefund({
        paymentId: capture.orderId,
        captureId: capture.id,
        bookingId: booking.id,
        providerPaymentId: capture.providerPaymentId,
        amountPaise: booking.totalPaise,
        reason: 'cancellation',
        idempotencyKey: `cancel:${booking.id}`,
      });
      refunded = booking.totalPaise;
    }
    await tx.bookings.recordEvent({
      bookingId: booking.id,
      actorId: actor.id,
      actorEmail: actor.email,
      actorRole: actor.role,
      action: 'cancel',
      before: { status: booking.status },
      after: { status: 'cancelled', refundPaise: refunded },
      note: reason,
    });
    // The refund's credit note near the end: its series' counter is held only until this
    // commits. The mail that tells of the refund, queued after it, carries it (decision 082).
    const creditNote = refundId
      ? await creditNotes.creditNoteIn(tx, {
          refundId,
          reason: `Booking ${bookingNumber(booking.id)} cancelled: refunded in full`,
        })
      : undefined;
    if (refunded > 0) await queueRefundMade(tx, booking, `cancel:${booking.id}`, refunded);
    const message = mail(refunded);
    if (message) {
      await tx.outbox.enqueue(
        'booking-cancelled',
        message,
        creditNote ? [{ taxDocumentId: creditNote.id }] : [],
      );
    }
  }

  return {
    cancelPaidIn,

    /**
     * POST /api/booking/{id}/cancel: the shopper cancels a paid booking before it is dispatched
     * (status confirmed). The refunds job asks the provider after commit, and keeps trying while
     * it cannot be reached: the booking is cancelled either way.
     */
    async cancel(userId: string, bookingId: string, origin: string): Promise<Booking> {
      await uow.run(async (tx) => {
        const booking = await tx.bookings.lockBooking(bookingId);
        if (!booking || booking.userId !== userId) {
          throw notFound(BOOKING_MESSAGES.bookingNotFound);
        }
        if (booking.status === 'cancelled') throw conflict(BOOKING_MESSAGES.alreadyCancelled);
        if (booking.status === 'pending') throw conflict(BOOKING_MESSAGES.notPaidYet);
        if (booking.status !== 'confirmed') throw conflict(BOOKING_MESSAGES.alreadyDispatched);
        const user = await tx.users.findById(userId);
        await cancelPaidIn(tx, booking, {
          actor: { id: userId, email: user?.email ?? '', role: 'shopper' },
          from: ['confirmed'],
          reason: 'cancelled by the shopper',
          mail: (amountPaise) =>
            user &&
            bookingCancelledMail(recipientOf(user), { _id: booking.id }, amountPaise, ordersUrl),
        });
      });
      const row = await repos.bookings.findBooking(bookingId);
      const [view] = await bookingViews(repos, [row!], origin);
      return view!;
    },

    /**
     * POST /api/admin/bookings/{id}/cancel: an operator cancels a paid booking not yet shipped
     * (confirmed or processing), with a full refund (the same idempotency key as the shopper's:
     * the two racing make one refund).
     */
    async adminCancel(actor: Actor, bookingId: string, reason: string): Promise<void> {
      await uow.run(async (tx) => {
        const booking = await tx.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        if (booking.status === 'cancelled') throw conflict(BOOKING_MESSAGES.alreadyCancelled);
        if (booking.status === 'pending') throw conflict(ADMIN_MESSAGES.notPaid);
        if (booking.status !== 'confirmed' && booking.status !== 'processing') {
          throw conflict(ADMIN_MESSAGES.tooLateToCancel(booking.status));
        }
        const user = booking.userId ? await tx.users.findById(booking.userId) : undefined;
        await cancelPaidIn(tx, booking, {
          actor,
          from: ['confirmed', 'processing'],
          reason,
          mail: (amountPaise) =>
            user &&
            bookingCancelledByShopMail(
              recipientOf(user),
              { _id: booking.id },
              amountPaise,
              { written: reason },
              ordersUrl,
            ),
        });
      });
    },
  };
}

export type Cancellation = ReturnType<typeof createCancellation>;
