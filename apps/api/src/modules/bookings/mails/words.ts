// What the booking mails share: the words for a booking's lines, totals and address in each
// language, and the rows they make.
import { formatRupees, paiseToRupees, type Booking, type MessageLanguage } from '@pehnava/shared';
import { mailDate, mailWords } from '../../../adapters/mail/language.js';
import type { ChargeRow } from '../charges.repository.js';

export type Item = Booking['items'][number];
export type Status = Booking['status'];
export type Row = [string, string];

/** A charge as a mail names it: its own sentence (English), or its kind, line and day. */
export type MailCharge = Pick<
  ChargeRow,
  'kind' | 'day' | 'bookingItemId' | 'reason' | 'amountPaise'
>;

/** Why a payment was refunded instead of applied (the payment intake's refusal). */
export interface MailRefusal {
  code: string;
  detail: string;
}

export const rupees = (amount: number) => formatRupees(amount);

/** What the booking mails say in common: a booking's lines and totals, labels, buttons. */
export const BOOKING = mailWords({
  en: {
    backupSize: (size: string) => `, back-up size ${size}`,
    dates: (from: string, to: string) => `${from} to ${to}`,
    days: (days: number) => `${days} days`,
    freeRental: 'Free Rental',
    subtotal: 'Subtotal',
    coupon: (code: string) => `Coupon ${code}`,
    delivery: 'Delivery',
    free: 'FREE',
    damageProtection: 'Damage protection',
    backupSizes: (count: number) => `Back-up size${count > 1 ? `s (${count})` : ''}`,
    freeOnPro: 'Free on Pro',
    totalPaid: 'Total paid',
    phone: (phone: string) => `Phone ${phone}`,
    courier: 'Courier',
    trackingId: 'Tracking id',
    status: 'Status',
    expectedDelivery: 'Expected delivery',
    refund: 'Refund',
    fullRefund: 'Full refund',
    paid: 'Paid',
    paymentId: 'Payment ID',
    balanceDue: 'Balance due',
    fullAmountBack:
      'The full amount goes back to the account you paid from. Refunds reach you in 7 to 10 business days.',
    refundsArrive: 'Refunds reach the account you paid from in 7 to 10 business days.',
    viewBookings: 'View my bookings',
    followBooking: 'Follow my booking',
    /** A charge's line in a mail: the sentence it was raised with. */
    chargeReason: (charge: MailCharge, _item: Item | undefined): string => charge.reason,
  },
  hi: {
    backupSize: (size) => `, बैक-अप साइज़ ${size}`,
    dates: (from, to) => `${from} से ${to} तक`,
    days: (days) => `${days} दिन`,
    freeRental: 'मुफ़्त किराया',
    subtotal: 'सबटोटल',
    coupon: (code) => `कूपन ${code}`,
    delivery: 'डिलीवरी',
    free: 'मुफ़्त',
    damageProtection: 'डैमेज प्रोटेक्शन',
    backupSizes: (count) => `बैक-अप साइज़${count > 1 ? ` (${count})` : ''}`,
    freeOnPro: 'Pro पर मुफ़्त',
    totalPaid: 'कुल भुगतान',
    phone: (phone) => `फ़ोन ${phone}`,
    courier: 'कूरियर',
    trackingId: 'ट्रैकिंग नंबर',
    status: 'स्थिति',
    expectedDelivery: 'डिलीवरी का अनुमानित समय',
    refund: 'रिफ़ंड',
    fullRefund: 'पूरा रिफ़ंड',
    paid: 'भुगतान',
    paymentId: 'भुगतान आईडी',
    balanceDue: 'बकाया रकम',
    fullAmountBack:
      'पूरी रकम उसी खाते में वापस जाएगी, जिससे आपने भुगतान किया था। रिफ़ंड 7 से 10 कामकाजी दिनों में आप तक पहुँच जाता है।',
    refundsArrive: 'रिफ़ंड 7 से 10 कामकाजी दिनों में उसी खाते में पहुँच जाता है, जिससे आपने भुगतान किया था।',
    viewBookings: 'मेरी बुकिंग देखें',
    followBooking: 'मेरी बुकिंग ट्रैक करें',
    // The stored sentence is English (charges.service.ts): Hindi says it again from the charge's
    // kind, its line and its day.
    chargeReason: (charge, item) => {
      const name = item?.listingId.name ?? 'एक पोशाक';
      switch (charge.kind) {
        case 'late-fee':
          return `देर से वापसी: ${charge.day ? `${mailDate(charge.day, 'hi')} ` : ''}(${name})`;
        case 'purchase':
          return `${name}: आख़िरी तारीख़ के 14 दिन के भीतर वापसी नहीं हुई, इसलिए इसे ख़रीदा हुआ माना गया है (MRP में से चुकाया गया किराया और देरी का शुल्क घटाकर)`;
        case 'damage':
          // As CHARGE_MESSAGES.damageReason, by how the line came back.
          return item?.condition === 'lost'
            ? `${name}: वापसी नहीं हुई`
            : item?.condition === 'needs-repair'
              ? `${name}: छोटी मरम्मत की ज़रूरत के साथ वापसी`
              : item?.condition === 'major-damage'
                ? `${name}: बड़े नुक़सान के साथ वापसी`
                : `${name}: नुक़सान का शुल्क`;
        case 'backup-worn':
          return `${name} का बैक-अप साइज़ ${item?.backupSize ?? ''} पहना गया (उसकी सील टूटी हुई थी): ${item ? `${item.rentalDuration} दिन के ` : ''}किराए की कीमत`;
      }
    },
  },
});

