import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RENTAL_DURATIONS, addDays } from '@pehnava/shared';
import { availableStartDates, isoDateOfDay, type UnitBlock } from './availability.js';
import { reservedRange, type ReservationDays } from './reserved-range.js';

/** The calendar worked out the plain way: every start date, length and unit checked in turn. */
function reference(input: {
  unitIds: string[];
  reservations: UnitBlock[];
  from: string;
  to: string;
  days: ReservationDays;
}) {
  const { unitIds, reservations, from, to, days } = input;
  const free = (unitId: string, rangeFrom: string, rangeUntil: string) =>
    reservations
      .filter((b) => b.unitId === unitId)
      .every((b) => b.blockedUntil < rangeFrom || b.blockedFrom > rangeUntil);
  const result: Record<string, string[]> = {};
  for (const duration of RENTAL_DURATIONS) result[String(duration)] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const duration of RENTAL_DURATIONS) {
      const range = reservedRange({ startDate: day, endDate: addDays(day, duration) }, days);
      if (!unitIds.some((id) => free(id, range.blockedFrom, range.blockedUntil))) {
        result[String(duration)]!.push(day);
      }
    }
  }
  return result;
}

const FROM = '2026-11-26';

describe('availableStartDates', () => {
  it('answers as checking every start date, length and unit in turn would', () => {
    const units = ['u1', 'u2', 'u3', 'other'];
    const block = fc
      .record({
        unit: fc.constantFrom(...units),
        start: fc.integer({ min: -30, max: 130 }),
        length: fc.integer({ min: 0, max: 25 }),
      })
      .map(({ unit, start, length }) => ({
        unitId: unit,
        blockedFrom: addDays(FROM, start),
        blockedUntil: addDays(FROM, start + length),
      }));
    fc.assert(
      fc.property(
        fc.subarray(['u1', 'u2', 'u3']),
        fc.array(block, { maxLength: 30 }),
        fc.integer({ min: 0, max: 60 }),
        fc.record({
          leadDays: fc.integer({ min: 0, max: 3 }),
          turnaroundDays: fc.integer({ min: 0, max: 5 }),
        }),
        (unitIds, reservations, span, days) => {
          const input = { unitIds, reservations, from: FROM, to: addDays(FROM, span), days };
          expect(availableStartDates(input)).toEqual(reference(input));
        },
      ),
      { seed: 20261126, numRuns: 200 },
    );
  }, 30_000);

  it('has every date unavailable for a size with no units, and none before from', () => {
    const answer = availableStartDates({
      unitIds: [],
      reservations: [],
      from: FROM,
      to: addDays(FROM, 2),
      days: { leadDays: 1, turnaroundDays: 3 },
    });
    expect(answer['2']).toEqual([FROM, addDays(FROM, 1), addDays(FROM, 2)]);
    expect(
      availableStartDates({
        unitIds: ['u1'],
        reservations: [],
        from: FROM,
        to: addDays(FROM, -1),
        days: { leadDays: 1, turnaroundDays: 3 },
      }),
    ).toEqual({ '2': [], '4': [], '7': [], '14': [] });
  });
});

describe('isoDateOfDay', () => {
  const viaDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

  it('writes the same date as a Date does, from 0000-01-01 to 9999-12-31', () => {
    const first = Date.parse('0000-01-01T00:00:00Z') / 86_400_000;
    const last = Date.parse('9999-12-31T00:00:00Z') / 86_400_000;
    expect(isoDateOfDay(first)).toBe('0000-01-01');
    expect(isoDateOfDay(last)).toBe('9999-12-31');
    // Every day of the years a booking can fall in, and every leap day and turn of a century.
    const wrong: number[] = [];
    for (let day = Date.parse('1999-12-01T00:00:00Z') / 86_400_000; day < 40_000; day += 1) {
      if (isoDateOfDay(day) !== viaDate(day)) wrong.push(day);
    }
    expect(wrong).toEqual([]);
    for (const date of ['1900-02-28', '1900-03-01', '2000-02-29', '2100-02-28', '2400-02-29']) {
      expect(isoDateOfDay(Date.parse(`${date}T00:00:00Z`) / 86_400_000)).toBe(date);
    }
    fc.assert(
      fc.property(
        fc.integer({ min: first, max: last }),
        (day) => isoDateOfDay(day) === viaDate(day),
      ),
      { numRuns: 20_000 },
    );
  });
});
