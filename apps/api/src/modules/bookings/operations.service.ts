import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  BOOKING_MESSAGES,
  paiseToRupees,
  type AdminBookingDetail,
  type AdminBookingsQuery,
} from '@pehnava/shared';
import type { DeliveryTrackingRecord } from '../../db/schema/index.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { bookingViews, toBooking } from './booking-view.js';
import { mailShopperAbout } from './shopper-mail.js';
import { queueDispatched } from '../whatsapp/booking-updates.js';
import type { BookingRow } from './bookings.repository.js';
import type { Actor } from './cancellation.service.js';
import type { Fulfilment } from './fulfilment.service.js';
import { bookingStatusMail, bookingTrackingMail } from './mails.js';

/** The one step an operator may move a booking forward from each status. */
const NEXT_STATUS: Partial<Record<BookingRow['status'], 'processing' | 'shipped' | 'delivered'>> = {
  confirmed: 'processing',
  processing: 'shipped',
  shipped: 'delivered',
};

export interface OperationsDeps {
  /** Repositories outside any transaction. */
  repos: Pick<Repositories, 'bookings' | 'payments' | 'charges' | 'reports' | 'extensions'>;
  uow: UnitOfWork;
  /** Moving to shipped is a dispatch: the units go out with the booking. */
  fulfilment: Pick<Fulfilment, 'dispatchIn'>;
  settings: { siteUrl: string };
}

/**
 * What operators (role admin) do with bookings (decision 042): list and read them with their
 * payments, refunds and audit trail, move them one step at a time, add tracking. Every change is
 * kept in the audit trail and mailed to the shopper through the outbox. Cancelling is
 * cancellation.service.ts's, shared with the shopper.
 */
export function createOperations({ repos: plain, uow, fulfilment, settings }: OperationsDeps) {
  const mailShopper = (
    repos: Repositories,
    booking: BookingRow,
    kind: string,
    draw: Parameters<typeof mailShopperAbout>[4],
  ) => mailShopperAbout(repos, settings.siteUrl, booking, kind, draw);

  async function adminDetail(bookingId: string, origin: string): Promise<AdminBookingDetail> {
    const found = await plain.bookings.withShopper(bookingId);
    if (!found) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    const [items, refunds, payments, events, charges, reports, extensions] = await Promise.all([
      plain.bookings.itemsOf([bookingId]),
      plain.payments.refundsOfBookings([bookingId]),
      plain.payments.allOfBooking(bookingId),
      plain.bookings.eventsOf(bookingId),
      plain.charges.ofBookings([bookingId]),
      plain.reports.ofBookings([bookingId]),
      plain.extensions.appliedOf([bookingId]),
    ]);
    return {
      ...toBooking(found.booking, items, origin, refunds, charges, reports, undefined, extensions),
      shopper: found.shopper?.id ? found.shopper : null,
      payments: payments.map((p) => ({
        provider: p.provider,
        orderId: p.providerOrderId,
        paymentId: p.providerPaymentId,
        amount: paiseToRupees(p.amountPaise),
        status: p.status,
        method: p.method,
        failureReason: p.failureReason,
        createdAt: p.createdAt.toISOString(),
      })),
      audit: events.map((e) => ({
        at: e.createdAt.toISOString(),
        actor: { id: e.actorId, email: e.actorEmail, role: e.actorRole },
        action: e.action,
        before: e.before,
        after: e.after,
        note: e.note,
      })),
    };
  }

  return {
    /** GET /api/admin/bookings: a page of bookings, with their shoppers and refunds. */
    async adminList(query: AdminBookingsQuery, origin: string) {
      const { page, ...filters } = query;
      const { rows, total } = await plain.bookings.adminList(filters, page, ADMIN_PAGE_SIZE);
      const views = await bookingViews(
        plain,
        rows.map((row) => row.booking),
        origin,
      );
      return {
        bookings: rows.map(({ shopper }, i) => ({
          ...views[i]!,
          shopper: shopper?.id ? shopper : null,
        })),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** GET /api/admin/bookings/{id}: the booking, its payments, refunds and audit trail. */
    adminDetail,

    /**
     * POST /api/admin/bookings/{id}/status: one step forward (confirmed → processing → shipped
     * → delivered), kept in the audit trail, mailed to the shopper.
     */
    async advance(
      actor: Actor,
      bookingId: string,
      status: 'processing' | 'shipped' | 'delivered',
      origin: string,
    ) {
      await uow.run(async (repos) => {
        const booking = await repos.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        const next = NEXT_STATUS[booking.status];
        if (!next) throw conflict(ADMIN_MESSAGES.noNextStep(booking.status));
        if (status !== next) throw conflict(ADMIN_MESSAGES.nextStep(booking.status, next));
        if (next === 'shipped') {
          await fulfilment.dispatchIn(repos, actor, booking, []);
          return;
        }
        await repos.bookings.moveStatus(booking.id, booking.status, next);
        if (next === 'delivered') await repos.bookings.markDelivered(booking.id);
        await repos.bookings.recordEvent({
          bookingId: booking.id,
          actorId: actor.id,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: 'status',
          before: { status: booking.status },
          after: { status: next },
        });
        await mailShopper(repos, booking, 'booking-status', (recipient, view) =>
          bookingStatusMail(recipient, view, `${settings.siteUrl}/orders`),
        );
      });
      return adminDetail(bookingId, origin);
    },

    /** POST /api/admin/bookings/{id}/tracking: the courier's details; a field left out is kept. */
    async setTracking(
      actor: Actor,
      bookingId: string,
      change: DeliveryTrackingRecord,
      origin: string,
    ) {
      const given = Object.fromEntries(
        Object.entries(change).filter(([, value]) => value !== undefined && value !== ''),
      ) as DeliveryTrackingRecord;
      if (Object.keys(given).length === 0) throw badRequest(ADMIN_MESSAGES.nothingToTrack);
      await uow.run(async (repos) => {
        const booking = await repos.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        if (booking.paymentStatus !== 'completed') throw conflict(ADMIN_MESSAGES.notPaid);
        const before = booking.deliveryTracking ?? {};
        const after = { ...before, ...given };
        await repos.bookings.setTracking(booking.id, after);
        await repos.bookings.recordEvent({
          bookingId: booking.id,
          actorId: actor.id,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: 'tracking',
          before: { ...before },
          after: { ...after },
        });
        await mailShopper(
          repos,
          { ...booking, deliveryTracking: after },
          'booking-tracking',
          (recipient, view) => bookingTrackingMail(recipient, view, `${settings.siteUrl}/orders`),
        );
        await queueDispatched(repos, booking, booking.status, after);
      });
      return adminDetail(bookingId, origin);
    },
  };
}

export type Operations = ReturnType<typeof createOperations>;
