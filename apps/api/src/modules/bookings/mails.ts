import {
  CHARGE_MESSAGES,
  EXTENSION_MESSAGES,
  bookingNumber,
  formatRupees,
  paiseToRupees,
  type Booking,
  type MessageLanguage,
} from '@pehnava/shared';
import {
  linkIn,
  mailDate,
  mailWords,
  paymentMethodIn,
  type MailRecipient,
} from '../../adapters/mail/language.js';
import { brandedMail, type MailBlock } from '../../adapters/mail/layout.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { ChargeRow } from './charges.repository.js';

type Item = Booking['items'][number];
type Status = Booking['status'];
type Row = [string, string];

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

const rupees = (amount: number) => formatRupees(amount);

/** What the booking mails say in common: a booking's lines and totals, labels, buttons. */
const BOOKING = mailWords({
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

const lineOf = (booking: Booking, itemId: string) =>
  booking.items.find((item) => item._id === itemId);

function chargeRows(
  booking: Booking,
  charges: readonly MailCharge[],
  language: MessageLanguage,
): Row[] {
  return charges.map((charge) => [
    BOOKING[language].chargeReason(charge, lineOf(booking, charge.bookingItemId)),
    rupees(paiseToRupees(charge.amountPaise)),
  ]);
}

function itemRows(booking: Booking, language: MessageLanguage): Row[] {
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

function totalRows(booking: Booking, language: MessageLanguage): Row[] {
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

function addressLines(booking: Booking, language: MessageLanguage): string {
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

const STATUS = mailWords({
  en: {
    subject: (number: string, status: Status) => `Booking ${number}: ${status}`,
    now: (number: string, status: Status) => `Your booking ${number} is now ${status}.`,
    /** What each step means for the shopper. */
    next: {
      processing:
        'Your pieces are being cleaned, checked and packed. We will e-mail you again when they ship.',
      shipped: 'Your pieces are on their way to you.',
      delivered:
        'Your pieces have been delivered. Enjoy them, and please have them packed for pickup on their end date. Tell us within 24 hours if something does not fit or is not as described.',
    } as Partial<Record<Status, string>>,
  },
  hi: {
    subject: (number, status) =>
      `बुकिंग ${number}: ${
        {
          pending: 'भुगतान बाकी',
          confirmed: 'पक्की',
          processing: 'तैयार हो रही है',
          shipped: 'भेज दी गई',
          delivered: 'पहुँच गई',
          cancelled: 'रद्द',
        }[status]
      }`,
    now: (number, status) =>
      `आपकी बुकिंग ${number} ${
        {
          pending: 'अभी भुगतान का इंतज़ार कर रही है',
          confirmed: 'पक्की है',
          processing: 'अब तैयार की जा रही है',
          shipped: 'भेज दी गई है',
          delivered: 'आप तक पहुँच गई है',
          cancelled: 'रद्द हो गई है',
        }[status]
      }।`,
    next: {
      processing:
        'आपकी पोशाकें साफ़ की जा रही हैं, जाँची जा रही हैं और पैक की जा रही हैं। भेजते ही हम आपको फिर से ई-मेल करेंगे।',
      shipped: 'आपकी पोशाकें आपके पास पहुँचने के लिए रास्ते में हैं।',
      delivered:
        'आपकी पोशाकें आप तक पहुँच गई हैं। इन्हें पहनने का आनंद लें, और कृपया आख़िरी तारीख़ पर इन्हें पिकअप के लिए पैक करके रखें। अगर कुछ फ़िट न हो या बताए गए जैसा न हो, तो 24 घंटे के भीतर हमें बताएँ।',
    },
  },
});

function trackingRows(booking: Booking, language: MessageLanguage): Row[] {
  const t = booking.deliveryTracking;
  if (!t) return [];
  const words = BOOKING[language];
  return [
    [words.courier, t.provider],
    [words.trackingId, t.trackingId],
    [words.status, t.status],
    [words.expectedDelivery, t.deliveryETA],
  ].filter((row): row is Row => Boolean(row[1]));
}

/** An operator moved the booking a step forward (processing, shipped, delivered). */
export function bookingStatusMail(
  recipient: MailRecipient,
  booking: Booking,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = STATUS[language];
  const number = bookingNumber(booking._id);
  const status = booking.status;
  const tracking = trackingRows(booking, language);
  return brandedMail({
    ...recipient,
    subject: words.subject(number, status),
    blocks: [
      { kind: 'paragraph', text: words.now(number, status) },
      { kind: 'paragraph', text: words.next[status] ?? '' },
      ...(tracking.length > 0 ? [{ kind: 'facts' as const, rows: tracking }] : []),
      {
        kind: 'button',
        label: BOOKING[language].followBooking,
        url: linkIn(ordersUrl, language),
      },
    ],
  });
}

const TRACKING = mailWords({
  en: {
    subject: (number: string) => `Booking ${number}: delivery update`,
    news: (number: string) => `There is news about the delivery of booking ${number}:`,
  },
  hi: {
    subject: (number) => `बुकिंग ${number}: डिलीवरी की नई जानकारी`,
    news: (number) => `बुकिंग ${number} की डिलीवरी के बारे में नई जानकारी है:`,
  },
});

/** The courier's details changed. */
export function bookingTrackingMail(
  recipient: MailRecipient,
  booking: Booking,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = TRACKING[language];
  const number = bookingNumber(booking._id);
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      { kind: 'paragraph', text: words.news(number) },
      { kind: 'facts', rows: trackingRows(booking, language) },
      {
        kind: 'button',
        label: BOOKING[language].followBooking,
        url: linkIn(ordersUrl, language),
      },
    ],
  });
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

const RETURNED = mailWords({
  en: {
    subject: (number: string) => `Booking ${number}: return received`,
    checkedIn: (number: string) => `We have checked in what came back from booking ${number}:`,
    aPiece: 'A piece',
    condition: {
      good: 'back in good condition',
      'needs-repair': 'back with damage that needs a small repair',
      'major-damage': 'back with major damage',
      lost: 'recorded as not returned',
    } as Partial<Record<string, string>>,
    stillOut: (count: number) =>
      `${count} more piece${count > 1 ? 's are' : ' is'} still to come back.`,
    allBack: 'Everything from this booking is back with us. Thank you for renting with Pehnava.',
    review:
      'How did it fit? A line or two on the fit, the size you wore and the occasion helps the next renter choose: review each piece from My Bookings.',
  },
  hi: {
    subject: (number) => `बुकिंग ${number}: वापसी मिल गई`,
    checkedIn: (number) => `बुकिंग ${number} से जो वापस आया, हमने उसे जाँचकर दर्ज कर लिया है:`,
    aPiece: 'एक पोशाक',
    condition: {
      good: 'अच्छी हालत में वापस आई',
      'needs-repair': 'ऐसे नुक़सान के साथ वापस आई, जिसकी छोटी-सी मरम्मत करनी होगी',
      'major-damage': 'बड़े नुक़सान के साथ वापस आई',
      lost: 'वापस नहीं आई, ऐसा दर्ज किया गया',
    },
    stillOut: (count) =>
      count > 1 ? `${count} और पोशाकें अभी लौटनी बाकी हैं।` : `${count} और पोशाक अभी लौटनी बाकी है।`,
    allBack: 'इस बुकिंग का सब कुछ हमारे पास वापस आ गया है। पहनावा से किराए पर लेने के लिए धन्यवाद।',
    review:
      'फ़िटिंग कैसी रही? फ़िटिंग, आपके पहने हुए साइज़ और मौक़े के बारे में एक-दो पंक्तियाँ अगले किराएदार को चुनने में मदद करती हैं: मेरी बुकिंग में जाकर हर पोशाक का रिव्यू लिखें।',
  },
});

/** Pieces of the booking came back: which, on what day, and how we found them. */
export function bookingReturnedMail(
  recipient: MailRecipient,
  booking: Booking,
  returned: { itemId: string; returnedOn: string; condition: string }[],
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = RETURNED[language];
  const number = bookingNumber(booking._id);
  const rows = returned.map(({ itemId, returnedOn, condition }): Row => {
    const item = lineOf(booking, itemId);
    return [
      item ? `${item.listingId.name} (${item.size})` : words.aPiece,
      `${mailDate(returnedOn, language)}: ${words.condition[condition] ?? condition}`,
    ];
  });
  const outstanding = booking.items.filter((item) => !item.returnedAt).length;
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      { kind: 'paragraph', text: words.checkedIn(number) },
      { kind: 'facts', rows },
      {
        kind: 'paragraph',
        text: outstanding > 0 ? words.stillOut(outstanding) : words.allBack,
      },
      // The one mail that asks for reviews (DECISIONS.md 'Reviews and fit'): the booking's last
      // return, which comes once (checking the same pieces in again sends nothing).
      ...(outstanding > 0 ? [] : [{ kind: 'paragraph' as const, text: words.review }]),
      {
        kind: 'button',
        label: BOOKING[language].viewBookings,
        url: linkIn(ordersUrl, language),
      },
    ],
  });
}

