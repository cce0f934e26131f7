/** What extending a rental says, to the shopper and the operator (issue [O] §4). */
export const EXTENSION_MESSAGES = {
  daysInvalid: 'Choose 1 to 7 more days',
  notOut: 'Only a booking that is out with you (shipped or delivered) can be kept longer',
  pastEnd: 'This rental has reached its return date, so it can no longer be extended',
  nothingOut: 'Every piece of this booking is already back',
  /** The most days every piece's unit is free for; 0 when none. */
  tooManyDays: (most: number): string =>
    most === 0
      ? 'Sorry, a piece of this booking is booked by someone else right after your rental, so it cannot be extended'
      : `Sorry, a piece of this booking is booked by someone else after that: you can keep it up to ${most} more day${most === 1 ? '' : 's'}`,
  ordered: 'Pay to keep your rental longer',
  extended: (endDate: string): string => `Extended. Your new return date is ${endDate}.`,
  notPaidYet:
    'Your payment has not reached us yet. We will update your booking as soon as it does.',
  orderUnknown: 'This payment is not for an extension of this booking',
  changedTryAgain: 'Your booking has just changed. Please try again.',
  refusedReason: {
    'pieces-taken':
      'a piece was booked by someone else for those days while you were paying, so your return date stays as it was',
    'booking-changed':
      'the booking changed before the payment arrived (it was extended, returned or cancelled), so your return date stays as it was',
    'past-end': 'the rental had already reached its return date when the payment arrived',
    'already-paid': 'this extension had already been paid',
  } as Record<string, string>,
  refused: 'This payment could not extend your rental and will be refunded in full.',
  /** What the shop says when it cannot reach the API for these (the server's words otherwise). */
  quoteFailed: 'Could not load the dates you can keep it to. Please try again.',
  openFailed: 'Could not start the payment. Please try again.',
  verifyFailed: 'Could not check your payment. Refresh in a moment to see your return date.',
  paymentCancelled: 'Payment cancelled. Your return date has not changed.',
} as const;
