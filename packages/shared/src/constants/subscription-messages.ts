/** What plan purchase, change and cancellation say (SPEC.md §5 and §8; DECISIONS.md 'Plans'). */
export const SUBSCRIPTION_MESSAGES = {
  // SPEC.md §5, plan change.
  loginToUpgrade: 'Please login to upgrade your subscription',
  alreadyOnPlan: 'You are already on this plan',
  planNotFound: 'Plan not found',
  // SPEC.md §8, the plans page's fallbacks and successes.
  createOrderFailed: 'Failed to create subscription order',
  createFailed: 'Failed to create order',
  initiateFailed: 'Failed to initiate payment',
  paymentInitFailed: 'Payment initiation failed. Please try again.',
  subscriptionError: 'Subscription error',
  verifyFailed: 'Payment verification failed',
  verifyError: 'Verification error',
  cancelFailed: 'Failed to cancel subscription',
  cancelError: 'Cancellation error',
  paymentCancelled: 'Payment cancelled',
  orderCreated: (planName: string): string => `${planName.toUpperCase()} plan order created!`,
  activated: 'Subscription activated successfully! 🎉',
  cancelledImmediately: 'Subscription cancelled immediately',
  cancelled: 'Subscription cancelled successfully',
  autoRenewOff: 'Auto-renewal disabled',
  /** SPEC.md §5: the browser's confirmation before cancelling. */
  confirmCancel:
    'Are you sure you want to cancel your subscription? You will lose all subscription benefits immediately.',
  // The server's own answers.
  notSubscribed: 'You are on the Free plan: there is no subscription to cancel',
  autoRenewAlreadyOff: 'Auto-renewal is already disabled',
  orderNotFound: 'Payment order not found',
  paymentNotCaptured: 'The payment was not completed',
  /** A plan order paid after the shopper moved to another plan meanwhile. */
  planChangedMeanwhile: 'Your plan changed while this payment was open; it will be refunded',
  /** Back from the provider's page, before the provider has told us the payment went through. */
  paymentPending: 'Payment received. Your plan will show here as soon as it is confirmed.',
  providerUnavailable:
    'The payment service is not answering right now. Nothing has been charged; please try again in a minute.',
  providerRefused:
    'The payment service could not open this payment. Nothing has been charged; please try again, or write to us if it keeps happening.',
} as const;
