import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDateInIndia,
  formatIsoDate,
  formatMonthYearInIndia,
  isIsoDate,
  todayInIndia,
} from './dates.js';

describe('dates', () => {
  it('takes today in India (UTC+5:30), not the server clock zone', () => {
    expect(todayInIndia(new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21');
    expect(todayInIndia(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
    expect(todayInIndia(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2026-11-28', 4)).toBe('2026-12-02');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('22-11-2026')).toBe(false);
    expect(isIsoDate('2026-11-22T00:00:00Z')).toBe(false);
  });
});

describe('formatIsoDate', () => {
  it('writes a calendar date the en-IN way, whatever the machine zone', () => {
    expect(formatIsoDate('2026-11-28')).toBe('Sat, 28 Nov, 2026');
    expect(formatIsoDate('2027-01-01')).toBe('Fri, 1 Jan, 2027');
  });
});

describe('instants shown as dates in India', () => {
  it('uses the Indian date, not the UTC one', () => {
    // 20:00 UTC on 30 Nov is already 1 Dec in India.
    expect(formatDateInIndia('2026-11-30T20:00:00Z')).toBe('1 Dec 2026');
    expect(formatMonthYearInIndia('2026-11-30T20:00:00Z')).toBe('December 2026');
    expect(formatMonthYearInIndia('2026-11-30T10:00:00Z')).toBe('November 2026');
  });
});
