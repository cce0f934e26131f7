import { RENTAL_DURATIONS, addDays, type RentalDuration } from '@pehnava/shared';
import { reservedRange, type ReservationDays } from './reserved-range.js';

/** An active reservation of a unit over [blockedFrom, blockedUntil], both inclusive. */
export interface UnitBlock {
  unitId: string;
  blockedFrom: string;
  blockedUntil: string;
}

type ByDuration = Record<`${RentalDuration}`, string[]>;

/**
 * For one size: per rental length, the start dates in [from, to] on which none of `unitIds` is
 * free for the whole blocked range (start − lead … start + days + turnaround). Pure: the same
 * overlap rule as the exclusion constraint, so what is shown free is what a checkout can reserve.
 */
export function availableStartDates({
  unitIds,
  reservations,
  from,
  to,
  days,
}: {
  unitIds: string[];
  reservations: UnitBlock[];
  from: string;
  to: string;
  days: ReservationDays;
}): ByDuration {
  const blocksOf = new Map<string, UnitBlock[]>(unitIds.map((id) => [id, []]));
  for (const block of reservations) blocksOf.get(block.unitId)?.push(block);
  const unitFree = (unitId: string, rangeFrom: string, rangeUntil: string) =>
    blocksOf.get(unitId)!.every((b) => b.blockedUntil < rangeFrom || b.blockedFrom > rangeUntil);

  const result = Object.fromEntries(RENTAL_DURATIONS.map((d) => [String(d), [] as string[]]));
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const duration of RENTAL_DURATIONS) {
      const range = reservedRange({ startDate: day, endDate: addDays(day, duration) }, days);
      if (!unitIds.some((id) => unitFree(id, range.blockedFrom, range.blockedUntil))) {
        result[String(duration)]!.push(day);
      }
    }
  }
  return result as ByDuration;
}
