// Checkout, payment, webhooks and refunds with PAYMENT_PROVIDER=razorpay, the app talking through
// the Razorpay adapter to the local stand-in (test/fakes/razorpay-fake.ts) as it would to Razorpay.
// The stand-in's webhooks reach the app's /api/payments/razorpay/webhook in-process. What every
// provider does alike (confirming once, forged webhooks, late payments, the holds job, refunding
// once) is in checkout-behaviours.int.test.ts; what is Razorpay's own is here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  bookingNumber,
  clientConfigResponseSchema,
  myBookingsResponseSchema,
  sandboxPayResponseSchema,
  type Product,
} from '@pehnava/shared';
import { bookings, couponUses, payments, unitReservations } from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB, REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bookingRow, mailsTo } from '../../test/bookings.js';
import { checkout, itemFor, ADDRESS, verifyPayment } from '../../test/checkout.js';
import { startRazorpayFake, type RazorpayFake } from '../../test/fakes/razorpay-fake.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

const KEYS = {
  keyId: 'rzp_test_CheckoutKey001',
  keySecret: 'checkout-key-secret-0123456789',
  webhookSecret: 'checkout-webhook-secret-0123456789',
};
const clock = createManualClock(new Date());
const logLines: string[] = [];
let fake: RazorpayFake;
let t: TestApp;
let webRoot: string;
let products: Product[];
let next = 0;
const aProduct = () => products[next++]!;
let n = 0;
type Buyer = Shopper & { email: string };
const shopper = async (): Promise<Buyer> => {
  const email = `razorpay-${++n}@pehnava.test`;
  return { ...(await newShopper(t, email)), email };
};

beforeAll(async () => {
  fake = await startRazorpayFake({
    ...KEYS,
    // Webhooks are sent when a test says so (flushWebhooks), into this app.
    autoWebhooks: false,
    deliver: async (body, headers) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/razorpay/webhook',
          headers,
          payload: body,
        })
      ).statusCode,
  });
  webRoot = mkdtempSync(join(tmpdir(), 'pehnava-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Pehnava</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    webRoot,
    logStream: { write: (line) => void logLines.push(line) },
    env: {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      RAZORPAY_CHECKOUT_URL: fake.checkoutUrl,
      RAZORPAY_TIMEOUT_MS: '1500',
      AUTH_RATE_LIMIT_PER_IP: '10000',
    },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const myBookings = async (s: Shopper) =>
  myBookingsResponseSchema.parse((await s.call('GET', '/api/booking/my')).json()).bookings;
/** Send the webhooks the stand-in owes; the app acknowledges each one. */
const flushWebhooks = async () => {
  const statuses = await fake.flushWebhooks();
  expect(statuses.every((status) => status === 200)).toBe(true);
  return statuses.length;
};
const cancel = (s: Shopper, id: string) => s.call('POST', `/api/booking/${id}/cancel`);

/** Pay at the stand-in as the browser's checkout sheet does: POST /v1/pay beside the script. */
async function payInBrowser(orderId: string, body: Record<string, unknown> = {}) {
  const res = await fetch(new URL('pay', fake.checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://shop.pehnava.test' },
    body: JSON.stringify({
      key: KEYS.keyId,
      order_id: orderId,
      method: 'upi',
      vpa: 'success@razorpay',
      ...body,
    }),
  });
  expect(res.headers.get('access-control-allow-origin')).toBe('http://shop.pehnava.test');
  return sandboxPayResponseSchema.parse(await res.json());
}

/** A confirmed booking paid at the stand-in and verified by the browser. */
async function paidBooking(extra: Record<string, unknown> = {}) {
  const s = await shopper();
  const created = await checkout(s, [itemFor(aProduct())], extra);
  const paid = await payInBrowser(created.orderId!);
  if (paid.status !== 'captured') throw new Error('not captured');
  const { status: _status, ...ids } = paid;
  const res = await verifyPayment(s, ids, created.bookingId);
  expect(res.statusCode).toBe(200);
  return { s, created, ids };
}

describe('configuration the browser gets', () => {
  it('GET /api/config names Razorpay, its key and the checkout script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(clientConfigResponseSchema.parse(res.json()).payments).toEqual({
      provider: 'razorpay',
      flow: 'modal',
      keyId: KEYS.keyId,
      checkoutScriptUrl: fake.checkoutUrl,
      currency: 'INR',
    });
  });

  it('a page’s CSP lets in Razorpay’s hosts and the stand-in, for script, calls and frames', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/collection' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const directives = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    const directive = (name: string) => directives.find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe(`script-src 'self' 'wasm-unsafe-eval' ${fake.url}`);
    expect(directive('connect-src')).toBe(
      `connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com ${fake.url}`,
    );
    expect(directive('frame-src')).toBe(`frame-src 'self' https://api.razorpay.com ${fake.url}`);
  });
});

