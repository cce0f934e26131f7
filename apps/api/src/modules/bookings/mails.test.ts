import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, type MessageLanguage } from '@pehnava/shared';
import type { MailRecipient } from '../../adapters/mail/language.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import {
  SITE,
  expectEnglishMail,
  expectHindiMail,
  hindiDate,
  mailBooking,
} from '../../test/mail-language.js';
import {
  balancePaidMail,
  balanceRefundedMail,
  balanceReminderMail,
  bookingAtRiskMail,
  bookingCancelledByShopMail,
  bookingCancelledMail,
  bookingChargedMail,
  bookingConfirmedMail,
  bookingPieceChangedMail,
  bookingReturnedMail,
  bookingStatusMail,
  bookingTrackingMail,
  extensionAppliedMail,
  extensionRefundedMail,
  fitWindowRefundMail,
  paymentRefundedMail,
  type MailCharge,
} from './mails.js';

/*
 * The booking mails in the shopper's language (DECISIONS.md 'Languages and messages'): each mail
 * drawn for a Hindi account is Hindi throughout, with hi-IN dates and links to the Hindi shop;
 * for an English account it is as it always was.
 */
const recipient = (language: MessageLanguage): MailRecipient => ({
  to: 'tara@pehnava.test',
  name: 'Tara Iyer',
  language,
});
const orders = `${SITE}/orders`;
const booking = mailBooking();
const [first, second] = booking.items as [
  (typeof booking.items)[number],
  (typeof booking.items)[number],
];
const charges: (MailCharge & { status: 'due' | 'paid' | 'waived' })[] = [
  {
    kind: 'late-fee',
    day: '2026-12-15',
    bookingItemId: first._id,
    reason: CHARGE_MESSAGES.lateFeeReason('Tue, 15 Dec, 2026', 2, '₹300'),
    amountPaise: 30000,
    status: 'due',
  },
  {
    kind: 'damage',
    day: null,
    bookingItemId: second._id,
    reason: CHARGE_MESSAGES.damageReason('needs-repair', 'Ivory Silk Sherwani'),
    amountPaise: 24900,
    status: 'due',
  },
  {
    kind: 'purchase',
    day: null,
    bookingItemId: first._id,
    reason: CHARGE_MESSAGES.purchaseReason('Rani Pink Lehenga'),
    amountPaise: 1234500,
    status: 'paid',
  },
  {
    kind: 'backup-worn',
    day: null,
    bookingItemId: second._id,
    reason:
      'The back-up size XL of Ivory Silk Sherwani was worn (its seal broken): its 7-day rental price',
    amountPaise: 99900,
    status: 'due',
  },
];
const owing = mailBooking({
  status: 'delivered',
  balanceDue: 549,
  items: [
    { ...first, condition: 'good' },
    { ...second, condition: 'needs-repair' },
  ],
});
const shipped = mailBooking({ status: 'shipped' });

