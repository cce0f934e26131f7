// The mails of a booking that changes after it is made: pieces at risk and replaced, rentals
// extended (or their payment refunded), and a fit-window exchange's refund.
import {
  EXTENSION_MESSAGES,
  bookingNumber,
  paiseToRupees,
  type Booking,
  type MessageLanguage,
} from '@pehnava/shared';
import {
  linkIn,
  mailDate,
  mailWords,
  type MailRecipient,
} from '../../../adapters/mail/language.js';
import { brandedMail } from '../../../adapters/mail/layout.js';
import type { MailMessage } from '../../../adapters/mail/mailer.js';
import { type Item, type Row, type MailRefusal, rupees, BOOKING, lineOf } from './words.js';

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
