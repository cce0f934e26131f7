import {
  BOOKING_MESSAGES,
  FIT_MESSAGES,
  FIT_WINDOW_HOURS,
  formatRupees,
  paiseToRupees,
  todayInIndia,
  type Booking,
  type ReportItemBody,
} from '@pehnava/shared';
import { recipientOf } from '../../adapters/mail/language.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import type { TaxDocuments } from '../tax-documents/tax-documents.service.js';
import { bookingViews } from './booking-view.js';
import { fitWindowRefundMail } from './mails.js';
import type { BookingItemRow } from './bookings.repository.js';
import type { Inventory } from './inventory.js';
import { queueRefundMade } from '../whatsapp/booking-updates.js';

export interface FitWindowDeps {
  repos: Pick<Repositories, 'bookings' | 'payments' | 'charges' | 'reports'>;
  uow: UnitOfWork;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  inventory: Pick<Inventory, 'reserveFreshIn'>;
  /** A refund of an invoiced payment gets its credit note (decision 081). */
  creditNotes: Pick<TaxDocuments, 'creditNoteIn'>;
  clock: Clock;
  /** Where the refund mail's link leads. */
  settings: { siteUrl: string };
}

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/**
 * The fit window (DECISIONS.md 'Cancellations, refunds, late returns and damage'; issue [J]):
 * within 24 hours of delivery a shopper may report a piece that does not fit or is not as
 * described. An exchange sets aside free pieces of the size asked for (or of the same size, for
 * one not as described) for the rest of the line's dates at no cost, as holds of the line that an
 * operator sends; when none is free, or when the shopper asks for it, the line is refunded
 * against the booking's payment (within what that payment has left). One report per line, in one
 * transaction under the shopper's money lock and the booking's lock.
 */
