import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bookingNumber,
  gstInside,
  reportResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

/*
 * The reports for admins (issue [K], decision 054): money in and out by period, late returns,
 * top pieces, and the accountant's CSV files with GST inside the prices.
 */
const START = new Date('2026-12-01T04:30:00Z');
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
let products: Product[];
let admin: Shopper;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000', GST_RATE_PERCENT: '18' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'reports-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function paid(startDate: string) {
  const s = await newShopper(t, `reports-${++n}@pehnava.test`);
  const created = await checkout(s, [itemFor(products[n]!, { startDate, duration: 2 })]);
  const ids = await paidIds(t, created.orderId!);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { s, id: created.bookingId, total: created.totalPrice, product: products[n]! };
}

const report = async (query: string) => {
  const res = await admin.call('GET', `/api/admin/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return reportResponseSchema.parse(res.json());
};

describe('the reports', () => {
  it('adds up rentals and refunds by day, counts a late return, and ranks the pieces', async () => {
    clock.set(START);
    const kept = await paid(addDays(today(), 1));
    const cancelled = await paid(addDays(today(), 20));
    const gone = await kept.s.call('POST', `/api/admin/bookings/${cancelled.id}/cancel`, {
      reason: 'x',
    });
    expect(gone.statusCode).toBe(403);
    expect(
      (await admin.call('POST', `/api/admin/bookings/${cancelled.id}/cancel`, { reason: 'asked' }))
        .statusCode,
    ).toBe(200);
    await t.services.jobs.runNow(REFUNDS_JOB);

    // The kept booking goes out and comes back two days late.
    expect(
      (await admin.call('POST', `/api/admin/bookings/${kept.id}/dispatch`, {})).statusCode,
    ).toBe(200);
    const item = (
      (await admin.call('GET', `/api/admin/bookings/${kept.id}`)).json() as {
        booking: { items: { _id: string; endDate: string }[] };
      }
    ).booking.items[0]!;
    clock.set(new Date(`${addDays(item.endDate, 2)}T06:30:00Z`));
    const back = await admin.call('POST', `/api/admin/bookings/${kept.id}/return`, {
      items: [{ itemId: item._id, condition: 'good' }],
    });
    expect(back.statusCode, back.body).toBe(200);

    const from = todayInIndia(START);
    const to = today();
    const daily = await report(`from=${from}&to=${to}&by=day`);
    expect(daily.gstRatePercent).toBe(18);
    const first = daily.rows.find((row) => row.period === from)!;
    expect(first).toMatchObject({
      rentals: kept.total + cancelled.total,
      refunds: cancelled.total,
      net: kept.total,
    });
    expect(daily.totals.rentals).toBe(kept.total + cancelled.total);
    expect(daily.lateReturns).toEqual({ pieces: 1, lateDays: 2, lateFees: 2 * 249 });
    expect(daily.topPieces.map((p) => p._id)).toEqual(
      expect.arrayContaining([kept.product._id, cancelled.product._id]),
    );
    const monthly = await report(`from=${from}&to=${to}&by=month`);
    expect(monthly.rows).toEqual([
      expect.objectContaining({ period: '2026-12-01', rentals: kept.total + cancelled.total }),
    ]);
    expect(monthly.totals).toEqual(daily.totals);
    // A week starts on Monday: 1 December 2026 is a Tuesday.
    const weekly = await report(`from=${from}&to=${to}&by=week`);
    expect(weekly.rows[0]!.period).toBe('2026-11-30');

    // The accountant's files.
    const csv = async (kind: string) => {
      const res = await admin.call(
        'GET',
        `/api/admin/reports/export?kind=${kind}&from=${from}&to=${to}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="pehnava-${kind}-${from}-to-${to}.csv"`,
      );
      expect(res.body.startsWith('\ufeff')).toBe(true);
      return res.body.slice(1).trimEnd().split('\r\n');
    };
    const bookings = await csv('bookings');
    expect(bookings[0]).toContain('Taxable value (₹),GST (₹),GST rate (%)');
    expect(bookings).toHaveLength(3);
    const line = bookings.find((l) => l.startsWith(bookingNumber(kept.id)))!;
    const { taxablePaise, gstPaise } = gstInside(Math.round(kept.total * 100), 18);
    expect(line).toContain(
      `${kept.total.toFixed(2)},${(taxablePaise / 100).toFixed(2)},${(gstPaise / 100).toFixed(2)},18,`,
    );
    const payments = await csv('payments');
    expect(payments).toHaveLength(3);
    // The refunded payment's row carries its tax invoice's figures, and its refund's row the
    // credit note's, the same: payments less refunds, nothing kept is taxed. (Decision 083:
    // before, the payment's row netted its refund, whatever month the refund was made in.)
    const cancelledTax = gstInside(Math.round(cancelled.total * 100), 18);
    const taxed = `${(cancelledTax.taxablePaise / 100).toFixed(2)},${(cancelledTax.gstPaise / 100).toFixed(2)},18`;
    expect(payments.find((l) => l.includes(bookingNumber(cancelled.id)))).toContain(
      `${cancelled.total.toFixed(2)},${cancelled.total.toFixed(2)},${taxed},`,
    );
    const refunds = await csv('refunds');
    expect(refunds).toHaveLength(2);
    expect(refunds[1]).toContain(`${bookingNumber(cancelled.id)},`);
    expect(refunds[1]).toContain(`,processed,${taxed},`);
  });

  it('refuses a bad period or kind, and is for admins only', async () => {
    const backwards = await admin.call('GET', '/api/admin/reports?from=2026-12-10&to=2026-12-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The period must end on or after its first day');
    const kind = await admin.call(
      'GET',
      '/api/admin/reports/export?kind=salaries&from=2026-12-01&to=2026-12-02',
    );
    expect(kind.statusCode).toBe(400);
    const staff = await newShopper(t, 'reports-staff@pehnava.test');
    await t.services.repos.users.setRole(staff.id, 'staff');
    expect(
      (await staff.call('GET', '/api/admin/reports?from=2026-12-01&to=2026-12-02')).statusCode,
    ).toBe(403);
    expect(
      (
        await staff.call(
          'GET',
          '/api/admin/reports/export?kind=bookings&from=2026-12-01&to=2026-12-02',
        )
      ).statusCode,
    ).toBe(403);
  });
});
