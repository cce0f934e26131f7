import {
  bookingNumber,
  formatIsoDate,
  formatRupees,
  paiseToRupees,
  type Booking,
} from '@pehnava/shared';
import { brandedMail, type MailBlock } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { ChargeRow } from './charges.repository.js';

interface Recipient {
  to: string;
  name: string;
}

const rupees = (amount: number) => formatRupees(amount);

function itemRows(booking: Booking): [string, string][] {
  return booking.items.map((item) => [
    `${item.listingId.name} (${item.size})${item.quantity > 1 ? ` × ${item.quantity}` : ''}${
      item.backupSize ? `, back-up size ${item.backupSize}` : ''
    }`,
    `${formatIsoDate(item.startDate)} to ${formatIsoDate(item.endDate)} · ${item.rentalDuration} days · ${
      item.totalPrice === 0 ? 'Free Rental' : rupees(item.totalPrice)
    }`,
  ]);
}

function totalRows(booking: Booking): [string, string][] {
  const rows: [string, string][] = [['Subtotal', rupees(booking.subtotal)]];
  if (booking.appliedCoupon && booking.appliedCoupon.discountAmount > 0) {
    rows.push([
      `Coupon ${booking.appliedCoupon.code}`,
      `-${rupees(booking.appliedCoupon.discountAmount)}`,
    ]);
  }
  rows.push(['Delivery', booking.deliveryFee === 0 ? 'FREE' : rupees(booking.deliveryFee)]);
  if (booking.insuranceAmount > 0) {
    rows.push(['Damage protection', rupees(booking.insuranceAmount)]);
  }
  if (booking.items.some((item) => item.backupSize)) {
    const count = booking.items.filter((item) => item.backupSize).length;
    rows.push([
      `Back-up size${count > 1 ? `s (${count})` : ''}`,
      booking.backupFees ? rupees(booking.backupFees) : 'Free on Pro',
    ]);
  }
  rows.push(['Total paid', rupees(booking.totalPrice)]);
  return rows;
}

function addressLines(booking: Booking): string {
  const a = booking.deliveryAddress;
  return [a.name, a.street, a.landmark, `${a.city}, ${a.state} ${a.pincode}`, `Phone ${a.phone}`]
    .filter(Boolean)
    .join(', ');
}

/** The booking confirmation: number, items with sizes and dates, address, totals, what comes next. */
export function bookingConfirmedMail(
  { to, name }: Recipient,
  booking: Booking,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `Your booking ${number} is confirmed and paid. Here is what you have rented:`,
    },
    { kind: 'facts', rows: itemRows(booking) },
    { kind: 'paragraph', text: `We will deliver to: ${addressLines(booking)}.` },
    { kind: 'facts', rows: totalRows(booking) },
    {
      kind: 'paragraph',
      text: 'What happens next: each piece is cleaned and quality-checked, then dispatched the day before its start date. We will e-mail you when it ships. Please have it packed for pickup on its end date.',
    },
    { kind: 'button', label: 'View my bookings', url: ordersUrl },
    {
      kind: 'note',
      text: `You can cancel for a full refund until your booking is dispatched. Payment ${
        booking.razorpayPaymentId ?? ''
      } by ${booking.paymentMethod.toUpperCase()}.`,
    },
  ];
  return brandedMail({
    to,
    subject: `Booking ${number} confirmed`,
    greeting: `Namaste ${name},`,
    blocks,
  });
}

/**
 * A payment for the booking is refunded in full instead of confirming it: the booking was already
 * paid, or the amount was not the booking's, or the payment arrived after the booking's hold had
 * ended and something it was made with no longer holds (`why.detail` names it).
 */
export function paymentRefundedMail(
  { to, name }: Recipient,
  booking: Pick<Booking, '_id'>,
  amountPaise: number,
  why: { code: string; detail: string; late: boolean },
): MailMessage {
  const number = bookingNumber(booking._id);
  const opening =
    why.code === 'already-paid'
      ? `We received a second payment for booking ${number}, which was already paid. Your booking stands as it was.`
      : why.code === 'amount-mismatch'
        ? `We received a payment for booking ${number} that was not the booking's amount, so we could not confirm the booking with it.`
        : why.late
          ? `Your payment for booking ${number} reached us after the booking's 15-minute hold had ended, and by then the booking could no longer be made as it was: ${why.detail} We are sorry: the booking could not be confirmed.`
          : `We could not confirm booking ${number} as it was made: ${why.detail} This changed after you checked out (another of your orders was paid, or your plan changed). We are sorry: please check out again from your cart.`;
  return brandedMail({
    to,
    subject: `Booking ${number}: your payment is being refunded`,
    greeting: `Namaste ${name},`,
    blocks: [
      { kind: 'paragraph', text: opening },
      {
        kind: 'facts',
        rows: [['Refund', rupees(paiseToRupees(amountPaise))]],
      },
      {
        kind: 'paragraph',
        text: 'The full amount is being refunded to the account you paid from. Refunds reach you in 7 to 10 business days.',
      },
    ],
  });
}

