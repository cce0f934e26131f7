import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelBookingResponseSchema,
  myBookingsResponseSchema,
  type Product,
} from '@pehnava/shared';
import { ProviderUnavailableError } from '../../adapters/payments/provider.js';
import {
  bookingItems,
  bookings,
  couponUses,
  outboxMails,
  unitReservations,
} from '../../db/schema/index.js';
import { REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

const clock = createManualClock(new Date());
let t: TestApp;
let products: Product[];
let next = 0;
let n = 0;
const shopper = () => newShopper(t, `cancel-${++n}@pehnava.test`);

beforeAll(async () => {
  t = await createTestApp({ seed: true, clock, jobs: false });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t.close();
});

/** A shopper with a paid, confirmed booking (WELCOME50 held and counted). */
async function paidBooking() {
  const s = await shopper();
  const created = await checkout(s, [itemFor(products[next++]!)], { couponCode: 'WELCOME50' });
  const ids = await paidIds(t, created.orderId!);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode).toBe(200);
  return { s, created, ids };
}
const cancel = (s: Shopper, id: string) => s.call('POST', `/api/booking/${id}/cancel`);
const row = async (id: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('POST /api/booking/{id}/cancel', () => {
  it('cancels before dispatch: pieces and coupon released, a full refund made once, a mail', async () => {
    const { s, created, ids } = await paidBooking();
    const res = await cancel(s, created.bookingId);
    expect(res.statusCode).toBe(200);
    const { booking, message } = cancelBookingResponseSchema.parse(res.json());
    expect(message).toBe(
      'Booking cancelled. Your full refund is on its way: 7 to 10 business days.',
    );
    expect(booking).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'completed',
      cancellable: false,
      refunds: [{ amount: created.totalPrice, status: 'pending', processedAt: null }],
    });
    const active = await t.database.db
      .select()
      .from(unitReservations)
      .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
      .where(and(eq(bookingItems.bookingId, created.bookingId), eq(unitReservations.active, true)));
    expect(active).toEqual([]);
    const uses = await t.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.bookingId, created.bookingId));
    expect(uses.map((u) => u.status)).toEqual(['released']);
    const [mail] = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.kind, 'booking-cancelled'));
    expect(mail!.textBody).toMatch(/7 to 10 business days/);

    // Asked again: refused, and still one refund.
    const again = await cancel(s, created.bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This booking is already cancelled.' });
    expect(await t.services.repos.payments.refundsOf(created.bookingId)).toHaveLength(1);

    // The refunds job asks the provider: processed, the payment fully refunded.
    expect(await t.runJob(REFUNDS_JOB)).toBe(1);
    const payment = await t.services.provider.fetchPayment(ids.razorpay_payment_id);
    expect(payment.status).toBe('refunded');
    const { bookings: mine } = myBookingsResponseSchema.parse(
      (await s.call('GET', '/api/booking/my')).json(),
    );
    expect(mine[0]!.refunds).toEqual([
      expect.objectContaining({ amount: created.totalPrice, status: 'processed' }),
    ]);
    expect(await t.runJob(REFUNDS_JOB)).toBe(0);
  });

  it("refuses another shopper's booking, an unpaid one and one already dispatched", async () => {
    const { created } = await paidBooking();
    const stranger = await shopper();
    const notMine = await cancel(stranger, created.bookingId);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ success: false, message: 'Booking not found' });
    expect((await cancel(stranger, 'not-a-uuid')).statusCode).toBe(400);

    const waiting = await shopper();
    const pending = await checkout(waiting, [itemFor(products[next++]!)]);
    const unpaid = await cancel(waiting, pending.bookingId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toMatch(/not paid yet/);

    const shipped = await paidBooking();
    await t.database.db
      .update(bookings)
      .set({ status: 'processing' })
      .where(eq(bookings.id, shipped.created.bookingId));
    const late = await cancel(shipped.s, shipped.created.bookingId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already on its way/);
    expect((await row(shipped.created.bookingId)).status).toBe('processing');
    expect((await row(created.bookingId)).status).toBe('confirmed');
  });

  it('leaves the booking cancelled and the refund pending while the provider is down, then makes it', async () => {
    const { s, created } = await paidBooking();
    const provider = t.services.provider;
    const refund = provider.refund.bind(provider);
    provider.refund = async () => {
      throw new ProviderUnavailableError('gateway timeout');
    };
    try {
      expect((await cancel(s, created.bookingId)).statusCode).toBe(200);
      expect(await t.runJob(REFUNDS_JOB)).toBe(1);
      const [pending] = await t.services.repos.payments.refundsOf(created.bookingId);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending!.lastError).toMatch(/gateway timeout/);
      expect((await row(created.bookingId)).status).toBe('cancelled');
      // Not due again before its backoff.
      expect(await t.runJob(REFUNDS_JOB)).toBe(0);
    } finally {
      provider.refund = refund;
    }
    clock.advance(60_000);
    expect(await t.runJob(REFUNDS_JOB)).toBe(1);
    const [made] = await t.services.repos.payments.refundsOf(created.bookingId);
    expect(made).toMatchObject({ status: 'processed', attempts: 2 });
    expect(made!.providerRefundId).toMatch(/^rfnd_/);
  });
});