const CHARGED = mailWords({
  en: {
    subject: (number: string, due: string) => `Booking ${number}: balance due ${due}`,
    added: (number: string) => `We have added to booking ${number}:`,
    seeEach:
      'You can see each charge and what is still due in My Bookings. Late fees stop the day a piece is back with us.',
  },
  hi: {
    subject: (number, due) => `बुकिंग ${number}: ${due} बकाया`,
    added: (number) => `हमने बुकिंग ${number} में ये शुल्क जोड़े हैं:`,
    seeEach:
      'हर शुल्क और अभी तक बकाया रकम आप मेरी बुकिंग में देख सकते हैं। जिस दिन पोशाक हमारे पास वापस आ जाती है, उसके बाद देरी का शुल्क नहीं लगता।',
  },
});

/** Charges were raised on the booking: what for, how much, and the balance now due. */
export function bookingChargedMail(
  recipient: MailRecipient,
  booking: Booking,
  raised: readonly MailCharge[],
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = CHARGED[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  return brandedMail({
    ...recipient,
    subject: words.subject(number, rupees(booking.balanceDue)),
    blocks: [
      { kind: 'paragraph', text: words.added(number) },
      { kind: 'facts', rows: chargeRows(booking, raised, language) },
      { kind: 'facts', rows: [[common.balanceDue, rupees(booking.balanceDue)]] },
      { kind: 'paragraph', text: words.seeEach },
      { kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) },
    ],
  });
}