/** The shopper cancelled before dispatch: what is refunded and when it arrives. */
export function bookingCancelledMail(
  { to, name }: Recipient,
  booking: Pick<Booking, '_id'>,
  amountPaise: number,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: `Your booking ${number} is cancelled, as you asked.` },
  ];
  if (amountPaise > 0) {
    blocks.push(
      { kind: 'facts', rows: [['Full refund', rupees(paiseToRupees(amountPaise))]] },
      {
        kind: 'paragraph',
        text: 'The full amount goes back to the account you paid from. Refunds reach you in 7 to 10 business days.',
      },
    );
  }
  blocks.push({ kind: 'button', label: 'View my bookings', url: ordersUrl });
  return brandedMail({
    to,
    subject: `Booking ${number} cancelled`,
    greeting: `Namaste ${name},`,
    blocks,
  });
}

/** What each step means for the shopper. */
const NEXT_STEP: Record<string, string> = {
  processing:
    'Your pieces are being cleaned, checked and packed. We will e-mail you again when they ship.',
  shipped: 'Your pieces are on their way to you.',
  delivered:
    'Your pieces have been delivered. Enjoy them, and please have them packed for pickup on their end date. Tell us within 24 hours if something does not fit or is not as described.',
};

function trackingRows(booking: Booking): [string, string][] {
  const t = booking.deliveryTracking;
  if (!t) return [];
  return [
    ['Courier', t.provider],
    ['Tracking id', t.trackingId],
    ['Status', t.status],
    ['Expected delivery', t.deliveryETA],
  ].filter((row): row is [string, string] => Boolean(row[1]));
}

/** An operator moved the booking a step forward (processing, shipped, delivered). */
export function bookingStatusMail(
  { to, name }: Recipient,
  booking: Booking,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const status = booking.status;
  const tracking = trackingRows(booking);
  return brandedMail({
    to,
    subject: `Booking ${number}: ${status}`,
    greeting: `Namaste ${name},`,
    blocks: [
      { kind: 'paragraph', text: `Your booking ${number} is now ${status}.` },
      { kind: 'paragraph', text: NEXT_STEP[status] ?? '' },
      ...(tracking.length > 0 ? [{ kind: 'facts' as const, rows: tracking }] : []),
      { kind: 'button', label: 'Follow my booking', url: ordersUrl },
    ],
  });
}

/** The courier's details changed. */
export function bookingTrackingMail(
  { to, name }: Recipient,
  booking: Booking,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  return brandedMail({
    to,
    subject: `Booking ${number}: delivery update`,
    greeting: `Namaste ${name},`,
    blocks: [
      { kind: 'paragraph', text: `There is news about the delivery of booking ${number}:` },
      { kind: 'facts', rows: trackingRows(booking) },
      { kind: 'button', label: 'Follow my booking', url: ordersUrl },
    ],
  });
}

