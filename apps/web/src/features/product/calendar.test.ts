import { describe, expect, it } from 'vitest';
import {
  addMonths,
  clampDate,
  firstOpenDay,
  formatMonth,
  monthWeeks,
  moveFocus,
  shiftMonths,
  weekday,
} from './calendar';

describe('the start-date calendar', () => {
  it('lays a month out in weeks from Sunday, with blanks for the neighbouring months', () => {
    // 1 May 2026 is a Friday; May has 31 days.
    const weeks = monthWeeks('2026-05');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02']);
    expect(weeks.at(-1)).toEqual(['2026-05-31', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(monthWeeks('2026-02').flat().filter(Boolean)).toHaveLength(28);
    expect(monthWeeks('2028-02').flat().filter(Boolean)).toHaveLength(29);
    expect(weekday('2026-05-03')).toBe(0);
  });

  it('turns months across years, and keeps the day or the month’s last', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(shiftMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftMonths('2026-03-15', -1)).toBe('2026-02-15');
    expect(formatMonth('2026-05')).toBe('May 2026');
  });

  it('moves focus with the arrow, Home/End and Page keys, never out of the window', () => {
    const [min, max] = ['2026-05-06', '2026-08-04'];
    expect(moveFocus('2026-05-10', 'ArrowRight', min, max)).toBe('2026-05-11');
    expect(moveFocus('2026-05-10', 'ArrowLeft', min, max)).toBe('2026-05-09');
    expect(moveFocus('2026-05-10', 'ArrowDown', min, max)).toBe('2026-05-17');
    expect(moveFocus('2026-05-31', 'ArrowRight', min, max)).toBe('2026-06-01');
    // Sunday 10 May: Home stays, End goes to Saturday.
    expect(moveFocus('2026-05-13', 'Home', min, max)).toBe('2026-05-10');
    expect(moveFocus('2026-05-13', 'End', min, max)).toBe('2026-05-16');
    expect(moveFocus('2026-05-13', 'PageDown', min, max)).toBe('2026-06-13');
    // Clamped to the window.
    expect(moveFocus('2026-05-08', 'ArrowUp', min, max)).toBe(min);
    expect(moveFocus('2026-05-13', 'PageUp', min, max)).toBe(min);
    expect(moveFocus('2026-08-01', 'ArrowDown', min, max)).toBe(max);
    expect(moveFocus('2026-05-13', 'Tab', min, max)).toBeUndefined();
    expect(clampDate('2026-09-01', min, max)).toBe(max);
  });

  it('finds the first day that can be chosen', () => {
    const booked = new Set(['2026-05-06', '2026-05-07']);
    expect(firstOpenDay('2026-05-06', '2026-05-31', (d) => booked.has(d))).toBe('2026-05-08');
    expect(firstOpenDay('2026-05-06', '2026-05-07', (d) => booked.has(d))).toBe('2026-05-06');
  });
});
