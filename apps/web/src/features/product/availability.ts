import type { AvailabilityResponse, IsoDate, RentalDuration } from '@pehnava/shared';
import type { Catalogue } from '../../i18n/messages';

type RentalKey = keyof AvailabilityResponse['sizes'][number]['unavailableStartDates'];

const keyOf = (duration: RentalDuration) => String(duration) as RentalKey;

/**
 * The start dates on which the shopper cannot rent this piece for `duration` days: with a size
 * chosen, those on which no piece of that size is free; before a size is chosen, those on which no
 * offered size has a piece free (every size is booked). Empty while availability is unknown.
 */
export function bookedStartDates(
  availability: AvailabilityResponse | undefined,
  size: string,
  duration: RentalDuration,
): ReadonlySet<IsoDate> {
  if (!availability) return new Set();
  if (size) {
    const entry = availability.sizes.find((s) => s.size === size);
    return new Set(entry?.unavailableStartDates[keyOf(duration)] ?? []);
  }
  const offered = availability.sizes.filter((s) => s.available);
  if (offered.length === 0) return new Set();
  const [first, ...rest] = offered.map((s) => new Set(s.unavailableStartDates[keyOf(duration)]));
  return new Set([...first!].filter((date) => rest.every((dates) => dates.has(date))));
}

/** The words of bookedReason: the product page's messages of the same names. */
export type BookedReasonWords = Catalogue<'bookedInSize' | 'bookedAnySize'>;

/** English's, as the product page's English catalogue has them. */
const ENGLISH: BookedReasonWords = {
  bookedInSize: (values) =>
    `Booked: no piece in size ${values?.size} is free for ${values?.days} days from this date`,
  bookedAnySize: (values) =>
    `Booked: no piece in any size is free for ${values?.days} days from this date`,
};

/** Why a date is greyed out, for the calendar's legend, in `words`' language (English if none). */
export function bookedReason(
  size: string,
  duration: RentalDuration,
  words: BookedReasonWords = ENGLISH,
): string {
  return size
    ? words.bookedInSize({ size, days: duration })
    : words.bookedAnySize({ days: duration });
}
