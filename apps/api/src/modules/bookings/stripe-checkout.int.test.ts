// Checkout with PAYMENT_PROVIDER=stripe, the app talking through the Stripe adapter to the local
// stand-in (test/fakes/stripe-fake.ts): the Checkout Session, the return to /verify, Stripe's own
// webhooks and refunds. What every provider does alike (confirming once, forged webhooks, late
// payments, the holds job, refunding once) is in payments/checkout-behaviours.int.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  clientConfigResponseSchema,
  myBookingsResponseSchema,
  type Product,
} from '@pehnava/shared';
import { bookings, couponUses, paymentEvents } from '../../db/schema/index.js';
import { REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { activeReservationsOf, bookingRow, mailsAbout } from '../../test/bookings.js';
import { ADDRESS, checkout, itemFor, verifyStripe } from '../../test/checkout.js';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake.js';
import { catalogueProducts, newShopper, rentable } from '../../test/shopping.js';

const SECRET_KEY = 'sk_test_checkout000000000000000';
const WEBHOOK_SECRET = 'whsec_checkout000000000000000';
const clock = createManualClock(new Date());
let fake: StripeFake;
let t: TestApp;
let products: Product[];
let next = 0;
const aProduct = () => products[next++]!;
let n = 0;
const shopper = () => newShopper(t, `stripe-${++n}@pehnava.test`);

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: {
      AUTH_RATE_LIMIT_PER_IP: '10000',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  // Stripe's webhooks reach the app in-process, through its HTTP stack and raw-body route.
  fake.deliverTo(async (body, headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers,
      payload: body,
    });
    return res.statusCode;
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  // Stripe signs webhooks with its own time; the app measures their age on its clock.
  clock.set(new Date());
  fake.failNext(0);
});

describe('checkout with PAYMENT_PROVIDER=stripe', () => {
  it('tells the browser to redirect, with no key or script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(clientConfigResponseSchema.parse(res.json()).payments).toEqual({
      provider: 'stripe',
      flow: 'redirect',
      keyId: '',
      checkoutScriptUrl: null,
      currency: 'INR',
    });
  });

  it('opens a Checkout Session for the booking total that returns to /verify', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    expect(created.status).toBe('pending');
    expect(created.orderId).toMatch(/^cs_test_/);
    expect(created.order).toEqual({
      id: created.orderId,
      amount: created.amount,
      currency: 'INR',
      checkoutUrl: `${fake.url}/c/pay/${created.orderId!}`,
    });
    const session = fake.sessions.get(created.orderId!)!;
    expect(session).toMatchObject({
      amount_total: created.amount,
      currency: 'inr',
      client_reference_id: created.bookingId,
      metadata: { bookingId: created.bookingId },
      success_url: `http://localhost/verify?success=true&orderId=${created.bookingId}`,
      cancel_url: `http://localhost/verify?success=false&orderId=${created.bookingId}`,
    });
    expect(String(session.customer_email)).toMatch(/^stripe-\d+@pehnava\.test$/);
  });

  it('gives a clear 503 and holds nothing when Stripe is down', async () => {
    const s = await shopper();
    const p = aProduct();
    fake.failNext(5, 503);
    const res = await s.call('POST', '/api/booking/create', {
      cartItems: [itemFor(p)],
      address: ADDRESS,
      couponCode: 'WELCOME50',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: BOOKING_MESSAGES.providerUnavailable });
    expect(await t.database.db.select().from(bookings).where(eq(bookings.userId, s.id))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(couponUses).where(eq(couponUses.userId, s.id)),
    ).toEqual([]);
  });
});