describe('checkout with Razorpay', () => {
  it('create → pay in the checkout → verify: confirmed once, with the method', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    expect(created.status).toBe('pending');
    const order = fake.orders.get(created.orderId!);
    expect(order).toMatchObject({
      amount: created.amount,
      currency: 'INR',
      receipt: bookingNumber(created.bookingId),
      notes: { bookingId: created.bookingId },
    });

    const paid = await payInBrowser(created.orderId!, {
      method: 'card',
      vpa: undefined,
      card: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
    });
    expect(paid.status).toBe('captured');
    const { status: _status, ...ids } = paid as Extract<typeof paid, { status: 'captured' }>;
    const res = await verifyPayment(s, ids, created.bookingId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: BOOKING_MESSAGES.confirmed,
      status: 'confirmed',
      paymentStatus: 'completed',
    });
    // The server read the payment back from Razorpay (the order's payments) before confirming.
    expect(fake.calls.some((c) => c.path === `/v1/orders/${created.orderId}/payments`)).toBe(true);
    const [booking] = await myBookings(s);
    expect(booking).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'completed',
      paymentMethod: 'card',
      razorpayPaymentId: ids.razorpay_payment_id,
    });

    // The webhook for the same payment comes afterwards: acknowledged, nothing more happens.
    expect(await flushWebhooks()).toBeGreaterThan(0);
    expect(await mailsTo(t, s.email, 'booking-confirmed')).toHaveLength(1);
    expect((await bookingRow(t, created.bookingId)).providerPaymentId).toBe(
      ids.razorpay_payment_id,
    );
  });

  it('a forged signature from the browser confirms nothing', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const { ids } = fake.payOrder(created.orderId!);
    const res = await verifyPayment(
      s,
      {
        ...ids,
        razorpay_signature: ids.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      },
      created.bookingId,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BOOKING_MESSAGES.signatureInvalid);
    expect((await bookingRow(t, created.bookingId)).status).toBe('pending');
  });

  it('out of order: a late payment.failed does not undo payment.captured', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    fake.payOrder(created.orderId!, { status: 'failed', errorDescription: 'Bank declined' });
    const failedHook = fake.webhooks.at(-1)!;
    fake.payOrder(created.orderId!, { method: 'wallet' });
    const capturedHook = fake.webhooks.at(-1)!;
    expect(await fake.redeliver(capturedHook.eventId)).toBe(200);
    expect(await fake.redeliver(failedHook.eventId)).toBe(200);
    expect(await bookingRow(t, created.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'completed',
      paymentMethod: 'wallet',
    });
    const [record] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, created.bookingId));
    expect(record).toMatchObject({ status: 'completed', method: 'wallet' });
  });

  it('the holds job asks Razorpay for the order’s payments before letting the hold go', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    clock.advance(16 * 60_000);
    await t.runJob(BOOKING_HOLDS_JOB);
    expect(fake.calls.some((c) => c.path === `/v1/orders/${created.orderId}/payments`)).toBe(true);
    expect((await bookingRow(t, created.bookingId)).status).toBe('cancelled');
  });
});

