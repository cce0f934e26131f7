/** Rental lengths in days. */
export const RENTAL_DURATIONS = [2, 4, 7, 14] as const;
export type RentalDuration = (typeof RENTAL_DURATIONS)[number];

/** A number of days in words, as SPEC.md shows durations: '1 day', '14 days'. */
export function daysLabel(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** What a free-plan shopper can choose; plus and pro always rent for 14 days. */
export const FREE_PLAN_DURATIONS = [2, 4, 7] as const satisfies readonly RentalDuration[];
export const PAID_PLAN_DURATION = 14 as const satisfies RentalDuration;

/** A start date lies between today (India) and this many days ahead. */
export const MAX_START_DAYS_AHEAD = 90;

/**
 * The soonest a rental can start, in days from today: a parcel takes a day even within the
 * warehouse's city (DECISIONS.md 'Delivery promise'; further away, its transit days).
 */
export const SOONEST_START_DAYS = 1;

/** India is UTC+5:30 all year. */
export const INDIA_UTC_OFFSET_MINUTES = 330;
