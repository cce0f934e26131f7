// Every mail a booking sends its shopper, in the account's language (adapters/mail/language.ts),
// each with its words in English and Hindi. One file per stage of a booking's life, in mails/:
// confirmation.ts (made, paid late, cancelled), delivery.ts (moved on, tracked, returned),
// charges.ts (charges and the balance after a rental), changes.ts (pieces at risk or replaced,
// extensions, a fit-window refund); words.ts holds what they share.
export {
  bookingCancelledByShopMail,
  bookingCancelledMail,
  bookingConfirmedMail,
  paymentRefundedMail,
  type ShopCancelReason,
} from './mails/confirmation.js';
export { bookingReturnedMail, bookingStatusMail, bookingTrackingMail } from './mails/delivery.js';
export {
  balancePaidMail,
  balanceRefundedMail,
  balanceReminderMail,
  bookingChargedMail,
} from './mails/charges.js';
export {
  bookingAtRiskMail,
  bookingPieceChangedMail,
  extensionAppliedMail,
  extensionRefundedMail,
  fitWindowRefundMail,
} from './mails/changes.js';
export type { MailCharge, MailRefusal } from './mails/words.js';
