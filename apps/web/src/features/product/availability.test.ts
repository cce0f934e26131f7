import type { AvailabilityResponse } from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import { bookedReason, bookedStartDates } from './availability';

const none = { '2': [], '4': [], '7': [], '14': [] };
const availability: AvailabilityResponse = {
  success: true,
  productId: '00000000-0000-4000-8000-000000000001',
  from: '2026-05-06',
  to: '2026-08-04',
  sizes: [
    {
      size: 'S',
      available: true,
      units: 1,
      unavailableStartDates: { ...none, '4': ['2026-05-10', '2026-05-11'] },
    },
    {
      size: 'M',
      available: true,
      units: 2,
      unavailableStartDates: { ...none, '4': ['2026-05-11', '2026-05-12'] },
    },
    // Not offered: its dates never decide anything.
    { size: 'L', available: false, units: 0, unavailableStartDates: none },
  ],
};

describe('booked start dates', () => {
  it('are the chosen size’s for the chosen length', () => {
    expect([...bookedStartDates(availability, 'S', 4)]).toEqual(['2026-05-10', '2026-05-11']);
    expect([...bookedStartDates(availability, 'M', 2)]).toEqual([]);
    expect([...bookedStartDates(availability, 'XL', 4)]).toEqual([]);
  });

  it('before a size is chosen, are the days booked in every offered size', () => {
    expect([...bookedStartDates(availability, '', 4)]).toEqual(['2026-05-11']);
  });

  it('are none while availability is unknown', () => {
    expect(bookedStartDates(undefined, 'S', 4).size).toBe(0);
  });

  it('say why a day is greyed', () => {
    expect(bookedReason('M', 4)).toBe(
      'Booked: no piece in size M is free for 4 days from this date',
    );
    expect(bookedReason('', 7)).toBe(
      'Booked: no piece in any size is free for 7 days from this date',
    );
  });
});
