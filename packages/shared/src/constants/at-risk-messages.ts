/**
 * What the choices of a booking at risk say (issue [N]): a piece promised to the shopper cannot
 * be made ready and no other of its size was free when that was found.
 */
export const AT_RISK_MESSAGES = {
  choiceInvalid: 'Choose another size, another piece, or cancelling the booking',
  itemNotFound: 'This item is not part of this booking',
  notAtRisk: 'This item is no longer at risk: nothing changed',
  notPaid: 'This booking is not paid yet: none of its pieces is at risk',
  tooLate: (status: string): string =>
    `This booking is ${status}: its pieces can no longer be changed here`,
  sizeNeeded: 'Choose the size you would like',
  sizeUnknown: (size: string): string => `This piece does not come in size ${size}`,
  sizeNotFree: (size: string): string =>
    `No piece in size ${size} is free for your dates any more: choose again`,
  productNeeded: 'Choose the piece you would like',
  pieceNotOffered:
    'That piece is not one of the choices for this item: choose one of the pieces offered',
  pieceNotFree: 'That piece is no longer free for your dates: choose again',
  movedToSize: (size: string): string =>
    `Done: a piece in size ${size} is set aside for your dates. Nothing else changes.`,
  movedToPiece: (name: string, size: string): string =>
    `Done: ${name} in size ${size} is set aside for your dates, at no extra cost. Nothing else changes.`,
  cancelled: (amount: string): string =>
    `Your booking is cancelled and ${amount} will be refunded in full to how you paid, in 7 to 10 business days.`,
  cancelledFree: 'Your booking is cancelled. It cost nothing, so there is nothing to refund.',
} as const;