export function createFitWindow({
  repos,
  uow,
  catalogue,
  inventory,
  creditNotes,
  clock,
  settings,
}: FitWindowDeps) {
  /** Refund the line against the booking's applied payment; the paise refunded and the row. */
  async function refundLineIn(tx: Repositories, bookingId: string, item: BookingItemRow) {
    const capture = await tx.payments.appliedCaptureOfBooking(bookingId);
    if (!capture) return { paise: 0, refundId: null };
    const paise = Math.min(item.totalPaise, capture.amountPaise - capture.refundedPaise);
    if (paise <= 0) return { paise: 0, refundId: null };
    const refundId = await tx.payments.insertRefund({
      paymentId: capture.orderId,
      captureId: capture.id,
      bookingId,
      providerPaymentId: capture.providerPaymentId,
      amountPaise: paise,
      reason: 'fit-window',
      idempotencyKey: `fit:${item.id}`,
    });
    // A line is reported once (a unique index), so its refund key is new here.
    if (!refundId) throw new Error(`The fit-window refund of line ${item.id} was already queued`);
    return { paise, refundId };
  }

  return {
    /** POST /api/booking/{id}/items/{itemId}/report. */
    async report(
      userId: string,
      bookingId: string,
      itemId: string,
      body: ReportItemBody,
      origin: string,
    ): Promise<{ message: string; booking: Booking }> {
      const snapshot = await catalogue.snapshot();
      const message = await uow.run(async (tx) => {
        await tx.users.lockForMoney(userId);
        const booking = await tx.bookings.lockBooking(bookingId);
        if (!booking || booking.userId !== userId) {
          throw notFound(BOOKING_MESSAGES.bookingNotFound);
        }
        const item = (await tx.bookings.itemsOf([booking.id])).find((i) => i.id === itemId);
        if (!item) throw notFound(FIT_MESSAGES.itemNotFound);
        if (await tx.reports.ofItem(item.id)) throw conflict(FIT_MESSAGES.alreadyReported);
        if (!booking.deliveredAt) throw conflict(FIT_MESSAGES.notDeliveredYet);
        const closesAt = booking.deliveredAt.getTime() + FIT_WINDOW_HOURS * 3_600_000;
        if (clock.now().getTime() > closesAt) throw conflict(FIT_MESSAGES.windowClosed);
        const sent = (await tx.inventory.holdsOfBooking(booking.id)).filter(
          (hold) => hold.itemId === item.id && hold.dispatchedAt,
        );
        if (sent.length > 0 && sent.every((hold) => hold.returnedAt)) {
          throw conflict(FIT_MESSAGES.alreadyBack);
        }

        const today = todayInIndia(clock.now());
        let size: string | undefined;
        let holdIds: string[] = [];
        if (body.want === 'exchange') {
          size = body.size ?? (body.reason === 'not-as-described' ? item.size : undefined);
          if (!size) throw badRequest(FIT_MESSAGES.sizeNeeded);
          const offered = findProduct(snapshot, item.productId)?.sizes.map((s) => s.size) ?? [];
          if (!offered.includes(size)) throw badRequest(FIT_MESSAGES.sizeUnknown(size));
          if (item.endDate >= today) {
            holdIds = await inventory.reserveFreshIn(tx, {
              itemId: item.id,
              productId: item.productId,
              size,
              quantity: item.quantity,
              from: today,
              endDate: item.endDate,
              transitDays: booking.transitDays,
            });
          }
        }

        const base = {
          bookingId: booking.id,
          bookingItemId: item.id,
          reason: body.reason,
          want: body.want,
          size: size ?? null,
          note: body.note || null,
        };
        let said: string;
        let refundId: string | null = null;
        let refundPaise = 0;
        if (holdIds.length > 0) {
          await tx.reports.insert({ ...base, outcome: 'exchange', exchangeHoldId: holdIds[0]! });
          said =
            size === item.size
              ? FIT_MESSAGES.sameForNotAsDescribed(size!)
              : FIT_MESSAGES.exchangeReserved(size!);
        } else {
          const refund = await refundLineIn(tx, booking.id, item);
          refundId = refund.refundId;
          refundPaise = refund.paise;
          if (refund.refundId) await queueRefundMade(tx, booking, refund.refundId, refund.paise);
          await tx.reports.insert({
            ...base,
            outcome: 'refund',
            refundId: refund.refundId,
            refundPaise: refund.paise,
          });
          said =
            refund.paise === 0
              ? FIT_MESSAGES.nothingToRefund
              : body.want === 'exchange'
                ? FIT_MESSAGES.noneFreeRefunded(size!, rupees(refund.paise))
                : FIT_MESSAGES.refunded(rupees(refund.paise));
        }
        const shopper = await tx.users.findById(userId);
        await tx.bookings.recordEvent({
          bookingId: booking.id,
          actorId: userId,
          actorEmail: shopper?.email ?? 'shopper',
          actorRole: 'user',
          action: 'report',
          before: { itemId: item.id, size: item.size },
          after: {
            itemId: item.id,
            reason: body.reason,
            want: body.want,
            outcome: holdIds.length > 0 ? 'exchange' : 'refund',
            ...(size ? { size } : {}),
          },
          note: body.note || null,
        });
        // The refund's credit note last: its series' counter is held only until this commits.
        // The mail that tells of the refund, queued after it, carries it (decision 082).
        if (refundId) {
          const creditNote = await creditNotes.creditNoteIn(tx, {
            refundId,
            reason: `${item.product.name} refunded: reported within 24 hours of delivery (${body.reason === 'fit' ? 'fit' : 'not as described'})`,
          });
          if (shopper && refundPaise > 0) {
            await tx.outbox.enqueue(
              'fit-window-refund',
              fitWindowRefundMail(
                recipientOf(shopper),
                { _id: booking.id },
                item.product.name,
                refundPaise,
                creditNote?.number,
                `${settings.siteUrl}/orders`,
              ),
              creditNote ? [{ taxDocumentId: creditNote.id }] : [],
            );
          }
        }
        return said;
      });
      const row = (await repos.bookings.findBooking(bookingId))!;
      const [booking] = await bookingViews(repos, [row], origin);
      return { message, booking: booking! };
    },
  };
}

export type FitWindow = ReturnType<typeof createFitWindow>;
