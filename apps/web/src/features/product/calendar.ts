import { addDays, lazyDateFormat, type IsoDate } from '@pehnava/shared';

/**
 * Pure date arithmetic for the start-date calendar: month grids, keyboard moves and labels. Dates
 * are calendar days as YYYY-MM-DD (no time zone: 'today' is decided by the caller, in India).
 */

/** A month as YYYY-MM. */
export type IsoMonth = string;

export const monthOf = (date: IsoDate): IsoMonth => date.slice(0, 7);

const utc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);

/** The month `count` months after (or before) `month`. */
export function addMonths(month: IsoMonth, count: number): IsoMonth {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, index - 1 + count, 1));
  return d.toISOString().slice(0, 7);
}

/** Days in a month. */
function daysIn(month: IsoMonth): number {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).getUTCDate();
}

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: IsoDate): number => utc(date).getUTCDay();

/**
 * The month as weeks of seven, Sunday first (as calendars in India are printed), with null for
 * the days of the neighbouring months.
 */
export function monthWeeks(month: IsoMonth): (IsoDate | null)[][] {
  const first = `${month}-01`;
  const cells: (IsoDate | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = 0; day < daysIn(month); day += 1) cells.push(addDays(first, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** `date`, moved into [min, max] when it lies outside. */
export const clampDate = (date: IsoDate, min: IsoDate, max: IsoDate): IsoDate =>
  date < min ? min : date > max ? max : date;

/** The same day `count` months on, or the month's last day when it is shorter (31 Jan → 28 Feb). */
export function shiftMonths(date: IsoDate, count: number): IsoDate {
  const month = addMonths(monthOf(date), count);
  const day = Math.min(Number(date.slice(8, 10)), daysIn(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * Where a key moves the calendar's focus from `date` (the grid keys of the WAI-ARIA date picker
 * pattern), kept within [min, max]; undefined for a key the grid does not handle.
 */
export function moveFocus(
  date: IsoDate,
  key: string,
  min: IsoDate,
  max: IsoDate,
): IsoDate | undefined {
  let next: IsoDate;
  switch (key) {
    case 'ArrowLeft':
      next = addDays(date, -1);
      break;
    case 'ArrowRight':
      next = addDays(date, 1);
      break;
    case 'ArrowUp':
      next = addDays(date, -7);
      break;
    case 'ArrowDown':
      next = addDays(date, 7);
      break;
    case 'Home':
      next = addDays(date, -weekday(date));
      break;
    case 'End':
      next = addDays(date, 6 - weekday(date));
      break;
    case 'PageUp':
      next = shiftMonths(date, -1);
      break;
    case 'PageDown':
      next = shiftMonths(date, 1);
      break;
    default:
      return undefined;
  }
  return clampDate(next, min, max);
}

/** The first day from `start` to `max` that is not `closed`; `start` itself when every day is. */
export function firstOpenDay(
  start: IsoDate,
  max: IsoDate,
  closed: (date: IsoDate) => boolean,
): IsoDate {
  for (let date = start; date <= max; date = addDays(date, 1)) {
    if (!closed(date)) return date;
  }
  return start;
}

/** A month's title: 'May 2026' (en-IN), 'मई 2026' (hi-IN). */
export const MONTH_TITLE_FORMAT: Intl.DateTimeFormatOptions = {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
};
/** A day's accessible name: 'Tuesday, 12 May 2026' (en-IN), 'मंगलवार, 12 मई 2026' (hi-IN). */
export const DAY_NAME_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
};

type DateFormat = (date: Date) => string;
const monthTitle = lazyDateFormat(MONTH_TITLE_FORMAT);
const dayName = lazyDateFormat(DAY_NAME_FORMAT);

/**
 * 'May 2026'. `format`: MONTH_TITLE_FORMAT in the page's language (i18n/dates.ts's custom); en-IN's
 * when none is given.
 */
export const formatMonth = (month: IsoMonth, format: DateFormat = monthTitle): string =>
  format(utc(`${month}-01`));

/** 'Tuesday, 12 May 2026' (or as en-IN writes it): a day's accessible name; `format` as above. */
export const formatDayName = (date: IsoDate, format: DateFormat = dayName): string =>
  format(utc(date));

/** The calendar's columns, Sunday (0) first: their headings are the product page's messages. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
