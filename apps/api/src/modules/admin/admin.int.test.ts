import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminBookingDetailResponseSchema,
  adminBookingsResponseSchema,
  bookingNumber,
  myBookingsResponseSchema,
  type Product,
} from '@pehnava/shared';
import { outboxMails } from '../../db/schema/index.js';
import { REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import {
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  type Shopper,
} from '../../test/shopping.js';

const clock = createManualClock(new Date());
let t: TestApp;
let products: Product[];
let admin: Shopper;
let next = 0;
let n = 0;
const shopper = () => newShopper(t, `ops-${++n}@pehnava.test`);

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'operator@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function paidBooking(startDate = inDays(20)) {
  const s = await shopper();
  const created = await checkout(s, [itemFor(products[next++]!, { startDate })]);
  const ids = await paidIds(t, created.orderId!);
  expect(
    (await s.call('POST', '/api/booking/verify', { ...ids, bookingId: created.bookingId }))
      .statusCode,
  ).toBe(200);
  return { s, id: created.bookingId, created };
}
const detailOf = async (id: string) =>
  adminBookingDetailResponseSchema.parse(
    (await admin.call('GET', `/api/admin/bookings/${id}`)).json(),
  ).booking;
const mailsOf = async (kind: string) =>
  t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, kind));

describe('who may use the admin API', () => {
  it('refuses a visitor with 401 and a shopper with 403, on every admin endpoint', async () => {
    const { s, id } = await paidBooking();
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/bookings'],
      ['GET', `/api/admin/bookings/${id}`],
      ['POST', `/api/admin/bookings/${id}/status`, { status: 'processing' }],
      ['POST', `/api/admin/bookings/${id}/tracking`, { provider: 'Delhivery' }],
      ['POST', `/api/admin/bookings/${id}/cancel`, { reason: 'x' }],
    ];
    for (const [method, url, payload] of calls) {
      const visitor = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, url).toBe(401);
      const mine = await s.call(method, url, payload);
      expect(mine.statusCode, url).toBe(403);
      expect(mine.json()).toEqual({ success: false, message: 'This is for Pehnava staff only' });
    }
    expect((await detailOf(id)).status).toBe('confirmed');
  });
});

describe('GET /api/admin/bookings', () => {
  it('filters by status, payment, start dates and a search on e-mail or booking number', async () => {
    const { id } = await paidBooking(inDays(40));
    const list = async (query: string) =>
      adminBookingsResponseSchema.parse(
        (await admin.call('GET', `/api/admin/bookings?${query}`)).json(),
      );
    const byEmail = await list(`q=OPS-${n}@PEHNAVA`);
    expect(byEmail.bookings.map((b) => b._id)).toEqual([id]);
    expect(byEmail.bookings[0]!.shopper).toMatchObject({ email: `ops-${n}@pehnava.test` });
    const byNumber = await list(`q=${bookingNumber(id).toLowerCase()}`);
    expect(byNumber.bookings.map((b) => b._id)).toEqual([id]);
    const dated = await list(
      `from=${inDays(40)}&to=${inDays(40)}&status=confirmed&paymentStatus=completed`,
    );
    expect(dated.bookings.map((b) => b._id)).toContain(id);
    expect(dated.bookings.every((b) => b.items.some((i) => i.startDate === inDays(40)))).toBe(true);
    const none = await list(`status=delivered&q=${bookingNumber(id)}`);
    expect(none).toMatchObject({ bookings: [], total: 0, page: 1 });
    const all = await list('page=1');
    expect(all.total).toBeGreaterThanOrEqual(all.bookings.length);
    const bad = await admin.call('GET', '/api/admin/bookings?status=lost');
    expect(bad.statusCode).toBe(400);
  });
});

