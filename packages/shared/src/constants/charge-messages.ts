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
} as const;
