// The mails of a booking's making and unmaking: its confirmation, a late payment refunded
// instead of applied, and its cancellation by the shopper or the shop.
import { bookingNumber, paiseToRupees, type Booking } from '@pehnava/shared';
import {
  linkIn,
  mailWords,
  paymentMethodIn,
  type MailRecipient,
} from '../../../adapters/mail/language.js';
import { brandedMail, type MailBlock } from '../../../adapters/mail/layout.js';
import type { MailMessage } from '../../../adapters/mail/mailer.js';
import {
  type Row,
  type MailRefusal,
  rupees,
  BOOKING,
  itemRows,
  totalRows,
  addressLines,
} from './words.js';

const CONFIRMED = mailWords({
  en: {
    subject: (number: string) => `Booking ${number} confirmed`,
    intro: (number: string) =>
      `Your booking ${number} is confirmed and paid. Here is what you have rented:`,
    deliverTo: (address: string) => `We will deliver to: ${address}.`,
    next: 'What happens next: each piece is cleaned and quality-checked, then dispatched the day before its start date. We will e-mail you when it ships. Please have it packed for pickup on its end date.',
    cancelNote: (paymentId: string, method: string) =>
      `You can cancel for a full refund until your booking is dispatched. Payment ${paymentId} by ${paymentMethodIn(method, 'en')}.`,
  },
  hi: {
    subject: (number) => `बुकिंग ${number} पक्की हो गई`,
    intro: (number) =>
      `आपकी बुकिंग ${number} पक्की हो गई है और इसका भुगतान मिल गया है। आपने यह किराए पर लिया है:`,
    deliverTo: (address) => `हम यहाँ डिलीवरी करेंगे: ${address}।`,
    next: 'आगे क्या होगा: हर पोशाक को साफ़ करके उसकी क्वालिटी जाँची जाती है, फिर उसे शुरुआती तारीख़ से एक दिन पहले भेजा जाता है। भेजते ही हम आपको ई-मेल करेंगे। कृपया आख़िरी तारीख़ पर इसे पिकअप के लिए पैक करके रखें।',
    // A booking with nothing to pay (free on a plan) has no payment to name.
    cancelNote: (paymentId, method) =>
      `बुकिंग भेजे जाने तक आप इसे रद्द करके पूरा रिफ़ंड पा सकते हैं।${
        paymentId ? ` भुगतान ${paymentId}, ${paymentMethodIn(method, 'hi')} से।` : ''
      }`,
  },
});

/** The booking confirmation: number, items with sizes and dates, address, totals, what comes next. */
export function bookingConfirmedMail(
  recipient: MailRecipient,
  booking: Booking,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = CONFIRMED[language];
  const number = bookingNumber(booking._id);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: words.intro(number) },
    { kind: 'facts', rows: itemRows(booking, language) },
    { kind: 'paragraph', text: words.deliverTo(addressLines(booking, language)) },
    { kind: 'facts', rows: totalRows(booking, language) },
    { kind: 'paragraph', text: words.next },
    {
      kind: 'button',
      label: BOOKING[language].viewBookings,
      url: linkIn(ordersUrl, language),
    },
    {
      kind: 'note',
      text: words.cancelNote(booking.razorpayPaymentId ?? '', booking.paymentMethod),
    },
  ];
  return brandedMail({ ...recipient, subject: words.subject(number), blocks });
}

const PAYMENT_REFUNDED = mailWords({
  en: {
    subject: (number: string) => `Booking ${number}: your payment is being refunded`,
    alreadyPaid: (number: string) =>
      `We received a second payment for booking ${number}, which was already paid. Your booking stands as it was.`,
    amountMismatch: (number: string) =>
      `We received a payment for booking ${number} that was not the booking's amount, so we could not confirm the booking with it.`,
    late: (number: string, why: string) =>
      `Your payment for booking ${number} reached us after the booking's 15-minute hold had ended, and by then the booking could no longer be made as it was: ${why} We are sorry: the booking could not be confirmed.`,
    changed: (number: string, why: string) =>
      `We could not confirm booking ${number} as it was made: ${why} This changed after you checked out (another of your orders was paid, or your plan changed). We are sorry: please check out again from your cart.`,
    /** What no longer holds, in English: the refusal's own sentence (settlement.ts). */
    why: (refusal: MailRefusal) => refusal.detail,
    refunding:
      'The full amount is being refunded to the account you paid from. Refunds reach you in 7 to 10 business days.',
  },
  hi: {
    subject: (number) => `बुकिंग ${number}: आपका भुगतान रिफ़ंड किया जा रहा है`,
    alreadyPaid: (number) =>
      `हमें बुकिंग ${number} के लिए दूसरा भुगतान मिला, जबकि इसका भुगतान पहले ही हो चुका था। आपकी बुकिंग पहले जैसी ही बनी हुई है।`,
    amountMismatch: (number) =>
      `हमें बुकिंग ${number} के लिए जो भुगतान मिला, उसकी रकम बुकिंग की रकम से अलग थी, इसलिए हम उससे बुकिंग पक्की नहीं कर सके।`,
    late: (number, why) =>
      `बुकिंग ${number} के लिए आपका भुगतान हम तक तब पहुँचा, जब बुकिंग के लिए रखे गए 15 मिनट ख़त्म हो चुके थे, और तब तक यह बुकिंग पहले की तरह नहीं बन सकती थी: ${why} हमें खेद है: बुकिंग पक्की नहीं हो सकी।`,
    changed: (number, why) =>
      `हम बुकिंग ${number} को उस तरह पक्का नहीं कर सके, जिस तरह वह बनाई गई थी: ${why} यह आपके चेकआउट के बाद बदला (आपके किसी दूसरे ऑर्डर का भुगतान हो गया, या आपका प्लान बदल गया)। हमें खेद है: कृपया अपने कार्ट से दोबारा चेकआउट करें।`,
    // By the refusal's code: its English sentence is not shown in Hindi.
    why: ({ code }) => REFUSALS_HI[code] ?? 'जिन शर्तों पर यह बुकिंग बनी थी, उनमें से कुछ अब लागू नहीं रहीं।',
    refunding:
      'पूरी रकम उसी खाते में रिफ़ंड की जा रही है, जिससे आपने भुगतान किया था। रिफ़ंड 7 से 10 कामकाजी दिनों में आप तक पहुँच जाता है।',
  },
});

