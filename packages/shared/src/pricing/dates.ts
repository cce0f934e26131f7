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

/**
 * An en-IN date format built the first time it is used rather than when its module loads: the
 * first Intl formatter a page builds loads the browser's locale data, tens of milliseconds of main
 * thread on a slow phone, which a page that shows no date should not pay (issue [L] §1).
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) => (formatter ??= new Intl.DateTimeFormat('en-IN', options)).format(date);
}

const formatDate = lazyDateFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Sat, 28 Nov, 2026': a calendar date in the en-IN locale. */
export function formatIsoDate(date: IsoDate): string {
  return formatDate(new Date(`${date}T00:00:00Z`));
}

const formatMonthYear = lazyDateFormat({
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const formatDay = lazyDateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** 'November 2026': the month and year of an instant (ISO 8601), in India. */
export const formatMonthYearInIndia = (instant: string): string =>
  formatMonthYear(new Date(instant));

/** '5 Dec 2026': the date of an instant (ISO 8601), in India. */
export const formatDateInIndia = (instant: string): string => formatDay(new Date(instant));
