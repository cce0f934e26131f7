// The mails of a booking on its way and back: each step an operator moves it to, the courier's
// details, and its pieces returned.
import { bookingNumber, type Booking, type MessageLanguage } from '@pehnava/shared';
import {
  linkIn,
  mailDate,
  mailWords,
  type MailRecipient,
} from '../../../adapters/mail/language.js';
import { brandedMail } from '../../../adapters/mail/layout.js';
import type { MailMessage } from '../../../adapters/mail/mailer.js';
import { type Status, type Row, BOOKING, lineOf } from './words.js';

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