/** What no longer holds of a booking paid late, in Hindi, by the refusal's code (settlement.ts). */
const REFUSALS_HI: Partial<Record<string, string>> = {
  'product-unavailable': 'इसकी एक पोशाक अब किराए पर उपलब्ध नहीं है।',
  'start-date-passed': 'इसकी एक पोशाक अब अपनी शुरुआती तारीख़ तक आपके पते पर नहीं पहुँच सकती।',
  'plan-changed': 'आपका प्लान तब से बदल गया है, इसलिए इसकी कीमत या अवधि अब पहले जैसी नहीं रही।',
  'price-changed': 'अब इसकी कीमत बदल गई है।',
  'coupon-invalid': 'इस पर लगाया गया कूपन अब लागू नहीं होता।',
  'pieces-taken': 'इस बीच इसकी एक पोशाक किसी और ने बुक कर ली।',
  'account-deleted': 'इसे बनाने वाला खाता हटा दिया गया है।',
};

/**
 * A payment for the booking is refunded in full instead of confirming it: the booking was already
 * paid, or the amount was not the booking's, or the payment arrived after the booking's hold had
 * ended and something it was made with no longer holds (`why.detail` names it).
 */
export function paymentRefundedMail(
  recipient: MailRecipient,
  booking: Pick<Booking, '_id'>,
  amountPaise: number,
  why: MailRefusal & { late: boolean },
): MailMessage {
  const { language } = recipient;
  const words = PAYMENT_REFUNDED[language];
  const number = bookingNumber(booking._id);
  const opening =
    why.code === 'already-paid'
      ? words.alreadyPaid(number)
      : why.code === 'amount-mismatch'
        ? words.amountMismatch(number)
        : why.late
          ? words.late(number, words.why(why))
          : words.changed(number, words.why(why));
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      { kind: 'paragraph', text: opening },
      { kind: 'facts', rows: [[BOOKING[language].refund, rupees(paiseToRupees(amountPaise))]] },
      { kind: 'paragraph', text: words.refunding },
    ],
  });
}

const CANCELLED = mailWords({
  en: {
    subject: (number: string) => `Booking ${number} cancelled`,
    cancelled: (number: string) => `Your booking ${number} is cancelled, as you asked.`,
  },
  hi: {
    subject: (number) => `बुकिंग ${number} रद्द कर दी गई`,
    cancelled: (number) => `आपके कहने पर आपकी बुकिंग ${number} रद्द कर दी गई है।`,
  },
});

/** The shopper cancelled before dispatch: what is refunded and when it arrives. */
export function bookingCancelledMail(
  recipient: MailRecipient,
  booking: Pick<Booking, '_id'>,
  amountPaise: number,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = CANCELLED[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: words.cancelled(number) }];
  if (amountPaise > 0) {
    blocks.push(
      { kind: 'facts', rows: [[common.fullRefund, rupees(paiseToRupees(amountPaise))]] },
      { kind: 'paragraph', text: common.fullAmountBack },
    );
  }
  blocks.push({ kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) });
  return brandedMail({ ...recipient, subject: words.subject(number), blocks });
}

/**
 * Why the shop cancelled a booking: an operator's words (sent as written), or a piece that could
 * not be made ready in time (the shopper's at-risk choice made by the shop).
 */
export type ShopCancelReason = { written: string } | 'piece-not-ready';

const CANCELLED_BY_SHOP = mailWords({
  en: {
    subject: (number: string) => `Booking ${number} cancelled`,
    sorry: (number: string, reason: string) =>
      `We are sorry: we have had to cancel your booking ${number}. ${reason}`,
    pieceNotReady: 'a piece could not be made ready in time',
  },
  hi: {
    subject: (number) => `बुकिंग ${number} रद्द कर दी गई`,
    sorry: (number, reason) => `हमें खेद है: हमें आपकी बुकिंग ${number} रद्द करनी पड़ी है। ${reason}`,
    pieceNotReady: 'एक पोशाक समय पर तैयार नहीं हो सकी।',
  },
});

/** The shop cancelled the booking (before shipping): why, and the refund. */
export function bookingCancelledByShopMail(
  recipient: MailRecipient,
  booking: Pick<Booking, '_id'>,
  amountPaise: number,
  reason: ShopCancelReason,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = CANCELLED_BY_SHOP[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      {
        kind: 'paragraph',
        text: words.sorry(
          number,
          reason === 'piece-not-ready' ? words.pieceNotReady : reason.written,
        ),
      },
      ...(amountPaise > 0
        ? [
            {
              kind: 'facts' as const,
              rows: [[common.fullRefund, rupees(paiseToRupees(amountPaise))] as Row],
            },
            { kind: 'paragraph' as const, text: common.fullAmountBack },
          ]
        : []),
      { kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) },
    ],
  });
}
