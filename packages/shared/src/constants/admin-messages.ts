/** What the admin API answers (DECISIONS.md 'Bookings'). */
export const ADMIN_MESSAGES = {
  adminsOnly: 'This is for Pehnava staff only',
  /** A staff login asking for what only an admin may do (refunds, cancelling, waiving, prices). */
  needsAdmin: "This needs an admin's login: ask an admin to do it",
  unknownStatus: 'Status must be processing, shipped or delivered',
  statusChanged: (status: string): string => `Booking moved to ${status}`,
  trackingSaved: 'Tracking saved',
  cancelled: 'Booking cancelled; the full amount is being refunded',
  nextStep: (status: string, next: string): string =>
    `This booking is ${status}: the next step is ${next}`,
  noNextStep: (status: string): string => `This booking is ${status}: it moves no further`,
  tooLateToCancel: (status: string): string =>
    `This booking is ${status}: only a booking not yet shipped can be cancelled`,
  notPaid: 'This booking is not paid: its hold ends by itself',
  nothingToTrack: 'Send at least one tracking field',
  refundNotFound: 'Refund not found',
  refundRetried: 'The refund will be tried again now',
  refundNotFailed: (status: string): string =>
    `This refund is ${status}: only a failed refund is tried again`,
  /** GET /api/admin/tax-documents?number=…: no document has that number. */
  taxDocumentNotFound: (number: string): string =>
    `No tax invoice or credit note has the number ${number}`,
} as const;
