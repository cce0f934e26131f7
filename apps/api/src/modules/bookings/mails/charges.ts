// The mails of what a booking owes after its rental: charges raised, the balance paid or refunded,
// and the reminder of what is due.
import { CHARGE_MESSAGES, bookingNumber, paiseToRupees, type Booking } from '@pehnava/shared';
import { linkIn, mailWords, type MailRecipient } from '../../../adapters/mail/language.js';
import { brandedMail } from '../../../adapters/mail/layout.js';
import type { MailMessage } from '../../../adapters/mail/mailer.js';
import type { ChargeRow } from '../charges.repository.js';
import { type MailCharge, type MailRefusal, rupees, BOOKING, chargeRows } from './words.js';

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
