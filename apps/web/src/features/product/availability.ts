import type { AvailabilityResponse, IsoDate, RentalDuration } from '@pehnava/shared';

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

/** Why a date is greyed out, for the calendar's legend. */
export function bookedReason(size: string, duration: RentalDuration): string {
  return size
    ? `Booked: no piece in size ${size} is free for ${duration} days from this date`
    : `Booked: no piece in any size is free for ${duration} days from this date`;
}
