import MessageFormat from '@messageformat/core';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@pehnava/shared';
import english from '../../i18n/catalogues/en/bookings.json';
import {
  PROGRESS_STEPS,
  backupLabel,
  extendedDays,
  formatDateTime,
  formatReturnDay,
  itemCount,
  mayAskToExtend,
  mayHaveTaxDocuments,
  paymentMethodLabel,
  returnDate,
  showsProgress,
  stepComplete,
} from './status';

/** My Bookings' English catalogue, compiled as the build does, for what status.ts words. */
const compiler = new MessageFormat('en');
const m = Object.fromEntries(
  Object.entries(english).map(([key, text]) => [key, compiler.compile(text)]),
) as Record<keyof typeof english, (values?: Record<string, string | number>) => string>;

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
    expect(paymentMethodLabel('upi', m)).toBe('UPI');
    expect(paymentMethodLabel('card', m)).toBe('Card');
    expect(paymentMethodLabel('netbanking', m)).toBe('Net Banking');
    expect(paymentMethodLabel('Wallet', m)).toBe('Wallet');
    expect(paymentMethodLabel('cod', m)).toBe('Cod');
    expect(paymentMethodLabel('', m)).toBe('Not recorded');
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

describe('keeping a rental longer', () => {
  const line = (endDate: string, returnedAt: string | null = null) =>
    ({ endDate, returnedAt }) as Booking['items'][number];
  const out = (status: Booking['status'], ...items: Booking['items']) => ({ status, items });

  it('says the return date of the pieces still out, the last of them', () => {
    expect(returnDate(out('delivered', line('2026-12-10'), line('2026-12-12')))).toBe('2026-12-12');
    expect(
      returnDate(out('shipped', line('2026-12-10'), line('2026-12-12', '2026-12-09T10:00:00Z'))),
    ).toBe('2026-12-10');
    expect(returnDate(out('delivered', line('2026-12-12', '2026-12-11T10:00:00Z')))).toBe(
      undefined,
    );
    expect(returnDate(out('confirmed', line('2026-12-12')))).toBe(undefined);
  });

  it('is offered while the booking is out and before its return date', () => {
    const booking = out('delivered', line('2026-12-12'));
    expect(mayAskToExtend(booking, '2026-12-11')).toBe(true);
    expect(mayAskToExtend(booking, '2026-12-12')).toBe(false);
    expect(mayAskToExtend(out('processing', line('2026-12-12')), '2026-12-01')).toBe(false);
  });

  it('adds up the days of every extension, and shows a date short', () => {
    const extension = (days: number) => ({
      id: crypto.randomUUID(),
      days,
      amount: 200 * days,
      endDate: '2026-12-12',
      appliedAt: '2026-12-01T10:00:00Z',
    });
    expect(extendedDays({ extensions: [extension(2), extension(3)] })).toBe(5);
    expect(extendedDays({})).toBe(0);
    expect(formatReturnDay('2026-12-12')).toBe('Sat, 12 Dec');
  });
});

describe('a back-up size', () => {
  it('says its size and whether it is sealed, and nothing for a line without one', () => {
    expect(backupLabel({ backupSize: 'L', backupSealIntact: null }, m)).toBe(
      'Back-up size L (sealed)',
    );
    expect(backupLabel({ backupSize: 'L', backupSealIntact: true }, m)).toBe(
      'Back-up size L (sealed)',
    );
    expect(backupLabel({ backupSize: 'L', backupSealIntact: false }, m)).toBe(
      'Back-up size L (seal broken)',
    );
    expect(backupLabel({ backupSize: null }, m)).toBeUndefined();
    expect(backupLabel({}, m)).toBeUndefined();
  });
});

describe('tax documents', () => {
  const paid = {
    paymentStatus: 'completed',
    totalPrice: 2340,
    extensions: [],
    charges: [],
  } satisfies Parameters<typeof mayHaveTaxDocuments>[0];
  const charge = (status: Booking['charges'][number]['status']) =>
    ({ status }) as Booking['charges'][number];
  const extension = { id: crypto.randomUUID(), days: 2, amount: 400 } as NonNullable<
    Booking['extensions']
  >[number];

  it('are offered for a booking with something paid for it', () => {
    expect(mayHaveTaxDocuments(paid)).toBe(true);
    // Made free by a plan, then kept longer or charged after the rental, and paid.
    expect(mayHaveTaxDocuments({ ...paid, totalPrice: 0, extensions: [extension] })).toBe(true);
    expect(mayHaveTaxDocuments({ ...paid, totalPrice: 0, charges: [charge('paid')] })).toBe(true);
  });

  it('are not offered for a booking unpaid, failed, or with nothing paid', () => {
    expect(mayHaveTaxDocuments({ ...paid, paymentStatus: 'pending' })).toBe(false);
    expect(mayHaveTaxDocuments({ ...paid, paymentStatus: 'failed' })).toBe(false);
    expect(mayHaveTaxDocuments({ ...paid, totalPrice: 0 })).toBe(false);
    expect(
      mayHaveTaxDocuments({
        ...paid,
        totalPrice: 0,
        extensions: undefined,
        charges: [charge('due'), charge('waived')],
      }),
    ).toBe(false);
  });
});