/** The shop cancelled the booking (before shipping): why, and the refund. */
export function bookingCancelledByShopMail(
  { to, name }: Recipient,
  booking: Pick<Booking, '_id'>,
  amountPaise: number,
  reason: string,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  return brandedMail({
    to,
    subject: `Booking ${number} cancelled`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `We are sorry: we have had to cancel your booking ${number}. ${reason}`,
      },
      ...(amountPaise > 0
        ? [
            {
              kind: 'facts' as const,
              rows: [['Full refund', rupees(paiseToRupees(amountPaise))] as [string, string]],
            },
            {
              kind: 'paragraph' as const,
              text: 'The full amount goes back to the account you paid from. Refunds reach you in 7 to 10 business days.',
            },
          ]
        : []),
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

const CONDITION_WORDS: Record<string, string> = {
  good: 'back in good condition',
  'needs-repair': 'back with damage that needs a small repair',
  'major-damage': 'back with major damage',
  lost: 'recorded as not returned',
};

/** Pieces of the booking came back: which, on what day, and how we found them. */
export function bookingReturnedMail(
  { to, name }: Recipient,
  booking: Booking,
  returned: { itemId: string; returnedOn: string; condition: string }[],
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const rows = returned.map(({ itemId, returnedOn, condition }): [string, string] => {
    const item = booking.items.find((i) => i._id === itemId);
    return [
      item ? `${item.listingId.name} (${item.size})` : 'A piece',
      `${formatIsoDate(returnedOn)}: ${CONDITION_WORDS[condition] ?? condition}`,
    ];
  });
  const outstanding = booking.items.filter((item) => !item.returnedAt).length;
  return brandedMail({
    to,
    subject: `Booking ${number}: return received`,
    greeting: `Namaste ${name},`,
    blocks: [
      { kind: 'paragraph', text: `We have checked in what came back from booking ${number}:` },
      { kind: 'facts', rows },
      {
        kind: 'paragraph',
        text:
          outstanding > 0
            ? `${outstanding} more piece${outstanding > 1 ? 's are' : ' is'} still to come back.`
            : 'Everything from this booking is back with us. Thank you for renting with Pehnava.',
      },
      // The one mail that asks for reviews (DECISIONS.md 'Reviews and fit'): the booking's last
      // return, which comes once (checking the same pieces in again sends nothing).
      ...(outstanding > 0
        ? []
        : [
            {
              kind: 'paragraph' as const,
              text: 'How did it fit? A line or two on the fit, the size you wore and the occasion helps the next renter choose: review each piece from My Bookings.',
            },
          ]),
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

/** Charges were raised on the booking: what for, how much, and the balance now due. */
export function bookingChargedMail(
  { to, name }: Recipient,
  booking: Booking,
  raised: Pick<ChargeRow, 'reason' | 'amountPaise'>[],
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  return brandedMail({
    to,
    subject: `Booking ${number}: balance due ${rupees(booking.balanceDue)}`,
    greeting: `Namaste ${name},`,
    blocks: [
      { kind: 'paragraph', text: `We have added to booking ${number}:` },
      {
        kind: 'facts',
        rows: raised.map((charge): [string, string] => [
          charge.reason,
          rupees(paiseToRupees(charge.amountPaise)),
        ]),
      },
      { kind: 'facts', rows: [['Balance due', rupees(booking.balanceDue)]] },
      {
        kind: 'paragraph',
        text: 'You can see each charge and what is still due in My Bookings. Late fees stop the day a piece is back with us.',
      },
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

/** A booking's charges after its rental were paid: the receipt, with what is still due. */
export function balancePaidMail(
  { to, name }: Recipient,
  booking: Booking,
  paid: Pick<ChargeRow, 'reason' | 'amountPaise'>[],
  paymentId: string,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const total = paid.reduce((sum, charge) => sum + charge.amountPaise, 0);
  return brandedMail({
    to,
    subject: `Booking ${number}: payment received, ${rupees(paiseToRupees(total))}`,
    greeting: `Namaste ${name},`,
    blocks: [
      { kind: 'paragraph', text: `Thank you: we received your payment for booking ${number}.` },
      {
        kind: 'facts',
        rows: paid.map((charge): [string, string] => [
          charge.reason,
          rupees(paiseToRupees(charge.amountPaise)),
        ]),
      },
      {
        kind: 'facts',
        rows: [
          ['Paid', rupees(paiseToRupees(total))],
          ['Payment ID', paymentId],
          ['Still due', rupees(booking.balanceDue)],
        ],
      },
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

/** A payment towards a booking's balance could not be applied: it is refunded in full, and why. */
export function balanceRefundedMail(
  { to, name }: Recipient,
  booking: Booking,
  amountPaise: number,
  why: string,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  return brandedMail({
    to,
    subject: `Booking ${number}: your payment is being refunded`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `We received a payment towards the balance of booking ${number}, but ${why}. So we are refunding it in full.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Refund', rupees(paiseToRupees(amountPaise))],
          ['Balance due now', rupees(booking.balanceDue)],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Refunds reach the account you paid from in 7 to 10 business days. You can see and pay what is due in My Bookings.',
      },
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

/** A balance has been due for a while: what is due, and where to pay it. */
export function balanceReminderMail(
  { to, name }: Recipient,
  booking: Booking,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const due = booking.charges.filter((charge) => charge.status === 'due');
  return brandedMail({
    to,
    subject: `Booking ${number}: ${rupees(booking.balanceDue)} is still due`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `A friendly reminder: booking ${number} has a balance due after its rental.`,
      },
      {
        kind: 'facts',
        rows: due.map((charge): [string, string] => [charge.reason, rupees(charge.amount)]),
      },
      { kind: 'facts', rows: [['Balance due', rupees(booking.balanceDue)]] },
      {
        kind: 'paragraph',
        text: 'You can pay it by UPI or card from the booking in My Bookings. If you think a charge is wrong, reply to this mail and we will look at it.',
      },
      { kind: 'button', label: 'Pay in My Bookings', url: ordersUrl },
    ],
  });
}

/** The size a line's next parcel carries: a fit-window exchange's once the line was sent. */
const sizeToSend = (item: Booking['items'][number]) =>
  item.dispatchedAt && item.report?.outcome === 'exchange' && item.report.size
    ? item.report.size
    : item.size;

/**
 * A piece reserved for the shopper cannot be made ready in time (the one before them has not come
 * back, or it is being repaired) and no other of the size is free: what we are doing, and their
 * choices.
 */
export function bookingAtRiskMail(
  { to, name }: Recipient,
  booking: Booking,
  itemIds: string[],
  chooseUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const items = booking.items.filter((item) => itemIds.includes(item._id));
  return brandedMail({
    to,
    subject: `Booking ${number}: a piece may not be ready in time`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `We are sorry: the piece we set aside for booking ${number} may not be ready for your dates. The rental before yours has not come back in time, or the piece needs a repair, and no other piece of that size is free.`,
      },
      {
        kind: 'facts',
        rows: items.map((item): [string, string] => [
          `${item.listingId.name} (${sizeToSend(item)})`,
          `${formatIsoDate(item.startDate)} to ${formatIsoDate(item.endDate)}`,
        ]),
      },
      {
        kind: 'paragraph',
        text:
          booking.status === 'shipped' || booking.status === 'delivered'
            ? 'We are working to have your exchange ready, and will write again either way. If you would rather not wait, choose another size for it yourself, at no extra cost.'
            : 'We are working to have it ready, and will write again either way. If you would rather not wait, choose for yourself: another size or another piece for the same dates, at no extra cost, or cancel the booking with a full refund.',
      },
      { kind: 'button', label: 'Choose what we do', url: chooseUrl },
    ],
  });
}

/** A booking at risk was given other pieces (by the shopper's choice or the shop's). */
export function bookingPieceChangedMail(
  { to, name }: Recipient,
  booking: Booking,
  itemId: string,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const item = booking.items.find((line) => line._id === itemId);
  return brandedMail({
    to,
    subject: `Booking ${number}: your piece is set aside`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Good news: booking ${number} is on track again. This is what we will send, for the same dates and at the same price:`,
      },
      {
        kind: 'facts',
        rows: item
          ? [
              [
                `${item.listingId.name} (${sizeToSend(item)})`,
                `${formatIsoDate(item.startDate)} to ${formatIsoDate(item.endDate)}`,
              ],
            ]
          : [],
      },
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

/** An extension was paid and applied: the new return date, and what it cost. */
export function extensionAppliedMail(
  { to, name }: Recipient,
  booking: Booking,
  extension: { days: number; amountPaise: number; endDate: string },
  paymentId: string,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const returnBy = formatIsoDate(extension.endDate);
  return brandedMail({
    to,
    subject: `Booking ${number}: extended, return by ${returnBy}`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Enjoy the extra ${extension.days === 1 ? 'day' : `${extension.days} days`}: booking ${number} is now due back on ${returnBy}. Late fees count only from the day after.`,
      },
      {
        kind: 'facts',
        rows: [
          ['New return date', returnBy],
          ['Paid', rupees(paiseToRupees(extension.amountPaise))],
          ['Payment ID', paymentId],
        ],
      },
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

/** A payment for an extension could not be applied: it is refunded in full, and why. */
export function extensionRefundedMail(
  { to, name }: Recipient,
  booking: Booking,
  amountPaise: number,
  why: string,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  const due = booking.items
    .filter((item) => !item.returnedAt)
    .map((item) => item.endDate)
    .sort()
    .at(-1);
  return brandedMail({
    to,
    subject: `Booking ${number}: your extension payment is being refunded`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `We received your payment to keep booking ${number} longer, but ${why}. So we are refunding it in full.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Refund', rupees(paiseToRupees(amountPaise))],
          ...(due ? ([['Return by', formatIsoDate(due)]] as [string, string][]) : []),
        ],
      },
      {
        kind: 'paragraph',
        text: 'Refunds reach the account you paid from in 7 to 10 business days.',
      },
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}

/**
 * A piece reported within 24 hours of delivery (the fit window) was refunded: how much, when it
 * arrives, and its credit note, which the outbox attaches as the mail is sent (decision 082).
 */
export function fitWindowRefundMail(
  { to, name }: Recipient,
  booking: Pick<Booking, '_id'>,
  piece: string,
  amountPaise: number,
  creditNote: string | undefined,
  ordersUrl: string,
): MailMessage {
  const number = bookingNumber(booking._id);
  return brandedMail({
    to,
    subject: `Booking ${number}: ${piece} is being refunded`,
    greeting: `Namaste ${name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `You told us within a day of delivery that ${piece} from booking ${number} did not work for you, so we are refunding its rental.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Refund', rupees(paiseToRupees(amountPaise))],
          ...(creditNote ? ([['Credit note', creditNote]] as [string, string][]) : []),
        ],
      },
      {
        kind: 'paragraph',
        text: `Refunds reach the account you paid from in 7 to 10 business days.${creditNote ? ' The credit note is attached to this mail, and it is in My Bookings too.' : ''}`,
      },
      { kind: 'button', label: 'View my bookings', url: ordersUrl },
    ],
  });
}