const BALANCE_PAID = mailWords({
  en: {
    subject: (number: string, amount: string) => `Booking ${number}: payment received, ${amount}`,
    thanks: (number: string) => `Thank you: we received your payment for booking ${number}.`,
    stillDue: 'Still due',
  },
  hi: {
    subject: (number, amount) => `बुकिंग ${number}: ${amount} का भुगतान मिल गया`,
    thanks: (number) => `धन्यवाद: हमें बुकिंग ${number} के लिए आपका भुगतान मिल गया है।`,
    stillDue: 'अभी बाकी',
  },
});

/** A booking's charges after its rental were paid: the receipt, with what is still due. */
export function balancePaidMail(
  recipient: MailRecipient,
  booking: Booking,
  paid: readonly MailCharge[],
  paymentId: string,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = BALANCE_PAID[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  const total = rupees(paiseToRupees(paid.reduce((sum, charge) => sum + charge.amountPaise, 0)));
  return brandedMail({
    ...recipient,
    subject: words.subject(number, total),
    blocks: [
      { kind: 'paragraph', text: words.thanks(number) },
      { kind: 'facts', rows: chargeRows(booking, paid, language) },
      {
        kind: 'facts',
        rows: [
          [common.paid, total],
          [common.paymentId, paymentId],
          [words.stillDue, rupees(booking.balanceDue)],
        ],
      },
      { kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) },
    ],
  });
}

