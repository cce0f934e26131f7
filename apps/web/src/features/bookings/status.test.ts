import { describe, expect, it } from 'vitest';
import {
  PROGRESS_STEPS,
  formatDateTime,
  itemCount,
  paymentMethodLabel,
  showsProgress,
  stepComplete,
} from './status';

describe('the booking progress bar', () => {
  it('is hidden for a booking awaiting payment or cancelled', () => {
    expect(showsProgress('pending')).toBe(false);
    expect(showsProgress('cancelled')).toBe(false);
    for (const step of PROGRESS_STEPS) expect(showsProgress(step)).toBe(true);
  });

  it('completes every step at or before the status, and none after it', () => {
    const done = (status: Parameters<typeof stepComplete>[0]) =>
      PROGRESS_STEPS.filter((step) => stepComplete(status, step));
    expect(done('confirmed')).toEqual(['confirmed']);
    expect(done('processing')).toEqual(['confirmed', 'processing']);
    expect(done('shipped')).toEqual(['confirmed', 'processing', 'shipped']);
    expect(done('delivered')).toEqual(['confirmed', 'processing', 'shipped', 'delivered']);
    expect(done('pending')).toEqual([]);
    expect(done('cancelled')).toEqual([]);
  });
});

describe('booking details', () => {
  it('names payment methods as shoppers know them', () => {
    expect(paymentMethodLabel('upi')).toBe('UPI');
    expect(paymentMethodLabel('card')).toBe('Card');
    expect(paymentMethodLabel('netbanking')).toBe('Net Banking');
    expect(paymentMethodLabel('Wallet')).toBe('Wallet');
    expect(paymentMethodLabel('cod')).toBe('Cod');
    expect(paymentMethodLabel('')).toBe('Not recorded');
  });

  it('counts pieces, a line of 2 counting 2', () => {
    expect(itemCount([{ quantity: 2 }, { quantity: 1 }])).toBe(3);
    expect(itemCount([])).toBe(0);
  });

  it('shows the order time in India', () => {
    // 10:35 UTC is 4:05 pm in India.
    expect(formatDateTime('2026-12-05T10:35:00.000Z')).toMatch(/^5 Dec 2026, 4:05\s?pm$/i);
  });
});
