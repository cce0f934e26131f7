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
export function lazyDateFormat(
  options: Intl.DateTimeFormatOptions,
  locale = 'en-IN',
): (date: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) => (formatter ??= new Intl.DateTimeFormat(locale, options)).format(date);
}

/** A calendar date's format (Sat, 28 Nov, 2026). */
export const ISO_DATE_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};
const formatDate = lazyDateFormat(ISO_DATE_FORMAT);

/** 'Sat, 28 Nov, 2026': a calendar date in the en-IN locale. */
export function formatIsoDate(date: IsoDate): string {
  return formatDate(new Date(`${date}T00:00:00Z`));
}

/** An instant's month and year in India (November 2026). */
export const MONTH_YEAR_FORMAT: Intl.DateTimeFormatOptions = {
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
};
/** An instant's date in India (5 Dec 2026). */
export const DAY_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
};
const formatMonthYear = lazyDateFormat(MONTH_YEAR_FORMAT);
const formatDay = lazyDateFormat(DAY_FORMAT);

/** 'November 2026': the month and year of an instant (ISO 8601), in India. */
export const formatMonthYearInIndia = (instant: string): string =>
  formatMonthYear(new Date(instant));

/** '5 Dec 2026': the date of an instant (ISO 8601), in India. */
export const formatDateInIndia = (instant: string): string => formatDay(new Date(instant));

/** The shop's ways of writing a date, in one language (dateFormatsIn). */
export interface DateFormats {
  /** A calendar date (YYYY-MM-DD): 'Sat, 28 Nov, 2026' / 'शनि, 28 नव॰ 2026'. */
  isoDate: (date: IsoDate) => string;
  /** An instant's month and year in India: 'November 2026' / 'नवंबर 2026'. */
  monthYearInIndia: (instant: string) => string;
  /** An instant's date in India: '5 Dec 2026' / '5 दिस॰ 2026'. */
  dateInIndia: (instant: string) => string;
  /** Any other format, in this language (each built once, on first use). */
  custom: (options: Intl.DateTimeFormatOptions) => (date: Date) => string;
}

/** Formats by their options, each built once, in `locale`. */
function customFormats(locale: string): DateFormats['custom'] {
  const built = new Map<string, (date: Date) => string>();
  return (options) => {
    const key = JSON.stringify(options);
    let format = built.get(key);
    if (!format) built.set(key, (format = lazyDateFormat(options, locale)));
    return format;
  };
}

const ENGLISH_DATES: DateFormats = {
  isoDate: formatIsoDate,
  monthYearInIndia: formatMonthYearInIndia,
  dateInIndia: formatDateInIndia,
  custom: customFormats('en-IN'),
};
let hindiDates: DateFormats | undefined;

/**
 * Dates as a language writes them (decision 086): English as the shop always has; Hindi from Intl
 * in hi-IN (month and weekday names in Hindi, the digits as Indians write them), each format built
 * when a Hindi page first writes one.
 */
export function dateFormatsIn(language: 'en' | 'hi'): DateFormats {
  if (language === 'en') return ENGLISH_DATES;
  if (hindiDates) return hindiDates;
  const isoDate = lazyDateFormat(ISO_DATE_FORMAT, 'hi-IN');
  const monthYear = lazyDateFormat(MONTH_YEAR_FORMAT, 'hi-IN');
  const day = lazyDateFormat(DAY_FORMAT, 'hi-IN');
  hindiDates = {
    isoDate: (date) => isoDate(new Date(`${date}T00:00:00Z`)),
    monthYearInIndia: (instant) => monthYear(new Date(instant)),
    dateInIndia: (instant) => day(new Date(instant)),
    custom: customFormats('hi-IN'),
  };
  return hindiDates;
}