const BALANCE_REFUNDED = mailWords({
  en: {
    subject: (number: string) => `Booking ${number}: your payment is being refunded`,
    refunding: (number: string, why: string) =>
      `We received a payment towards the balance of booking ${number}, but ${why}. So we are refunding it in full.`,
    why: ({ code }: MailRefusal) =>
      CHARGE_MESSAGES.balanceRefusedReason[code] ??
      'its amount did not match the balance it was for',
    balanceNow: 'Balance due now',
    refundsArrive:
      'Refunds reach the account you paid from in 7 to 10 business days. You can see and pay what is due in My Bookings.',
  },
  hi: {
    subject: (number) => `बुकिंग ${number}: आपका भुगतान रिफ़ंड किया जा रहा है`,
    refunding: (number, why) =>
      `हमें बुकिंग ${number} की बकाया रकम के लिए एक भुगतान मिला, लेकिन ${why}। इसलिए हम इसे पूरा रिफ़ंड कर रहे हैं।`,
    why: ({ code }) =>
      code === 'charges-changed'
        ? 'जिन शुल्कों के लिए यह था, वे इसके पहुँचने से पहले माफ़ कर दिए गए, चुका दिए गए या बदल गए'
        : code === 'already-paid'
          ? 'जिन शुल्कों के लिए यह था, उनका भुगतान पहले ही हो चुका था'
          : 'इसकी रकम उस बकाया रकम से मेल नहीं खाती थी, जिसके लिए यह था',
    balanceNow: 'अब बकाया रकम',
    refundsArrive:
      'रिफ़ंड 7 से 10 कामकाजी दिनों में उसी खाते में पहुँच जाता है, जिससे आपने भुगतान किया था। बकाया रकम आप मेरी बुकिंग में देख और चुका सकते हैं।',
  },
});

/** A payment towards a booking's balance could not be applied: it is refunded in full, and why. */
export function balanceRefundedMail(
  recipient: MailRecipient,
  booking: Booking,
  amountPaise: number,
  refusal: MailRefusal,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = BALANCE_REFUNDED[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      { kind: 'paragraph', text: words.refunding(number, words.why(refusal)) },
      {
        kind: 'facts',
        rows: [
          [common.refund, rupees(paiseToRupees(amountPaise))],
          [words.balanceNow, rupees(booking.balanceDue)],
        ],
      },
      { kind: 'paragraph', text: words.refundsArrive },
      { kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) },
    ],
  });
}

const REMINDER = mailWords({
  en: {
    subject: (number: string, due: string) => `Booking ${number}: ${due} is still due`,
    reminder: (number: string) =>
      `A friendly reminder: booking ${number} has a balance due after its rental.`,
    howToPay:
      'You can pay it by UPI or card from the booking in My Bookings. If you think a charge is wrong, reply to this mail and we will look at it.',
    button: 'Pay in My Bookings',
  },
  hi: {
    subject: (number, due) => `बुकिंग ${number}: ${due} अभी बाकी है`,
    reminder: (number) => `आपको याद दिला दें: किराए की अवधि के बाद बुकिंग ${number} पर कुछ रकम बकाया है।`,
    howToPay:
      'आप इसे मेरी बुकिंग में इस बुकिंग से UPI या कार्ड से चुका सकते हैं। अगर आपको कोई शुल्क ग़लत लगे, तो इस मेल का जवाब दें, हम उसे देखेंगे।',
    button: 'मेरी बुकिंग में भुगतान करें',
  },
});

/**
 * A balance has been due for a while: what is due, and where to pay it. `charges` are the
 * booking's (those still due are listed).
 */