describe('when Razorpay cannot take the order', () => {
  /** Everything a checkout could hold, to show nothing was. */
  const held = async (s: Shopper) => ({
    bookings: (
      await t.database.db.select({ n: count() }).from(bookings).where(eq(bookings.userId, s.id))
    )[0]!.n,
    couponUses: (
      await t.database.db.select({ n: count() }).from(couponUses).where(eq(couponUses.userId, s.id))
    )[0]!.n,
    reservations: (
      await t.database.db
        .select({ n: count() })
        .from(unitReservations)
        .where(eq(unitReservations.active, true))
    )[0]!.n,
  });
  const create = (s: Shopper) =>
    s.call('POST', '/api/booking/create', {
      cartItems: [itemFor(products[next]!)],
      address: ADDRESS,
      couponCode: 'WELCOME50',
    });

  it('a 5xx or no answer in time is a 503 that holds nothing', async () => {
    const s = await shopper();
    const before = await held(s);
    expect(before).toMatchObject({ bookings: 0, couponUses: 0 });

    fake.failNext(1, 'error', 503);
    const down = await create(s);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      success: false,
      message: BOOKING_MESSAGES.providerUnavailable,
    });
    expect(await held(s)).toEqual(before);

    fake.failNext(1, 'hang');
    const started = Date.now();
    const slow = await create(s);
    expect(slow.statusCode).toBe(503);
    expect(slow.json().message).toBe(BOOKING_MESSAGES.providerUnavailable);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await held(s)).toEqual(before);

    // Razorpay answers again: the same checkout goes through.
    expect((await create(s)).statusCode).toBe(200);
    next += 1;
  });

  it('a refusal (4xx) holds nothing and leaves Razorpay’s words in the log', async () => {
    const s = await shopper();
    const before = await held(s);
    fake.refuseNext(400, 'The receipt field is invalid for this merchant', 'receipt');
    const refused = await create(s);
    // Not 'down, try again in a minute': Razorpay refused the order (a gateway error).
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.providerRefused);
    expect(await held(s)).toEqual(before);
    const line = logLines.filter((l) => l.includes('payment order could not be created')).at(-1);
    expect(line).toContain('The receipt field is invalid for this merchant');
    expect(line).toContain('ProviderRequestError');
  });
});

