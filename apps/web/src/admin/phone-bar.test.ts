import { describe, expect, it } from 'vitest';
import { PHONE_BAR_MAX, phoneBar } from './phone-bar';

describe('the phone bar', () => {
  it('shows every area while they fit', () => {
    expect(phoneBar(['today', 'bookings', 'check-in'])).toEqual({
      shown: ['today', 'bookings', 'check-in'],
      more: false,
    });
    const four = ['today', 'bookings', 'check-in', 'coupons'];
    expect(phoneBar(four)).toEqual({ shown: four, more: false });
  });

  it('past that, the first areas and More, never more items than fit', () => {
    const six = ['today', 'bookings', 'check-in', 'coupons', 'customers', 'reports'];
    const bar = phoneBar(six);
    expect(bar).toEqual({ shown: ['today', 'bookings', 'check-in'], more: true });
    expect(bar.shown.length + 1).toBe(PHONE_BAR_MAX);
  });
});
