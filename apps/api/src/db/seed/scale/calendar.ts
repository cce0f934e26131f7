import { INDIA_UTC_OFFSET_MINUTES } from '@pehnava/shared';

/*
 * Days as whole numbers (days since 1970-01-01) and instants in India's time: the generator works in
 * these, and turns them into the dates and timestamps the tables hold.
 */

export const DAY_MS = 86_400_000;
const OFFSET_MS = INDIA_UTC_OFFSET_MINUTES * 60_000;

/** 'YYYY-MM-DD' → day number. */
export function dayNumber(date: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
    DAY_MS
  );
}

const isoDays = new Map<number, string>();

/** Day number → 'YYYY-MM-DD' (remembered: the generator asks for the same few hundred days). */
export function isoDay(day: number): string {
  let text = isoDays.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDays.set(day, text);
  }
  return text;
}

/** The instant `minute` minutes into `day` in India. */
export function instantIn(day: number, minute: number): Date {
  return new Date(day * DAY_MS + minute * 60_000 - OFFSET_MS);
}

/** The day (in India) an instant falls on. */
export function dayOf(instant: Date): number {
  return Math.floor((instant.getTime() + OFFSET_MS) / DAY_MS);
}

/** Minutes since midnight in India. */
export function minuteOf(instant: Date): number {
  return Math.floor(((instant.getTime() + OFFSET_MS) % DAY_MS) / 60_000);
}

/** How busy a start month is: the wedding season (October to February) most, the monsoon least. */
const MONTH_DEMAND = [1.4, 1.5, 1.0, 1.1, 1.2, 0.7, 0.6, 0.8, 0.9, 1.3, 1.7, 1.6] as const;

/**
 * How many rentals start on each day from `first` to `last` (relative weights): the business
 * growing over the past, the season, weekends a little more, and days ahead of `today` only as
 * booked as they are so far (the further ahead, the fewer yet).
 */
export function startWeights(first: number, last: number, today: number): Float64Array {
  const weights = new Float64Array(last - first + 1);
  const past = Math.max(1, today - first);
  for (let day = first; day <= last; day += 1) {
    const date = new Date(day * DAY_MS);
    const growth = 0.55 + 0.9 * Math.min(1, (day - first) / past);
    const season = MONTH_DEMAND[date.getUTCMonth()]!;
    const weekday = date.getUTCDay();
    const weekend = weekday === 5 || weekday === 6 ? 1.15 : 1;
    const ahead = day - today;
    const bookedSoFar = ahead <= 0 ? 1 : Math.max(0.03, (1 - ahead / 92) ** 1.6);
    weights[day - first] = growth * season * weekend * bookedSoFar;
  }
  return weights;
}

/** A sampler over weights: index drawn in proportion to its weight (binary search on the sums). */
export function weightedSampler(weights: ArrayLike<number>): (u: number) => number {
  const sums = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i += 1) {
    total += weights[i]!;
    sums[i] = total;
  }
  return (u) => {
    const target = u * total;
    let low = 0;
    let high = sums.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sums[mid]! <= target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}