describe('POST /api/order/verifyStripe', () => {
  it('does not trust success=true: an unpaid session is refused and the booking stays held', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const res = await verifyStripe(t, s, { success: true, orderId: created.bookingId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: BOOKING_MESSAGES.notPaidYetStripe });
    expect(await bookingRow(t, created.bookingId)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
    expect(await activeReservationsOf(t, created.bookingId)).toHaveLength(1);
    expect(fake.sessions.get(created.orderId!)).toMatchObject({ status: 'open' });
  });

  it('does not trust success=false either: a paid session is confirmed', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    await fake.pay(created.orderId!, { webhook: false });
    const res = await verifyStripe(t, s, { success: 'false', orderId: created.bookingId });
    expect(res.statusCode).toBe(200);
    expect((await bookingRow(t, created.bookingId)).status).toBe('confirmed');
  });

  it('a shopper who cancelled on Stripe: the session is expired there and the hold released', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())], { couponCode: 'WELCOME50' });
    const res = await verifyStripe(t, s, { success: false, orderId: created.bookingId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: BOOKING_MESSAGES.paymentCancelled });
    expect(fake.sessions.get(created.orderId!)).toMatchObject({ status: 'expired' });
    expect(await bookingRow(t, created.bookingId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await activeReservationsOf(t, created.bookingId)).toHaveLength(0);
    const uses = await t.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.bookingId, created.bookingId));
    expect(uses.map((u) => u.status)).toEqual(['released']);
    // The page cannot be paid any more.
    await expect(fake.pay(created.orderId!)).rejects.toThrow(/expired/);
  });

  it('leaves the hold to the hold job when Stripe cannot be reached to close the session', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    fake.failNext(20, 503);
    const res = await verifyStripe(t, s, { success: false, orderId: created.bookingId });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(BOOKING_MESSAGES.providerUnavailable);
    fake.failNext(0);
    expect((await bookingRow(t, created.bookingId)).status).toBe('pending');
    expect(await activeReservationsOf(t, created.bookingId)).toHaveLength(1);
  });

  it('refuses a session paid for another amount', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    fake.sessions.get(created.orderId!)!.amount_total = created.amount - 100;
    await fake.pay(created.orderId!, { webhook: false });
    const res = await verifyStripe(t, s, { success: true, orderId: created.bookingId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BOOKING_MESSAGES.amountMismatch);
    expect((await bookingRow(t, created.bookingId)).paymentStatus).toBe('pending');
    // What was taken for the wrong amount is given back in full, once.
    const refunds = await t.services.repos.payments.refundsOf(created.bookingId);
    expect(refunds.map((r) => r.amountPaise)).toEqual([created.amount - 100]);
    expect(await t.runJob(REFUNDS_JOB)).toBe(1);
  });

  it('answers 404 for another shopper’s booking, 401 without a token, 400 for a bad body', async () => {
    const owner = await shopper();
    const other = await shopper();
    const created = await checkout(owner, [itemFor(aProduct())]);
    await fake.pay(created.orderId!, { webhook: false });
    const theirs = await verifyStripe(t, other, { success: true, orderId: created.bookingId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: BOOKING_MESSAGES.bookingNotFound });
    expect((await bookingRow(t, created.bookingId)).status).toBe('pending');

    const anonymous = await verifyStripe(t, undefined, {
      success: true,
      orderId: created.bookingId,
    });
    expect(anonymous.statusCode).toBe(401);
    const badToken = await t.app.inject({
      method: 'POST',
      url: '/api/order/verifyStripe',
      headers: { token: 'not-a-jwt' },
      payload: { success: true, orderId: created.bookingId },
    });
    expect(badToken.statusCode).toBe(401);
    const badId = await verifyStripe(t, owner, { success: true, orderId: 'cs_test_123' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(BOOKING_MESSAGES.bookingNotFound);
  });

  it('the modal verify route refuses a Stripe booking rather than pretend', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const { paymentIntent } = await fake.pay(created.orderId!, { webhook: false });
    const res = await s.call('POST', '/api/booking/verify', {
      razorpay_order_id: created.orderId,
      razorpay_payment_id: paymentIntent.id,
      razorpay_signature: 'anything',
      bookingId: created.bookingId,
    });
    expect(res.statusCode).toBe(400);
    expect((await bookingRow(t, created.bookingId)).status).toBe('pending');
  });
});

