/** What a back-up size says, to the shopper and the operator (issue [O] §2). */
export const BACKUP_MESSAGES = {
  /** Checkout: the product has no other size to send (an accessory, Free Size, one size). */
  notOffered: (product: string): string =>
    `${product} comes in one size only, so it has no back-up size`,
  sameSize: 'Choose a back-up size other than the size you are renting',
  sizeUnknown: (product: string, sizes: string[]): string =>
    `Back-up size must be one of ${sizes.join(', ')} for ${product}`,
  taken: (product: string, size: string): string =>
    `Sorry, the back-up size ${size} of ${product} is booked for those dates. Choose another back-up size or none.`,
  /** Check-in: the question, and the answer a return of a back-up needs. */
  sealQuestion: 'Back-up seal intact?',
  sealAnswerNeeded: (product: string): string =>
    `Say whether the back-up of ${product} came back with its seal intact`,
  sealNotAsked: 'Only a line with a back-up size has a seal to check',
  wornReason: (product: string, size: string, days: number): string =>
    `The back-up size ${size} of ${product} was worn (its seal broken): its ${days}-day rental price`,
} as const;