/** Every booking mail, with its English subject as it always was. */
const MAILS: [string, (to: MailRecipient) => MailMessage, string][] = [
  ['confirmed', (to) => bookingConfirmedMail(to, booking, orders), 'Booking 55556666 confirmed'],
  [
    'payment refunded (late)',
    (to) =>
      paymentRefundedMail(to, booking, 269800, {
        code: 'pieces-taken',
        detail: 'Rani Pink Lehenga (M) was booked by someone else in the meantime.',
        late: true,
      }),
    'Booking 55556666: your payment is being refunded',
  ],
  [
    'payment refunded (changed)',
    (to) =>
      paymentRefundedMail(to, booking, 269800, {
        code: 'plan-changed',
        detail:
          'Your plan has changed since, and Rani Pink Lehenga (M) would now be a 7-day rental.',
        late: false,
      }),
    'Booking 55556666: your payment is being refunded',
  ],
  [
    'payment refunded (paid twice)',
    (to) =>
      paymentRefundedMail(to, booking, 269800, { code: 'already-paid', detail: '', late: false }),
    'Booking 55556666: your payment is being refunded',
  ],
  [
    'cancelled',
    (to) => bookingCancelledMail(to, booking, 269800, orders),
    'Booking 55556666 cancelled',
  ],
  [
    'cancelled by the shop (not ready)',
    (to) => bookingCancelledByShopMail(to, booking, 269800, 'piece-not-ready', orders),
    'Booking 55556666 cancelled',
  ],
  ['status', (to) => bookingStatusMail(to, shipped, orders), 'Booking 55556666: shipped'],
  [
    'tracking',
    (to) => bookingTrackingMail(to, booking, orders),
    'Booking 55556666: delivery update',
  ],
  [
    'returned',
    (to) =>
      bookingReturnedMail(
        to,
        mailBooking({ items: [{ ...first, returnedAt: '2026-12-14T10:00:00.000Z' }, second] }),
        [{ itemId: first._id, returnedOn: '2026-12-14', condition: 'needs-repair' }],
        orders,
      ),
    'Booking 55556666: return received',
  ],
  [
    'returned (all back)',
    (to) =>
      bookingReturnedMail(
        to,
        mailBooking({
          items: booking.items.map((item) => ({ ...item, returnedAt: '2026-12-17T10:00:00.000Z' })),
        }),
        [{ itemId: second._id, returnedOn: '2026-12-17', condition: 'good' }],
        orders,
      ),
    'Booking 55556666: return received',
  ],
  [
    'charged',
    (to) => bookingChargedMail(to, owing, charges, orders),
    'Booking 55556666: balance due ₹549',
  ],
  [
    'balance paid',
    (to) => balancePaidMail(to, owing, charges.slice(0, 2), 'pay_B4l4nc3', orders),
    'Booking 55556666: payment received, ₹549',
  ],
  [
    'balance refunded',
    (to) => balanceRefundedMail(to, owing, 54900, { code: 'charges-changed', detail: '' }, orders),
    'Booking 55556666: your payment is being refunded',
  ],
  [
    'balance reminder',
    (to) => balanceReminderMail(to, owing, charges, orders),
    'Booking 55556666: ₹549 is still due',
  ],
  [
    'at risk',
    (to) => bookingAtRiskMail(to, booking, [first._id], `${orders}/${booking._id}/choose`),
    'Booking 55556666: a piece may not be ready in time',
  ],
  [
    'at risk (an exchange)',
    (to) => bookingAtRiskMail(to, shipped, [second._id], `${orders}/${booking._id}/choose`),
    'Booking 55556666: a piece may not be ready in time',
  ],
  [
    'piece changed',
    (to) => bookingPieceChangedMail(to, booking, second._id, orders),
    'Booking 55556666: your piece is set aside',
  ],
  [
    'extended',
    (to) =>
      extensionAppliedMail(
        to,
        booking,
        { days: 3, amountPaise: 59900, endDate: '2026-12-20' },
        'pay_3xt3nd',
        orders,
      ),
    'Booking 55556666: extended, return by Sun, 20 Dec, 2026',
  ],
  [
    'extension refunded',
    (to) =>
      extensionRefundedMail(
        to,
        booking,
        59900,
        { code: 'amount-mismatch', detail: 'The payment of 1 paise (INR) does not match.' },
        orders,
      ),
    'Booking 55556666: your extension payment is being refunded',
  ],
  [
    'fit-window refund',
    (to) => fitWindowRefundMail(to, booking, 'Rani Pink Lehenga', 299900, 'CN-2026-000042', orders),
    'Booking 55556666: Rani Pink Lehenga is being refunded',
  ],
];

/** What a Hindi mail keeps as written: names, places, ids, the courier's own words. */
const DATA = [
  'Tara Iyer',
  'Rani Pink Lehenga',
  'Ivory Silk Sherwani',
  '12 Carter Road',
  'Mumbai',
  'Maharashtra',
  'pay_Q1w2E3r4',
  'pay_B4l4nc3',
  'pay_3xt3nd',
  'Delhivery',
  'In transit',
  '9 Dec 2026',
];

