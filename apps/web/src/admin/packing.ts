import type { FulfilmentBooking, FulfilmentItem } from '@pehnava/shared';

/*
 * Scan to send (issue [N] §2): a tag scanned at the packing table marks its piece packed for the
 * booking it is reserved for on the day's send list; a booking whose every piece is packed can be
 * sent. One parcel is packed at a time: a piece of another booking while one is half packed is the
 * wrong piece. What the list cannot say (a tag it does not hold) the server is asked about.
 *
 * A line with a back-up size (DECISIONS.md 'Back-up size') sends its back-up in the same parcel,
 * sealed: the back-up's tag is one more piece to scan before the parcel is complete.
 */

/** What a scan did, or why it was refused (`message` says it to the packer). */
export type ScanOutcome =
  | { kind: 'packed'; booking: FulfilmentBooking; code: string; packed: number; of: number }
  | { kind: 'complete'; booking: FulfilmentBooking; code: string }
  | { kind: 'again'; booking: FulfilmentBooking; code: string; message: string }
  | { kind: 'refused'; code: string; message: string }
  /** Not on the day's list nor the next: the server knows what the tag is. */
  | { kind: 'ask'; code: string };

/** The tag codes a line sends: its own pieces', then its back-up's (when it has one reserved). */
export const lineCodes = (item: Pick<FulfilmentItem, 'unitCodes' | 'backup'>) =>
  item.backup?.unitCode ? [...item.unitCodes, item.backup.unitCode] : item.unitCodes;

/** Every tag code a booking's pieces carry (a line of two pieces has two, a back-up one more). */
export const codesOf = (booking: FulfilmentBooking) => booking.items.flatMap(lineCodes);

/** How many pieces the booking's parcel holds: each line's, and its back-up. */
export const piecesOf = (booking: FulfilmentBooking) =>
  booking.items.reduce((n, item) => n + item.quantity + (item.backup ? 1 : 0), 0);

/**
 * Whether every piece of the booking has a unit reserved for it (an at-risk line has none), its
 * back-up size's included.
 */
export const fullyReserved = (booking: FulfilmentBooking) =>
  booking.items.every(
    (item) => item.unitCodes.length >= item.quantity && (!item.backup || item.backup.unitCode),
  );

export const isSent = (booking: FulfilmentBooking) =>
  booking.items.every((item) => item.dispatchedAt);

/** How many of the booking's pieces are packed. */
export const packedCount = (booking: FulfilmentBooking, packed: ReadonlySet<string>) =>
  codesOf(booking).filter((code) => packed.has(code)).length;

/**
 * Whether the booking is ready to send: every piece has a unit reserved and every reserved
 * unit's code is packed.
 */
export const isPacked = (booking: FulfilmentBooking, packed: ReadonlySet<string>) =>
  fullyReserved(booking) &&
  codesOf(booking).length > 0 &&
  packedCount(booking, packed) === codesOf(booking).length;

/** The back-up size whose tag `code` is, on one of the booking's lines; undefined otherwise. */
export const backupWithCode = (booking: FulfilmentBooking, code: string) =>
  booking.items.find((item) => item.backup?.unitCode === code)?.backup ?? undefined;

/** Tag codes as scanners and people type them: trimmed, in capitals. */
export const cleanCode = (typed: string) => typed.trim().toUpperCase();

const findBooking = (bookings: readonly FulfilmentBooking[], code: string) =>
  bookings.find((booking) => codesOf(booking).includes(code));

/**
 * What scanning `code` does at a table sending `day`'s list (`tomorrow` is the next day's, to say
 * so when a piece is early), with `packed` the codes packed so far and `open` the booking being
 * packed, if one is half done. Pure: the caller applies a 'packed' or 'complete' outcome.
 */
export function scanForSending(
  typed: string,
  {
    day,
    tomorrow,
    packed,
    open,
  }: {
    day: readonly FulfilmentBooking[];
    tomorrow: readonly FulfilmentBooking[];
    packed: ReadonlySet<string>;
    open?: FulfilmentBooking;
  },
): ScanOutcome {
  const code = cleanCode(typed);
  const booking = findBooking(day, code);
  if (!booking) {
    const later = findBooking(tomorrow, code);
    if (later && !isSent(later)) {
      return {
        kind: 'refused',
        code,
        message: `${code} is for #${later.bookingNumber}, to be sent tomorrow: not today`,
      };
    }
    return { kind: 'ask', code };
  }
  const line = booking.items.find((item) => lineCodes(item).includes(code))!;
  if (line.dispatchedAt) {
    return {
      kind: 'refused',
      code,
      message: `${code} was already sent with #${booking.bookingNumber}`,
    };
  }
  if (open && open.bookingId !== booking.bookingId) {
    return {
      kind: 'refused',
      code,
      message: `${code} is not part of #${open.bookingNumber}: finish packing #${open.bookingNumber}, or put it aside first`,
    };
  }
  if (packed.has(code)) {
    return {
      kind: 'again',
      booking,
      code,
      message: `${code} is already packed for #${booking.bookingNumber}`,
    };
  }
  const now = new Set(packed).add(code);
  if (isPacked(booking, now)) return { kind: 'complete', booking, code };
  return {
    kind: 'packed',
    booking,
    code,
    packed: packedCount(booking, now),
    of: codesOf(booking).length,
  };
}

/**
 * The booking being packed: the first on the list with some pieces packed and not yet sent, and
 * not every piece packed (a complete one waits only for its Send).
 */
export function openParcel(
  day: readonly FulfilmentBooking[],
  packed: ReadonlySet<string>,
): FulfilmentBooking | undefined {
  return day.find(
    (booking) => !isSent(booking) && packedCount(booking, packed) > 0 && !isPacked(booking, packed),
  );
}