describe('Stripe webhooks', () => {
  it('refuses a stale signature and records nothing; the genuine delivery works afterwards', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const { event } = await fake.pay(created.orderId!, { webhook: false });
    const stale = await fake.send(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    expect((await bookingRow(t, created.bookingId)).status).toBe('pending');
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    ).toEqual([]);
    expect((await fake.send(event)).status).toBe(200);
    expect((await bookingRow(t, created.bookingId)).status).toBe('confirmed');
  });

  it('events out of order: async success before completed, and a refund update for nothing known', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const { session } = await fake.pay(created.orderId!, { webhook: false });
    const asyncPaid = fake.makeEvent('checkout.session.async_payment_succeeded', session);
    expect((await fake.send(asyncPaid)).status).toBe(200);
    expect((await bookingRow(t, created.bookingId)).status).toBe('confirmed');
    const completed = fake.makeEvent('checkout.session.completed', session);
    expect((await fake.send(completed)).status).toBe(200);
    expect((await bookingRow(t, created.bookingId)).status).toBe('confirmed');

    const unknown = fake.makeEvent('refund.updated', {
      id: 're_unknown',
      object: 'refund',
      amount: 100,
      currency: 'inr',
      payment_intent: 'pi_unknown',
      status: 'succeeded',
      metadata: {},
    });
    expect((await fake.send(unknown)).status).toBe(200);
  });
});

describe('refunds with Stripe', () => {
  it('a cancelled paid booking is refunded at Stripe once, with our refund id; a pending refund is asked about again', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const { paymentIntent } = await fake.pay(created.orderId!);
    fake.setRefundStatus('pending');
    try {
      const cancelled = await s.call('POST', `/api/booking/${created.bookingId}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(await t.runJob(REFUNDS_JOB)).toBe(1);
      const [row] = await t.services.repos.payments.refundsOf(created.bookingId);
      expect(row).toMatchObject({ status: 'pending', amountPaise: created.amount });
      expect(row!.providerRefundId).toMatch(/^re_/);
      const made = fake.refunds.get(row!.providerRefundId!)!;
      expect(made).toMatchObject({
        payment_intent: paymentIntent.id,
        amount: created.amount,
        metadata: { refundId: row!.id },
      });
      expect(fake.calls.filter((c) => c.path === '/v1/refunds').at(-1)!.idempotencyKey).toBe(
        `cancel:${created.bookingId}`,
      );
      // Stripe pays it out and says so by webhook: the refund is processed.
      await fake.settleRefund(made.id as string, 'succeeded');
      const [after] = await t.services.repos.payments.refundsOf(created.bookingId);
      expect(after).toMatchObject({ status: 'processed' });
    } finally {
      fake.setRefundStatus('succeeded');
    }
  });
});

describe('the journey at API level', () => {
  it('checkout, Stripe’s page, pay, back through /verify, listed as confirmed', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const page = await fetch(created.order!.checkoutUrl!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay ₹');
    const paid = await fetch(`${created.order!.checkoutUrl!}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe('/verify');
    const verified = await verifyStripe(t, s, {
      success: back.searchParams.get('success'),
      orderId: back.searchParams.get('orderId'),
    });
    expect(verified.statusCode).toBe(200);
    const my = myBookingsResponseSchema.parse((await s.call('GET', '/api/booking/my')).json());
    expect(my.bookings.find((b) => b._id === created.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'completed',
      paymentMethod: 'card',
    });
    expect(await mailsAbout(t, created.bookingId)).toHaveLength(1);
  });

  it('a declined card leaves the page open; Cancel goes back to /verify?success=false', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const declined = await fetch(`${created.order!.checkoutUrl!}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=decline',
      redirect: 'manual',
    });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Your card was declined.');
    const cancelled = await fetch(`${created.order!.checkoutUrl!}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      `http://localhost/verify?success=false&orderId=${created.bookingId}`,
    );
  });
});