export const lineOf = (booking: Booking, itemId: string) =>
  booking.items.find((item) => item._id === itemId);

export function chargeRows(
  booking: Booking,
  charges: readonly MailCharge[],
  language: MessageLanguage,
): Row[] {
  return charges.map((charge) => [
    BOOKING[language].chargeReason(charge, lineOf(booking, charge.bookingItemId)),
    rupees(paiseToRupees(charge.amountPaise)),
  ]);
}

export function itemRows(booking: Booking, language: MessageLanguage): Row[] {
  const words = BOOKING[language];
  return booking.items.map((item) => [
    `${item.listingId.name} (${item.size})${item.quantity > 1 ? ` × ${item.quantity}` : ''}${
      item.backupSize ? words.backupSize(item.backupSize) : ''
    }`,
    `${words.dates(mailDate(item.startDate, language), mailDate(item.endDate, language))} · ${words.days(
      item.rentalDuration,
    )} · ${item.totalPrice === 0 ? words.freeRental : rupees(item.totalPrice)}`,
  ]);
}

export function totalRows(booking: Booking, language: MessageLanguage): Row[] {
  const words = BOOKING[language];
  const rows: Row[] = [[words.subtotal, rupees(booking.subtotal)]];
  if (booking.appliedCoupon && booking.appliedCoupon.discountAmount > 0) {
    rows.push([
      words.coupon(booking.appliedCoupon.code),
      `-${rupees(booking.appliedCoupon.discountAmount)}`,
    ]);
  }
  rows.push([words.delivery, booking.deliveryFee === 0 ? words.free : rupees(booking.deliveryFee)]);
  if (booking.insuranceAmount > 0) {
    rows.push([words.damageProtection, rupees(booking.insuranceAmount)]);
  }
  if (booking.items.some((item) => item.backupSize)) {
    const count = booking.items.filter((item) => item.backupSize).length;
    rows.push([
      words.backupSizes(count),
      booking.backupFees ? rupees(booking.backupFees) : words.freeOnPro,
    ]);
  }
  rows.push([words.totalPaid, rupees(booking.totalPrice)]);
  return rows;
}

export function addressLines(booking: Booking, language: MessageLanguage): string {
  const a = booking.deliveryAddress;
  return [
    a.name,
    a.street,
    a.landmark,
    `${a.city}, ${a.state} ${a.pincode}`,
    BOOKING[language].phone(a.phone),
  ]
    .filter(Boolean)
    .join(', ');
}