describe('refunds through Razorpay', () => {
  it('a shopper’s cancel refunds the full amount once, with the idempotency header', async () => {
    const { s, created, ids } = await paidBooking({ couponCode: 'WELCOME50' });
    expect((await cancel(s, created.bookingId)).statusCode).toBe(200);
    expect(await t.runJob(REFUNDS_JOB)).toBe(1);
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === ids.razorpay_payment_id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: created.amount, status: 'processed' });
    const [refund] = await t.services.repos.payments.refundsOf(created.bookingId);
    expect(refund).toMatchObject({
      status: 'processed',
      amountPaise: created.amount,
      providerRefundId: made[0]!.id,
    });
    expect(made[0]!.notes).toMatchObject({ refundId: refund!.id, bookingId: created.bookingId });
    const call = fake.calls.find(
      (c) => c.path === `/v1/payments/${ids.razorpay_payment_id}/refund`,
    );
    expect(call!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);

    // Asked again, the answer is the same: nothing more is refunded.
    expect((await cancel(s, created.bookingId)).statusCode).toBe(409);
    expect(await t.runJob(REFUNDS_JOB)).toBe(0);
    expect(fake.payments.get(ids.razorpay_payment_id)).toMatchObject({
      amount_refunded: created.amount,
      status: 'refunded',
    });
    // Its refund.processed webhook arrives later and changes nothing.
    await flushWebhooks();
    expect((await t.services.repos.payments.refundsOf(created.bookingId))[0]!.status).toBe(
      'processed',
    );
  });

  it('a refund answered with a lost reply is made once when the job tries again', async () => {
    const { s, created, ids } = await paidBooking();
    expect((await cancel(s, created.bookingId)).statusCode).toBe(200);
    // Razorpay makes the refund, but its answer never comes back (a timeout).
    fake.failNext(1, 'drop');
    expect(await t.runJob(REFUNDS_JOB)).toBe(1);
    expect((await t.services.repos.payments.refundsOf(created.bookingId))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
    clock.advance(10 * 60_000);
    expect(await t.runJob(REFUNDS_JOB)).toBe(1);
    expect((await t.services.repos.payments.refundsOf(created.bookingId))[0]!.status).toBe(
      'processed',
    );
    const tries = fake.calls.filter(
      (c) => c.path === `/v1/payments/${ids.razorpay_payment_id}/refund`,
    );
    expect(tries).toHaveLength(2);
    expect(tries[0]!.idempotencyKey).toBe(tries[1]!.idempotencyKey);
    expect(
      [...fake.refunds.values()].filter((r) => r.payment_id === ids.razorpay_payment_id),
    ).toHaveLength(1);
  });

  it('a refund Razorpay accepts as pending is asked about again until processed', async () => {
    const { s, created } = await paidBooking();
    fake.refundsCome('pending');
    try {
      expect((await cancel(s, created.bookingId)).statusCode).toBe(200);
      expect(await t.runJob(REFUNDS_JOB)).toBe(1);
      const [accepted] = await t.services.repos.payments.refundsOf(created.bookingId);
      expect(accepted).toMatchObject({ status: 'pending' });
      expect(accepted!.providerRefundId).toMatch(/^rfnd_/);

      // Still pending when asked; then Razorpay pays it out (its webhook is not sent here).
      clock.advance(10 * 60_000);
      expect(await t.runJob(REFUNDS_JOB)).toBe(1);
      expect((await t.services.repos.payments.refundsOf(created.bookingId))[0]!.status).toBe(
        'pending',
      );
      fake.settleRefund(accepted!.providerRefundId!, 'processed');
      fake.webhooks.at(-1)!.delivered = true;
      clock.advance(30 * 60_000);
      expect(await t.runJob(REFUNDS_JOB)).toBe(1);
      expect((await t.services.repos.payments.refundsOf(created.bookingId))[0]).toMatchObject({
        status: 'processed',
        providerRefundId: accepted!.providerRefundId,
      });
      expect(fake.calls.at(-1)).toMatchObject({
        method: 'GET',
        path: expect.stringMatching(/\/refunds\/rfnd_/),
      });
    } finally {
      fake.refundsCome('processed');
    }
  });

  it('refund.processed and refund.failed webhooks settle a pending refund', async () => {
    fake.refundsCome('pending');
    try {
      const one = await paidBooking();
      const two = await paidBooking();
      await cancel(one.s, one.created.bookingId);
      await cancel(two.s, two.created.bookingId);
      expect(await t.runJob(REFUNDS_JOB)).toBe(2);
      const [first] = await t.services.repos.payments.refundsOf(one.created.bookingId);
      const [second] = await t.services.repos.payments.refundsOf(two.created.bookingId);
      fake.settleRefund(first!.providerRefundId!, 'processed');
      fake.settleRefund(second!.providerRefundId!, 'failed');
      await flushWebhooks();
      expect((await t.services.repos.payments.refundsOf(one.created.bookingId))[0]).toMatchObject({
        status: 'processed',
      });
      expect((await t.services.repos.payments.refundsOf(two.created.bookingId))[0]).toMatchObject({
        status: 'failed',
      });
      // Neither is asked about again.
      clock.advance(60 * 60_000);
      expect(await t.runJob(REFUNDS_JOB)).toBe(0);
    } finally {
      fake.refundsCome('processed');
    }
  });
});