export function balanceReminderMail(
  recipient: MailRecipient,
  booking: Booking,
  charges: readonly (MailCharge & Pick<ChargeRow, 'status'>)[],
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = REMINDER[language];
  const number = bookingNumber(booking._id);
  const due = charges.filter((charge) => charge.status === 'due');
  return brandedMail({
    ...recipient,
    subject: words.subject(number, rupees(booking.balanceDue)),
    blocks: [
      { kind: 'paragraph', text: words.reminder(number) },
      { kind: 'facts', rows: chargeRows(booking, due, language) },
      { kind: 'facts', rows: [[BOOKING[language].balanceDue, rupees(booking.balanceDue)]] },
      { kind: 'paragraph', text: words.howToPay },
      { kind: 'button', label: words.button, url: linkIn(ordersUrl, language) },
    ],
  });
}

/** The size a line's next parcel carries: a fit-window exchange's once the line was sent. */
const sizeToSend = (item: Item) =>
  item.dispatchedAt && item.report?.outcome === 'exchange' && item.report.size
    ? item.report.size
    : item.size;

/** A line's piece and size to send, and its dates. */
const pieceRow = (item: Item, language: MessageLanguage): Row => [
  `${item.listingId.name} (${sizeToSend(item)})`,
  BOOKING[language].dates(mailDate(item.startDate, language), mailDate(item.endDate, language)),
];

const AT_RISK = mailWords({
  en: {
    subject: (number: string) => `Booking ${number}: a piece may not be ready in time`,
    sorry: (number: string) =>
      `We are sorry: the piece we set aside for booking ${number} may not be ready for your dates. The rental before yours has not come back in time, or the piece needs a repair, and no other piece of that size is free.`,
    exchange:
      'We are working to have your exchange ready, and will write again either way. If you would rather not wait, choose another size for it yourself, at no extra cost.',
    choose:
      'We are working to have it ready, and will write again either way. If you would rather not wait, choose for yourself: another size or another piece for the same dates, at no extra cost, or cancel the booking with a full refund.',
    button: 'Choose what we do',
  },
  hi: {
    subject: (number) => `बुकिंग ${number}: हो सकता है एक पोशाक समय पर तैयार न हो पाए`,
    sorry: (number) =>
      `हमें खेद है: बुकिंग ${number} के लिए हमने जो पोशाक रखी थी, हो सकता है वह आपकी तारीख़ों तक तैयार न हो पाए। आपसे पहले का किराया समय पर वापस नहीं आया है, या पोशाक की मरम्मत होनी है, और उस साइज़ की कोई दूसरी पोशाक ख़ाली नहीं है।`,
    exchange:
      'हम आपका एक्सचेंज तैयार करने में लगे हैं, और जो भी हो, आपको फिर से लिखेंगे। अगर आप इंतज़ार नहीं करना चाहते, तो बिना किसी अतिरिक्त ख़र्च के ख़ुद दूसरा साइज़ चुन लें।',
    choose:
      'हम इसे तैयार करने में लगे हैं, और जो भी हो, आपको फिर से लिखेंगे। अगर आप इंतज़ार नहीं करना चाहते, तो ख़ुद चुन लें: उन्हीं तारीख़ों के लिए दूसरा साइज़ या दूसरी पोशाक, बिना किसी अतिरिक्त ख़र्च के, या पूरे रिफ़ंड के साथ बुकिंग रद्द करें।',
    button: 'चुनें कि हम क्या करें',
  },
});

/**
 * A piece reserved for the shopper cannot be made ready in time (the one before them has not come
 * back, or it is being repaired) and no other of the size is free: what we are doing, and their
 * choices.
 */
export function bookingAtRiskMail(
  recipient: MailRecipient,
  booking: Booking,
  itemIds: string[],
  chooseUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = AT_RISK[language];
  const number = bookingNumber(booking._id);
  const items = booking.items.filter((item) => itemIds.includes(item._id));
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      { kind: 'paragraph', text: words.sorry(number) },
      { kind: 'facts', rows: items.map((item) => pieceRow(item, language)) },
      {
        kind: 'paragraph',
        text:
          booking.status === 'shipped' || booking.status === 'delivered'
            ? words.exchange
            : words.choose,
      },
      { kind: 'button', label: words.button, url: linkIn(chooseUrl, language) },
    ],
  });
}

