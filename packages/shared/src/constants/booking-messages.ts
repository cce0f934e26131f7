/** What checkout, payment and My Bookings say (SPEC.md §5 and §8; DECISIONS.md 'Bookings'). */
export const BOOKING_MESSAGES = {
  // SPEC.md §5, checkout, in the order the form is checked.
  enterName: 'Please enter your name',
  enterPhone: 'Please enter a valid 10-digit phone number',
  enterStreet: 'Please enter street address',
  enterCity: 'Please enter city',
  selectState: 'Please select state',
  enterPincode: 'Please enter a valid 6-digit PIN code',
  cartEmpty: 'Your cart is empty',
  loginToPlaceOrder: 'Please login to place order',
  alreadyProcessing: 'Order is already being processed',
  invalidPaymentResponse: 'Invalid payment response received',
  // SPEC.md §8.
  createFailed: 'Failed to create booking',
  createError: 'Booking creation error',
  placeOrderFailed: 'Failed to place order',
  verifyFailed: 'Payment verification failed',
  verifyError: 'Verification error',
  confirmed: 'Booking confirmed! 🎉',
  paymentFailed: (description: string): string => `Payment failed: ${description}`,
  paymentCancelled: 'Payment cancelled. You can try again from your cart.',
  /** SPEC.md §8: the provider's script could not be loaded or its modal opened. */
  paymentInitFailed: 'Payment initiation failed. Please try again.',
  // The server's own answers.
  created: 'Booking created. Complete the payment to confirm it.',
  /** A booking with nothing to pay, confirmed at creation. */
  confirmedWithoutPayment: 'Booking confirmed! 🎉 Nothing to pay on this one.',
  alreadyConfirmed: 'This booking is already confirmed.',
  bookingNotFound: 'Booking not found',
  /** GET /api/booking/{id}/invoice as a PDF before any payment of the booking was applied. */
  noTaxDocuments:
    'This booking has no tax invoice yet: it is issued when the payment is confirmed.',
  /** GET /api/booking/{id}/invoice?number=…: a number that is not one of this booking's. */
  taxDocumentNotFound: 'This booking has no tax invoice or credit note with that number.',
  itemTaken: (name: string, size: string): string =>
    `${name} (${size}) is no longer available for those dates`,
  duplicateItem: 'Each product can appear only once in an order',
  tooManyItems: (max: number): string => `An order can hold at most ${max} items`,
  quantity: (max: number): string => `Quantity must be a whole number from 1 to ${max}`,
  signatureInvalid: 'Payment verification failed: the payment signature does not match',
  paymentNotForBooking: 'Payment verification failed: this payment is not for this booking',
  amountMismatch: 'Payment verification failed: the amount paid does not match the booking',
  paymentNotCaptured: 'Payment verification failed: the payment has not been completed',
  bookingExpired:
    'This booking expired before the payment arrived. If you were charged, the amount is refunded in full.',
  /**
   * A payment for a booking still holding its pieces, refused because the shopper's own other
   * order or plan changed what it was made with (a first-order coupon, a plan's rental limit).
   */
  paymentRefused:
    'This booking could not be confirmed as it was made, so your payment is refunded in full: 7 to 10 business days. We have e-mailed you why.',
  /** A second payment for a booking already paid (two tabs, or a payment made twice). */
  secondPaymentRefunded:
    'This booking was already paid. This second payment is refunded in full: 7 to 10 business days.',
  providerUnavailable:
    'The payment service is not answering right now. Nothing has been charged or held; please try again in a minute.',
  /** The provider refused to open the payment (its 4xx: a setting or data it does not accept). */
  providerRefused:
    'The payment service could not open this payment. Nothing has been charged or held; please try again, or write to us if it keeps happening.',
  failedToLoadBookings: 'Failed to load your bookings',
  // Cancellation by the shopper (DECISIONS.md 'Cancellations, refunds…').
  cancelConfirm:
    'Cancel this booking? The full amount is refunded to the account you paid from in 7 to 10 business days.',
  cancelled: 'Booking cancelled. Your full refund is on its way: 7 to 10 business days.',
  cancelFailed: 'Failed to cancel booking',
  cancelError: 'Cancellation error',
  alreadyCancelled: 'This booking is already cancelled.',
  notPaidYet: 'This booking is not paid yet: nothing to cancel. Its hold ends by itself.',
  alreadyDispatched:
    'This booking is already on its way and can no longer be cancelled online. Please contact us.',
  // Stripe Checkout's return to /verify (DECISIONS.md 'Payments').
  confirmingPayment: 'Confirming your payment…',
  stripeOnly: 'This booking is not paid through Stripe.',
  notPaidYetStripe:
    'Payment verification failed: Stripe has not received the payment for this booking. If you paid, it will be confirmed shortly.',
  couponUnavailable: 'This coupon has just been used up. Remove it and try again.',
} as const;
