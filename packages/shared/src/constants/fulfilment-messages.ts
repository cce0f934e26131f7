/** What the operator API for the physical loop answers (issue [J]: dispatch, return, units). */
export const FULFILMENT_MESSAGES = {
  dispatched: (bookingNumber: string): string => `Booking ${bookingNumber} dispatched`,
  alreadyDispatched: 'Already dispatched: nothing changed',
  cannotDispatch: (status: string): string =>
    `This booking is ${status}: only a paid booking not yet shipped can be dispatched`,
  itemNotInBooking: 'This item is not part of this booking',
  itemNamedTwice: 'Name each item once',
  unitNotFound: (code: string): string => `No unit has the code ${code}`,
  unitCodeRequired: 'Unit code is required',
  unitWrongPiece: (code: string): string =>
    `Unit ${code} is not a piece of this item's product and size`,
  unitNotReady: (code: string, state: string): string =>
    `Unit ${code} is ${state}: only a unit in service can be sent`,
  unitTaken: (code: string): string =>
    `Unit ${code} is reserved for another booking on these dates`,
  unitNamedForMany: 'An item of more than one piece is sent with the units reserved for it',
  noUnitReserved: 'This item has no unit reserved: it cannot be sent',

  returned: 'Return recorded',
  alreadyReturned: 'Already returned: nothing changed',
  returnedAs: (condition: string): string =>
    `This item was already returned as ${condition}: it cannot be recorded again differently`,
  cannotReturn: (status: string): string =>
    `This booking is ${status}: only a dispatched booking can be returned`,
  notDispatched: 'This item has not been dispatched yet',
  returnedOnFuture: 'The return date cannot be in the future',
  returnedOnBeforeDispatch: 'The return date cannot be before the item was dispatched',
  unknownCondition: 'Condition must be good, needs-repair, major-damage or lost',

  unitStateChanged: (code: string, state: string): string => `Unit ${code} is now ${state}`,
  unitAlreadyInState: (code: string, state: string): string =>
    `Unit ${code} is already ${state}: nothing changed`,
  unitIsOut: (code: string): string =>
    `Unit ${code} is out with a shopper: it changes state when it is returned`,
  unitNotOut: (code: string, state: string): string =>
    `Unit ${code} is not out with a shopper: it is ${state}`,
  unitCannotGoOut: 'A unit goes out only by being dispatched with a booking',
  unknownUnitState: 'State must be in-service, cleaning, repair or retired',
  productNotFound: 'Product not found',
  blockAdded: (code: string): string => `Unit ${code} is blocked for those days`,
  alreadyBlocked: 'Already blocked: nothing changed',
  blockRemoved: (code: string): string => `The block on unit ${code} is lifted`,
  alreadyRemoved: 'Already lifted: nothing changed',
  blockNotFound: 'This unit has no such block',
  blockInPast: 'A block cannot start before today',
  blockOrder: 'A block must end on or after its first day',
  blockTooLong: 'A block can be at most 366 days long',
  blockPromised: (code: string, bookingNumber: string): string =>
    `Unit ${code} is promised to booking ${bookingNumber} on those days and no other unit of its size is free`,
  blockOut: (code: string): string => `Unit ${code} is out with a shopper on those days`,
  dateInvalid: 'Date must be a real day as YYYY-MM-DD',
  periodOrder: 'The period must end on or after its first day',
  periodTooLong: 'A period can be at most 366 days long',
  tagsToMark: 'Name between 1 and 500 pieces whose tags were printed',
  tagsMarked: (count: number): string =>
    count === 1 ? '1 tag marked as printed' : `${count} tags marked as printed`,
  tagsAlreadyMarked: 'Already marked as printed: nothing changed',
  exchangeDispatched: (bookingNumber: string): string =>
    `The exchange for booking ${bookingNumber} is on its way`,
} as const;