const PIECE_CHANGED = mailWords({
  en: {
    subject: (number: string) => `Booking ${number}: your piece is set aside`,
    onTrack: (number: string) =>
      `Good news: booking ${number} is on track again. This is what we will send, for the same dates and at the same price:`,
  },
  hi: {
    subject: (number) => `बुकिंग ${number}: आपकी पोशाक आपके लिए रख दी गई है`,
    onTrack: (number) =>
      `ख़ुशख़बरी: बुकिंग ${number} फिर से तय समय पर है। हम यह भेजेंगे, उन्हीं तारीख़ों के लिए और उसी कीमत पर:`,
  },
});

/** A booking at risk was given other pieces (by the shopper's choice or the shop's). */
export function bookingPieceChangedMail(
  recipient: MailRecipient,
  booking: Booking,
  itemId: string,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = PIECE_CHANGED[language];
  const number = bookingNumber(booking._id);
  const item = lineOf(booking, itemId);
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      { kind: 'paragraph', text: words.onTrack(number) },
      { kind: 'facts', rows: item ? [pieceRow(item, language)] : [] },
      {
        kind: 'button',
        label: BOOKING[language].viewBookings,
        url: linkIn(ordersUrl, language),
      },
    ],
  });
}

const EXTENDED = mailWords({
  en: {
    subject: (number: string, returnBy: string) =>
      `Booking ${number}: extended, return by ${returnBy}`,
    enjoy: (days: number, number: string, returnBy: string) =>
      `Enjoy the extra ${days === 1 ? 'day' : `${days} days`}: booking ${number} is now due back on ${returnBy}. Late fees count only from the day after.`,
    newReturnDate: 'New return date',
  },
  hi: {
    subject: (number, returnBy) => `बुकिंग ${number}: अवधि बढ़ा दी गई, ${returnBy} तक लौटाएँ`,
    enjoy: (days, number, returnBy) =>
      `${days === 1 ? 'एक और दिन' : `${days} और दिनों`} का आनंद लें: बुकिंग ${number} अब ${returnBy} को लौटानी है। देरी का शुल्क उसके अगले दिन से ही गिना जाएगा।`,
    newReturnDate: 'लौटाने की नई तारीख़',
  },
});

/** An extension was paid and applied: the new return date, and what it cost. */
export function extensionAppliedMail(
  recipient: MailRecipient,
  booking: Booking,
  extension: { days: number; amountPaise: number; endDate: string },
  paymentId: string,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = EXTENDED[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  const returnBy = mailDate(extension.endDate, language);
  return brandedMail({
    ...recipient,
    subject: words.subject(number, returnBy),
    blocks: [
      { kind: 'paragraph', text: words.enjoy(extension.days, number, returnBy) },
      {
        kind: 'facts',
        rows: [
          [words.newReturnDate, returnBy],
          [common.paid, rupees(paiseToRupees(extension.amountPaise))],
          [common.paymentId, paymentId],
        ],
      },
      { kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) },
    ],
  });
}

const EXTENSION_REFUNDED = mailWords({
  en: {
    subject: (number: string) => `Booking ${number}: your extension payment is being refunded`,
    refunding: (number: string, why: string) =>
      `We received your payment to keep booking ${number} longer, but ${why}. So we are refunding it in full.`,
    why: ({ code, detail }: MailRefusal) => EXTENSION_MESSAGES.refusedReason[code] ?? detail,
    returnBy: 'Return by',
  },
  hi: {
    subject: (number) => `बुकिंग ${number}: अवधि बढ़ाने का आपका भुगतान रिफ़ंड किया जा रहा है`,
    refunding: (number, why) =>
      `हमें बुकिंग ${number} को ज़्यादा दिन रखने के लिए आपका भुगतान मिला, लेकिन ${why}। इसलिए हम इसे पूरा रिफ़ंड कर रहे हैं।`,
    why: ({ code }) =>
      (
        ({
          'pieces-taken':
            'आपके भुगतान करते समय उन दिनों के लिए एक पोशाक किसी और ने बुक कर ली, और लौटाने की आपकी तारीख़ पहले जैसी ही रहेगी',
          'booking-changed':
            'भुगतान पहुँचने से पहले बुकिंग बदल गई (उसकी अवधि बढ़ाई गई, वह लौटा दी गई या रद्द हो गई), और लौटाने की आपकी तारीख़ पहले जैसी ही रहेगी',
          'past-end': 'भुगतान पहुँचने तक किराए की लौटाने की तारीख़ आ चुकी थी',
          'already-paid': 'अवधि बढ़ाने का भुगतान पहले ही हो चुका था',
        }) as Partial<Record<string, string>>
      )[code] ??
      // The rest: the amount paid was not the extension's (the intake's 'amount-mismatch').
      'भुगतान की रकम अवधि बढ़ाने की रकम से मेल नहीं खाती थी',
    returnBy: 'कब तक लौटाएँ',
  },
});

