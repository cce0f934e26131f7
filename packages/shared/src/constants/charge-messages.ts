/** What charges after a rental say, to the shopper and the operator (issue [J]). */
export const CHARGE_MESSAGES = {
  lateFeeReason: (day: string, pieces: number, perDay: string): string =>
    `Late return: ${day} (${pieces > 1 ? `${pieces} pieces, ` : ''}${perDay} a day)`,
  replacedByPurchase: 'Replaced by the purchase price: the piece was not returned within 14 days',
  purchaseReason: (name: string): string =>
    `${name} was not returned within 14 days of its end date: treated as bought (MRP less the rental and late fees paid)`,
  backOn: (day: string): string => `Returned on ${day}: no late fee after that day`,
  damageReason: (condition: string, name: string): string =>
    condition === 'lost'
      ? `${name} was not returned`
      : condition === 'needs-repair'
        ? `${name} came back needing a small repair`
        : `${name} came back with major damage`,
  damageAboveCap: (cap: string): string => `The damage charge can be at most ${cap} for this item`,
  damageAmountInvalid: 'Damage amount must be a number of rupees, 0 or more',
  damageAmountNotAsked: 'A damage amount is entered only for major damage or loss',
  chargeNotFound: 'This charge is not part of this booking',
  waived: 'Charge waived',
  alreadyWaived: 'Already waived: nothing changed',
  paidNotWaived: 'This charge is paid: it can be refunded, not waived',
  nothingDue: 'Nothing is due on this booking',
  balanceOrdered: 'Pay the balance due to settle this booking',
  balancePaid: 'Balance paid. Thank you!',
  balanceNotPaidYet:
    'Your payment has not reached us yet. We will update your booking as soon as it does.',
  balanceChanged:
    'The balance changed while you were paying, so this payment will be refunded in full. Please pay the new balance.',
  balanceAlreadyPaid:
    'This balance was already paid: this second payment will be refunded in full.',
  balanceChangedTryAgain: 'The balance due has just changed. Please try again.',
  balanceOpenFailed: 'Could not start the payment. Please try again.',
  balanceVerifyFailed: 'Could not check your payment. Refresh in a moment to see your balance.',
  balancePaymentCancelled: 'Payment cancelled. The balance is still due.',
  balanceOrderUnknown: 'This payment is not for this booking’s balance',
  balanceRefusedReason: {
    'charges-changed': 'the charges it was for were waived, paid or changed before it arrived',
    'already-paid': 'the charges it was for had already been paid',
  } as Record<string, string>,
} as const;
