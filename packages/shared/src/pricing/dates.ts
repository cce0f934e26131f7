import { INDIA_UTC_OFFSET_MINUTES } from '../constants/durations.js';

/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string;

/** Today's date in India for the given instant (no hidden clock: pass `now`). */
export function todayInIndia(now: Date): IsoDate {
  return new Date(now.getTime() + INDIA_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** Add whole days to a YYYY-MM-DD date. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const t = Date.parse(`${date}T00:00:00Z`);
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** True when the string is a real calendar date in YYYY-MM-DD form. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value;
}

const dateFormatter = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Sat, 28 Nov, 2026': a calendar date in the en-IN locale. */
export function formatIsoDate(date: IsoDate): string {
  return dateFormatter.format(new Date(`${date}T00:00:00Z`));
}

const monthYearFormatter = new Intl.DateTimeFormat('en-IN', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const dayFormatter = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** 'November 2026': the month and year of an instant (ISO 8601), in India. */
export const formatMonthYearInIndia = (instant: string): string =>
  monthYearFormatter.format(new Date(instant));

/** '5 Dec 2026': the date of an instant (ISO 8601), in India. */
export const formatDateInIndia = (instant: string): string =>
  dayFormatter.format(new Date(instant));