describe('the booking mails', () => {
  it.each(MAILS)('%s: as it was in English', (_name, draw, subject) => {
    const mail = draw(recipient('en'));
    expect(mail.subject).toBe(subject);
    expectEnglishMail(mail, { site: SITE });
  });

  it.each(MAILS)('%s: in Hindi for a Hindi account', (_name, draw) => {
    const mail = draw(recipient('hi'));
    expectHindiMail(mail, { site: SITE, data: DATA });
    expect(mail.subject).toContain('बुकिंग 55556666');
    expect(mail.to).toBe('tara@pehnava.test');
  });

  it('writes the confirmation in English word for word as before', () => {
    const mail = bookingConfirmedMail(recipient('en'), booking, orders);
    expect(mail.text).toBe(
      'Namaste Tara Iyer,\n\nYour booking 55556666 is confirmed and paid. Here is what you have rented:\n\nRani Pink Lehenga (M): Thu, 10 Dec, 2026 to Mon, 14 Dec, 2026 · 4 days · ₹2,999\nIvory Silk Sherwani (L) × 2, back-up size XL: Thu, 10 Dec, 2026 to Thu, 17 Dec, 2026 · 7 days · Free Rental\n\nWe will deliver to: Tara Iyer, 12 Carter Road, Mumbai, Maharashtra 400050, Phone 9820012345.\n\nSubtotal: ₹2,999\nCoupon FIRST50: -₹500\nDelivery: FREE\nDamage protection: ₹199\nBack-up size: Free on Pro\nTotal paid: ₹2,698\n\nWhat happens next: each piece is cleaned and quality-checked, then dispatched the day before its start date. We will e-mail you when it ships. Please have it packed for pickup on its end date.\n\nView my bookings: https://pehnava.example/orders\n\nYou can cancel for a full refund until your booking is dispatched. Payment pay_Q1w2E3r4 by UPI.\n\nPehnava · Occasion wear on rent, cleaned and delivered to your door',
    );
  });

  it('writes the confirmation in Hindi: its lines, dates in hi-IN, totals, address and link', () => {
    const { subject, text } = bookingConfirmedMail(recipient('hi'), booking, orders);
    expect(subject).toBe('बुकिंग 55556666 पक्की हो गई');
    expect(text).toContain(
      `Rani Pink Lehenga (M): ${hindiDate('2026-12-10')} से ${hindiDate('2026-12-14')} तक · 4 दिन · ₹2,999`,
    );
    expect(text).toContain(
      `Ivory Silk Sherwani (L) × 2, बैक-अप साइज़ XL: ${hindiDate('2026-12-10')} से ${hindiDate('2026-12-17')} तक · 7 दिन · मुफ़्त किराया`,
    );
    expect(text).toContain(
      'हम यहाँ डिलीवरी करेंगे: Tara Iyer, 12 Carter Road, Mumbai, Maharashtra 400050, फ़ोन 9820012345।',
    );
    expect(text).toContain('कूपन FIRST50: -₹500');
    expect(text).toContain('कुल भुगतान: ₹2,698');
    expect(text).toContain('मेरी बुकिंग देखें: https://pehnava.example/hi/orders');
    expect(text).toContain('भुगतान pay_Q1w2E3r4, UPI से।');
    // A booking with nothing to pay names no payment.
    const free = mailBooking({ razorpayPaymentId: null, paymentMethod: 'none', totalPrice: 0 });
    expect(bookingConfirmedMail(recipient('hi'), free, orders).text).toContain(
      'बुकिंग भेजे जाने तक आप इसे रद्द करके पूरा रिफ़ंड पा सकते हैं।\n',
    );
  });

  it('names charges by their own sentences in English, and from their kind, line and day in Hindi', () => {
    const en = bookingChargedMail(recipient('en'), owing, charges.slice(0, 2), orders);
    expect(en.text).toBe(
      'Namaste Tara Iyer,\n\nWe have added to booking 55556666:\n\nLate return: Tue, 15 Dec, 2026 (2 pieces, ₹300 a day): ₹300\nIvory Silk Sherwani came back needing a small repair: ₹249\n\nBalance due: ₹549\n\nYou can see each charge and what is still due in My Bookings. Late fees stop the day a piece is back with us.\n\nView my bookings: https://pehnava.example/orders\n\nPehnava · Occasion wear on rent, cleaned and delivered to your door',
    );
    const hi = bookingChargedMail(recipient('hi'), owing, charges, orders).text;
    expect(hi).toContain(`देर से वापसी: ${hindiDate('2026-12-15')} (Rani Pink Lehenga): ₹300`);
    expect(hi).toContain('Ivory Silk Sherwani: छोटी मरम्मत की ज़रूरत के साथ वापसी: ₹249');
    expect(hi).toContain('Rani Pink Lehenga: आख़िरी तारीख़ के 14 दिन के भीतर वापसी नहीं हुई');
    expect(hi).toContain('Ivory Silk Sherwani का बैक-अप साइज़ XL पहना गया');
    expect(hi).toContain('बकाया रकम: ₹549');
  });

  it('lists only the charges still due in a reminder', () => {
    for (const language of ['en', 'hi'] as const) {
      const { text } = balanceReminderMail(recipient(language), owing, charges, orders);
      expect(text).toContain('₹300');
      expect(text).not.toContain('₹12,345');
    }
  });

  it('gives the at-risk mail’s choice page in the Hindi shop', () => {
    const { text } = bookingAtRiskMail(
      recipient('hi'),
      booking,
      [first._id],
      `${orders}/${booking._id}/choose`,
    );
    expect(text).toContain(`चुनें कि हम क्या करें: ${SITE}/hi/orders/${booking._id}/choose`);
    expect(text).toContain(`${hindiDate('2026-12-10')} से ${hindiDate('2026-12-14')} तक`);
  });

  it('says why the shop cancelled: an operator’s words as written, or a piece not ready', () => {
    const written = { written: 'The piece failed its quality check.' };
    expect(bookingCancelledByShopMail(recipient('en'), booking, 0, written, orders).text).toContain(
      'We are sorry: we have had to cancel your booking 55556666. The piece failed its quality check.',
    );
    expect(bookingCancelledByShopMail(recipient('hi'), booking, 0, written, orders).text).toContain(
      'हमें खेद है: हमें आपकी बुकिंग 55556666 रद्द करनी पड़ी है। The piece failed its quality check.',
    );
    expect(
      bookingCancelledByShopMail(recipient('en'), booking, 0, 'piece-not-ready', orders).text,
    ).toContain('your booking 55556666. a piece could not be made ready in time');
  });

  it('writes an extension’s new return date in each language', () => {
    const extension = { days: 1, amountPaise: 29900, endDate: '2026-12-15' };
    const en = extensionAppliedMail(recipient('en'), booking, extension, 'pay_3xt3nd', orders);
    expect(en.text).toContain(
      'Enjoy the extra day: booking 55556666 is now due back on Tue, 15 Dec, 2026.',
    );
    const hi = extensionAppliedMail(recipient('hi'), booking, extension, 'pay_3xt3nd', orders);
    expect(hi.subject).toBe(`बुकिंग 55556666: अवधि बढ़ा दी गई, ${hindiDate('2026-12-15')} तक लौटाएँ`);
    expect(hi.text).toContain(`लौटाने की नई तारीख़: ${hindiDate('2026-12-15')}`);
  });
});
