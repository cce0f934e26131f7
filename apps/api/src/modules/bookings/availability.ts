import { RENTAL_DURATIONS, addDays, type RentalDuration } from '@pehnava/shared';
import { reservedRange, type ReservationDays } from './reserved-range.js';

/** An active reservation of a unit over [blockedFrom, blockedUntil], both inclusive. */
export interface UnitBlock {
  unitId: string;
  blockedFrom: string;
  blockedUntil: string;
}

type ByDuration = Record<`${RentalDuration}`, string[]>;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
/**
 * Day number (days since 1970-01-01) to YYYY-MM-DD by calendar arithmetic (the proleptic
 * Gregorian calendar in 400-year eras): a calendar writes one per day of its window and size, and
 * this is several times quicker than a Date and its toISOString. Years 0–9999, as the ISO form.
 */
export function isoDateOfDay(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(date)}`;
}

/**
 * For one size: per rental length, the start dates in [from, to] on which none of `unitIds` is
 * free for the whole blocked range (start − lead … start + days + turnaround). Pure: the same
 * overlap rule as the exclusion constraint, so what is shown free is what a checkout can reserve.
 * Days are counted as numbers: each unit's blocked days over the window are summed once, so a
 * start date costs one subtraction per unit (a product booked 100,000 times over is no slower).
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
  const first = dayNumber(from);
  const last = dayNumber(to);
  // How far each rental length's blocked range reaches before and after its start.
  const spans = RENTAL_DURATIONS.map((duration) => {
    const range = reservedRange({ startDate: from, endDate: addDays(from, duration) }, days);
    return {
      duration,
      before: first - dayNumber(range.blockedFrom),
      after: dayNumber(range.blockedUntil) - first,
    };
  });
  const lowest = first - Math.max(...spans.map((span) => span.before));
  const highest = last + Math.max(...spans.map((span) => span.after));
  const width = Math.max(0, highest - lowest + 1);

  // Per unit: where its blocks start and end (+1 / −1), then the running count of blocked days.
  const unitIndex = new Map(unitIds.map((id, i) => [id, i]));
  const edges = unitIds.map(() => new Int32Array(width + 1));
  for (const block of reservations) {
    const unit = unitIndex.get(block.unitId);
    if (unit === undefined) continue;
    const start = Math.max(lowest, dayNumber(block.blockedFrom));
    const end = Math.min(highest, dayNumber(block.blockedUntil));
    if (start > end) continue;
    edges[unit]![start - lowest]! += 1;
    edges[unit]![end - lowest + 1]! -= 1;
  }
  const blockedBefore = edges.map((edge) => {
    const sums = new Int32Array(width + 1);
    let open = 0;
    for (let k = 0; k < width; k += 1) {
      open += edge[k]!;
      sums[k + 1] = sums[k]! + (open > 0 ? 1 : 0);
    }
    return sums;
  });

  const dates = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
    isoDateOfDay(first + i),
  );
  const result = {} as ByDuration;
  for (const span of spans) {
    const unavailable: string[] = [];
    for (let day = first; day <= last; day += 1) {
      const a = day - span.before - lowest;
      const b = day + span.after - lowest;
      if (!blockedBefore.some((sums) => sums[b + 1]! - sums[a]! === 0)) {
        unavailable.push(dates[day - first]!);
      }
    }
    result[`${span.duration}`] = unavailable;
  }
  return result;
}