/** A payment for an extension could not be applied: it is refunded in full, and why. */
export function extensionRefundedMail(
  recipient: MailRecipient,
  booking: Booking,
  amountPaise: number,
  refusal: MailRefusal,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = EXTENSION_REFUNDED[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  const due = booking.items
    .filter((item) => !item.returnedAt)
    .map((item) => item.endDate)
    .sort()
    .at(-1);
  return brandedMail({
    ...recipient,
    subject: words.subject(number),
    blocks: [
      { kind: 'paragraph', text: words.refunding(number, words.why(refusal)) },
      {
        kind: 'facts',
        rows: [
          [common.refund, rupees(paiseToRupees(amountPaise))],
          ...(due ? [[words.returnBy, mailDate(due, language)] as Row] : []),
        ],
      },
      { kind: 'paragraph', text: common.refundsArrive },
      { kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) },
    ],
  });
}

const FIT_REFUND = mailWords({
  en: {
    subject: (number: string, piece: string) => `Booking ${number}: ${piece} is being refunded`,
    told: (piece: string, number: string) =>
      `You told us within a day of delivery that ${piece} from booking ${number} did not work for you, so we are refunding its rental.`,
    creditNote: 'Credit note',
    attached: ' The credit note is attached to this mail, and it is in My Bookings too.',
  },
  hi: {
    subject: (number, piece) => `बुकिंग ${number}: ${piece} का किराया रिफ़ंड किया जा रहा है`,
    told: (piece, number) =>
      `आपने डिलीवरी के एक दिन के भीतर हमें बताया कि बुकिंग ${number} में से ${piece} आपके लिए ठीक नहीं है, इसलिए हम इसका किराया रिफ़ंड कर रहे हैं।`,
    creditNote: 'क्रेडिट नोट',
    attached: ' क्रेडिट नोट इस मेल के साथ अटैच है, और मेरी बुकिंग में भी मौजूद है।',
  },
});

/**
 * A piece reported within 24 hours of delivery (the fit window) was refunded: how much, when it
 * arrives, and its credit note, which the outbox attaches as the mail is sent (decision 082).
 */
export function fitWindowRefundMail(
  recipient: MailRecipient,
  booking: Pick<Booking, '_id'>,
  piece: string,
  amountPaise: number,
  creditNote: string | undefined,
  ordersUrl: string,
): MailMessage {
  const { language } = recipient;
  const words = FIT_REFUND[language];
  const common = BOOKING[language];
  const number = bookingNumber(booking._id);
  return brandedMail({
    ...recipient,
    subject: words.subject(number, piece),
    blocks: [
      { kind: 'paragraph', text: words.told(piece, number) },
      {
        kind: 'facts',
        rows: [
          [common.refund, rupees(paiseToRupees(amountPaise))],
          ...(creditNote ? [[words.creditNote, creditNote] as Row] : []),
        ],
      },
      { kind: 'paragraph', text: `${common.refundsArrive}${creditNote ? words.attached : ''}` },
      { kind: 'button', label: common.viewBookings, url: linkIn(ordersUrl, language) },
    ],
  });
}
