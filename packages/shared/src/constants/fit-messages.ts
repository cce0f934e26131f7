/** What the fit window says to the shopper (issue [J]; DECISIONS.md 'Cancellations…'). */
export const FIT_WINDOW_HOURS = 24;

export const FIT_MESSAGES = {
  windowClosed: 'The 24-hour fit window has closed',
  reasonInvalid: 'Reason must be fit or not-as-described',
  wantInvalid: 'Choose an exchange or a refund',
  notDeliveredYet: 'You can report a problem once your order has been delivered',
  itemNotFound: 'This item is not part of this booking',
  alreadyBack: 'This item is already back with us',
  alreadyReported: 'You have already reported this item',
  sizeNeeded: 'Choose the size you would like instead',
  sizeUnknown: (size: string): string => `This piece does not come in size ${size}`,
  exchangeReserved: (size: string): string =>
    `Size ${size} is set aside for you for the rest of your dates, at no cost. We will send it and collect the other piece.`,
  sameForNotAsDescribed: (size: string): string =>
    `Another piece in size ${size} is set aside for you for the rest of your dates, at no cost. We will send it and collect the other one.`,
  refunded: (amount: string): string =>
    `We are refunding ${amount} for this item. Please hand it to our courier, who will collect it.`,
  noneFreeRefunded: (size: string, amount: string): string =>
    `No piece in size ${size} is free for your dates, so we are refunding ${amount} for this item. Please hand it to our courier, who will collect it.`,
  nothingToRefund:
    'This item cost nothing on your plan, so there is nothing to refund. Please hand it to our courier, who will collect it.',
} as const;
