import {
  bookingNumber,
  formatMessageDate,
  formatRupees,
  paiseToRupees,
  type MessageLanguage,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { DeliveryTrackingRecord } from '../../db/schema/index.js';

/**
 * The booking updates sent on WhatsApp (decision 085), each queued in the transaction of the
 * change that causes it, beside its mail, for a shopper opted in, in their language. Each event
 * has a key, so it is queued once however often its path runs (a webhook replayed, a job run by
 * two processes): the unique index on `event_key` decides.
 */
interface BookingRef {
  id: string;
  userId: string | null;
}

const amount = (paise: number) => formatRupees(paiseToRupees(paise));
const dateIn = (date: string, language: MessageLanguage) => formatMessageDate(date, language);

/** Booking {number} is confirmed; its pieces are reserved from `startDate`. */
export async function queueConfirmed(tx: Repositories, booking: BookingRef, startDate: string) {
  if (!booking.userId) return;
  await tx.whatsapp.queueForShopper(
    booking.userId,
    `booking:${booking.id}:confirmed`,
    'bookingConfirmed',
    (language, name) => [name, bookingNumber(booking.id), dateIn(startDate, language)],
  );
}

/**
 * On its way, with the courier and tracking number: queued when a shipped booking has a tracking
 * number, whichever comes second (the dispatch, or the tracking added after it).
 */
export async function queueDispatched(
  tx: Repositories,
  booking: BookingRef,
  status: string,
  tracking: DeliveryTrackingRecord | null | undefined,
) {
  if (!booking.userId || status !== 'shipped' || !tracking?.trackingId) return;
  const trackingId = tracking.trackingId;
  await tx.whatsapp.queueForShopper(
    booking.userId,
    `booking:${booking.id}:dispatched`,
    'bookingDispatched',
    (language, name) => [
      name,
      bookingNumber(booking.id),
      tracking.provider || (language === 'hi' ? 'हमारे कूरियर' : 'our courier'),
      trackingId,
    ],
  );
}

/** Due back tomorrow (`endDate`): once per booking and end date (an extension moves it). */
export async function queueDueBackTomorrow(tx: Repositories, booking: BookingRef, endDate: string) {
  if (!booking.userId) return;
  await tx.whatsapp.queueForShopper(
    booking.userId,
    `booking:${booking.id}:due-back:${endDate}`,
    'dueBackTomorrow',
    (language, name) => [name, bookingNumber(booking.id), dateIn(endDate, language)],
  );
}

/** Not back by its end date (`endDate`): once per booking and end date, on the first late day. */
export async function queueLate(tx: Repositories, booking: BookingRef, endDate: string) {
  if (!booking.userId) return;
  await tx.whatsapp.queueForShopper(
    booking.userId,
    `booking:${booking.id}:late:${endDate}`,
    'returnLate',
    (language, name) => [name, bookingNumber(booking.id), dateIn(endDate, language)],
  );
}

/** Charges raised (damage, a piece kept, a worn back-up, late fees fixed at the return). */
export async function queueChargeDue(
  tx: Repositories,
  booking: BookingRef,
  charges: { id: string; amountPaise: number }[],
) {
  if (!booking.userId || charges.length === 0) return;
  const total = charges.reduce((sum, charge) => sum + charge.amountPaise, 0);
  if (total <= 0) return;
  const first = [...charges].sort((a, b) => a.id.localeCompare(b.id))[0]!;
  await tx.whatsapp.queueForShopper(
    booking.userId,
    `booking:${booking.id}:charge:${first.id}`,
    'chargeDue',
    (_language, name) => [name, bookingNumber(booking.id), amount(total)],
  );
}

/** A refund decided for the booking; `key` names the refund (its row, or the payment refused). */
export async function queueRefundMade(
  tx: Repositories,
  booking: BookingRef,
  key: string,
  amountPaise: number,
) {
  if (!booking.userId || amountPaise <= 0) return;
  await tx.whatsapp.queueForShopper(
    booking.userId,
    `refund:${key}`,
    'refundMade',
    (_language, name) => [name, bookingNumber(booking.id), amount(amountPaise)],
  );
}

/** A 'notify me' request's size came free: once per request. */
export async function queueNotifyMe(
  tx: Repositories,
  request: { id: string; userId: string; size: string; startDate: string },
  productName: string,
  link: string,
) {
  await tx.whatsapp.queueForShopper(
    request.userId,
    `notify:${request.id}`,
    'notifyMeAvailable',
    (language, name) => [
      name,
      productName,
      request.size,
      dateIn(request.startDate, language),
      link,
    ],
  );
}