describe('moving a booking to the shopper’s door', () => {
  it('goes one step at a time, keeps an audit trail, mails each step, and shows tracking', async () => {
    const { s, id } = await paidBooking();
    const step = (status: string) =>
      admin.call('POST', `/api/admin/bookings/${id}/status`, { status });

    const skipped = await step('shipped');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().message).toBe('This booking is confirmed: the next step is processing');
    expect((await step('processing')).statusCode).toBe(200);

    const tracked = await admin.call('POST', `/api/admin/bookings/${id}/tracking`, {
      provider: 'Delhivery',
      trackingId: 'DLV7781290031',
    });
    expect(tracked.statusCode).toBe(200);
    await admin.call('POST', `/api/admin/bookings/${id}/tracking`, {
      status: 'Out for delivery',
      deliveryETA: '24 Nov 2026',
    });
    expect((await admin.call('POST', `/api/admin/bookings/${id}/tracking`, {})).statusCode).toBe(
      400,
    );

    expect((await step('shipped')).statusCode).toBe(200);
    const delivered = await step('delivered');
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().message).toBe('Booking moved to delivered');
    const again = await step('delivered');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking is delivered: it moves no further');

    const booking = await detailOf(id);
    expect(booking).toMatchObject({
      status: 'delivered',
      cancellable: false,
      deliveryTracking: {
        provider: 'Delhivery',
        trackingId: 'DLV7781290031',
        status: 'Out for delivery',
        deliveryETA: '24 Nov 2026',
      },
      payments: [{ status: 'completed', method: 'upi' }],
    });
    expect(booking.audit.map((e) => [e.action, e.after])).toEqual([
      ['status', { status: 'processing' }],
      ['tracking', { provider: 'Delhivery', trackingId: 'DLV7781290031' }],
      [
        'tracking',
        {
          provider: 'Delhivery',
          trackingId: 'DLV7781290031',
          status: 'Out for delivery',
          deliveryETA: '24 Nov 2026',
        },
      ],
      // Shipping is the dispatch: the booking's units go out with it (decision 049).
      ['dispatch', { status: 'shipped', units: { [booking.items[0]!._id]: [expect.any(String)] } }],
      ['status', { status: 'delivered' }],
    ]);
    expect(booking.audit.every((e) => e.actor.email === 'operator@pehnava.test')).toBe(true);

    // The shopper sees it, and was told at every step.
    const mine = myBookingsResponseSchema.parse((await s.call('GET', '/api/booking/my')).json());
    expect(mine.bookings[0]).toMatchObject({
      status: 'delivered',
      deliveryTracking: { trackingId: 'DLV7781290031' },
    });
    const number = bookingNumber(id);
    // The outbox holds them in no particular order (they share the test clock's instant).
    const statusMails = (await mailsOf('booking-status')).filter((m) => m.subject.includes(number));
    expect(statusMails.map((m) => m.subject).sort()).toEqual(
      [
        `Booking ${number}: processing`,
        `Booking ${number}: shipped`,
        `Booking ${number}: delivered`,
      ].sort(),
    );
    const shippedMail = statusMails.find((m) => m.subject.endsWith(': shipped'));
    expect(shippedMail!.textBody).toContain('DLV7781290031');
    const trackingMails = (await mailsOf('booking-tracking')).filter((m) =>
      m.subject.includes(number),
    );
    expect(trackingMails).toHaveLength(2);
  });

  it('cancels a booking not yet shipped with a full refund, and refuses one that has shipped', async () => {
    const { id, created } = await paidBooking();
    await admin.call('POST', `/api/admin/bookings/${id}/status`, { status: 'processing' });
    const cancelled = await admin.call('POST', `/api/admin/bookings/${id}/cancel`, {
      reason: 'The piece failed its quality check.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await t.runJob(REFUNDS_JOB)).toBe(1);
    const booking = await detailOf(id);
    expect(booking).toMatchObject({
      status: 'cancelled',
      refunds: [{ amount: created.totalPrice, status: 'processed' }],
    });
    expect(booking.audit.at(-1)).toMatchObject({
      action: 'cancel',
      note: 'The piece failed its quality check.',
      before: { status: 'processing' },
    });
    const [mail] = (await mailsOf('booking-cancelled')).filter((m) =>
      m.subject.includes(bookingNumber(id)),
    );
    expect(mail!.textBody).toContain('The piece failed its quality check.');
    expect(
      (await admin.call('POST', `/api/admin/bookings/${id}/cancel`, { reason: 'again' }))
        .statusCode,
    ).toBe(409);

    const shipped = await paidBooking();
    for (const status of ['processing', 'shipped']) {
      await admin.call('POST', `/api/admin/bookings/${shipped.id}/status`, { status });
    }
    const late = await admin.call('POST', `/api/admin/bookings/${shipped.id}/cancel`, {
      reason: 'x',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'This booking is shipped: only a booking not yet shipped can be cancelled',
    );
    const unknown = await admin.call(
      'GET',
      '/api/admin/bookings/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
