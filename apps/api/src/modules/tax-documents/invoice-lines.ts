import { bookingNumber, daysLabel, formatDateInIndia, formatIsoDate } from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { BookingRow } from '../bookings/bookings.repository.js';
import type { CaptureRow, PaymentRow } from '../payments/payments.repository.js';

/** A line of a tax document: what was supplied, and its amount including GST. */
export interface DocumentLine {
  description: string;
  amountPaise: number;
}

/** What an applied payment paid for, in lines, and the booking it belongs to (none for a plan). */
export interface Invoiced {
  booking: BookingRow | undefined;
  lines: DocumentLine[];
}

/*
 * What each kind of applied payment invoices (decision 081), read in the transaction that applied
 * it: a booking's pieces with their back-up sizes, coupon, delivery and damage protection; a plan
 * period; the charges a balance paid; the extra days of an extension. The lines add up to the
 * payment; should they not (a row changed in a way no path makes), the document has one line for
 * the whole payment rather than figures that disagree with it.
 */

/** The lines of a paid booking, as checkout priced it. */
async function bookingLines(tx: Repositories, booking: BookingRow): Promise<DocumentLine[]> {
  const items = await tx.bookings.itemsOf([booking.id]);
  const lines: DocumentLine[] = [];
  for (const item of items) {
    const times = item.quantity > 1 ? ` × ${item.quantity}` : '';
    lines.push({
      description: `Rental of ${item.product.name} (${item.product.productId}), size ${item.size}${times}, ${daysLabel(item.durationDays)}: ${formatIsoDate(item.startDate)} to ${formatIsoDate(item.endDate)}`,
      amountPaise: item.totalPaise,
    });
    if (item.backupSize && item.backupFeePaise > 0) {
      lines.push({
        description: `Back-up size ${item.backupSize} of ${item.product.name}`,
        amountPaise: item.backupFeePaise,
      });
    }
  }
  if (booking.discountPaise > 0) {
    lines.push({
      description: `Coupon ${booking.couponCode ?? ''}`.trim(),
      amountPaise: -booking.discountPaise,
    });
  }
  if (booking.deliveryFeePaise > 0) {
    lines.push({ description: 'Delivery', amountPaise: booking.deliveryFeePaise });
  }
  if (booking.insurancePaise > 0) {
    lines.push({ description: 'Damage protection', amountPaise: booking.insurancePaise });
  }
  return lines;
}

/** The extra days an extension paid for, per piece, and their damage protection. */
async function extensionLines(tx: Repositories, order: PaymentRow): Promise<DocumentLine[]> {
  const extension = await tx.extensions.lockByOrder(order.id);
  if (!extension) return [];
  const names = new Map(
    (await tx.bookings.itemsOf([extension.bookingId])).map((item) => [item.id, item.product.name]),
  );
  const lines: DocumentLine[] = extension.lines.map((line) => ({
    description: `Extension of the rental of ${names.get(line.itemId) ?? 'a piece'}: ${daysLabel(extension.days)} more, to ${formatIsoDate(line.toEnd)}`,
    amountPaise: line.amountPaise,
  }));
  if (extension.insurancePaise > 0) {
    lines.push({
      description: 'Damage protection on the extra days',
      amountPaise: extension.insurancePaise,
    });
  }
  return lines;
}

/** The charges a balance order paid (each at the amount it was asked for). */
async function chargeLines(tx: Repositories, order: PaymentRow): Promise<DocumentLine[]> {
  return (await tx.charges.ofOrder(order.id))
    .filter((ordered) => ordered.applied)
    .map((ordered) => ({ description: ordered.charge.reason, amountPaise: ordered.askedPaise }));
}

/** A plan period: the plan's name and its dates in India. */
async function planLines(tx: Repositories, capture: CaptureRow): Promise<DocumentLine[]> {
  const period = capture.subscriptionId
    ? await tx.subscriptions.findById(capture.subscriptionId)
    : undefined;
  const plan = period && (await tx.subscriptions.planById(period.planId));
  if (!period || !plan) return [];
  return [
    {
      description: `Pehnava ${plan.name} plan: ${formatDateInIndia(period.startDate.toISOString())} to ${formatDateInIndia(period.endDate.toISOString())}`,
      amountPaise: capture.amountPaise,
    },
  ];
}

/** What the applied payment `capture` (on `order`) paid for, in lines that add up to it. */
export async function invoicedBy(
  tx: Repositories,
  order: PaymentRow,
  capture: CaptureRow,
): Promise<Invoiced> {
  const booking = order.bookingId ? await tx.bookings.findBooking(order.bookingId) : undefined;
  let lines: DocumentLine[];
  let whole: string;
  switch (capture.appliedTo) {
    case 'booking':
      lines = booking ? await bookingLines(tx, booking) : [];
      whole = `Rental of clothing, booking ${booking ? bookingNumber(booking.id) : ''}`.trim();
      break;
    case 'extension':
      lines = await extensionLines(tx, order);
      whole = 'Extension of a rental of clothing';
      break;
    case 'charges':
      lines = await chargeLines(tx, order);
      whole = 'Charges after a rental of clothing';
      break;
    default:
      lines = await planLines(tx, capture);
      whole = 'Pehnava plan';
  }
  const sum = lines.reduce((total, line) => total + line.amountPaise, 0);
  if (lines.length === 0 || sum !== capture.amountPaise) {
    lines = [{ description: whole, amountPaise: capture.amountPaise }];
  }
  return { booking, lines };
}
