// Late payments raced on PostgreSQL, with two app instances (as two API processes) on one
// database, both talking to the same Razorpay stand-in (its keys are configuration, so a payment
// signed for one process verifies at the other, and a webhook is accepted by either): a captured
// payment is decided once, applied or refunded in full, never both, whichever process hears of it
// first and however many at once. These tests describe that behaviour; some fail on the code they
// were written against.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  sandboxPayResponseSchema,
  subscribeResponseSchema,
  type Product,
} from '@pehnava/shared';
import { hmacHex } from '../../adapters/payments/signatures.js';
import { openDatabase } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, checkout, itemFor } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { startRazorpayFake, type RazorpayFake } from '../../test/fakes/razorpay-fake.js';
import { activeReservationsOf, bookingRow, refundsOfPayment } from '../../test/bookings.js';
import { onePiece } from '../../test/late-payments.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

const KEYS = {
  keyId: 'rzp_test_LateRaceKey001',
  keySecret: 'late-races-key-secret-0123456789',
  webhookSecret: 'late-races-webhook-secret-0123456789',
};

describe.runIf(usingPostgres())('late payments on PostgreSQL with two app instances', () => {
  const clock = createManualClock(new Date());
  let fake: RazorpayFake;
  let a: TestApp;
  let b: TestApp;
  let products: Product[];
  let next = 0;
  const aProduct = () => products[next++]!;
  let n = 0;

  const env = (razorpay: RazorpayFake) => ({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
    RAZORPAY_TIMEOUT_MS: '3000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    JWT_SECRET: 'l'.repeat(40),
  });

  beforeAll(async () => {
    fake = await startRazorpayFake({
      ...KEYS,
      autoWebhooks: false,
      deliver: async (body, headers) =>
        (
          await a.app.inject({
            method: 'POST',
            url: '/api/payments/razorpay/webhook',
            headers,
            payload: body,
          })
        ).statusCode,
    });
    const database = await createTestDatabase({ seeded: true });
    const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env: env(fake) });
    b = await createTestApp({ seed: true, database: second, clock, jobs: false, env: env(fake) });
    products = (await catalogueProducts(a)).filter(
      (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
    );
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  /** A shopper signed up through app a, with a phone (Razorpay's recurring payments need one). */
  async function shopper(): Promise<Shopper> {
    const s = await newShopper(a, `late-race-${++n}@pehnava.test`);
    await a.database.db.update(users).set({ phone: '9820012345' }).where(eq(users.id, s.id));
    return s;
  }

  /** The shopper's calls through one app (one session secret: the token works on both). */
  const through =
    (app: TestApp, s: Shopper): Shopper['call'] =>
    (method, url, body) =>
      callAs(app, s.token, method, url, body);

  /** One of the stand-in's webhooks delivered to one app as Razorpay sends it (same event id). */
  const deliverTo = (app: TestApp, hook: { body: string; eventId: string }) =>
    app.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(hook.body, KEYS.webhookSecret),
        'x-razorpay-event-id': hook.eventId,
      },
      payload: hook.body,
    });

  it('a refunded payment’s verify replays and webhooks at both processes at once, its piece free again: never applied, one refund', async () => {
    const s = await shopper();
    const [x, other] = [aProduct(), aProduct()];
    await onePiece(a, x);
    const a1 = await checkout(s, [itemFor(x)]);
    await checkout({ ...s, call: through(b, s) }, [itemFor(x)]);
    const { ids } = fake.payOrder(a1.orderId!);
    const hook = fake.webhooks.at(-1)!;
    const verify = (app: TestApp) =>
      through(app, s)('POST', '/api/booking/verify', { ...ids, bookingId: a1.bookingId });
    expect((await verify(a)).statusCode).toBe(409);
    // A checkout of something else replaces A2: the piece is free again.
    await checkout(s, [itemFor(other)]);

    clock.advance(16 * 60_000);
    const [verifies, webhooks] = await Promise.all([
      Promise.all([a, b, a, b, a, b].map(verify)),
      Promise.all([deliverTo(a, hook), deliverTo(b, hook)]),
      a.runJob(BOOKING_HOLDS_JOB),
      b.runJob(BOOKING_HOLDS_JOB),
    ]);
    for (const res of verifies) {
      expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
        status: 409,
        body: { success: false, message: BOOKING_MESSAGES.bookingExpired },
      });
    }
    expect(webhooks.map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await bookingRow(a, a1.bookingId)).status).toBe('cancelled');
    expect(await activeReservationsOf(a, a1.bookingId)).toEqual([]);
    const refunds = await refundsOfPayment(a, ids.razorpay_payment_id);
    expect(refunds.map((row) => row.amountPaise)).toEqual([a1.amount]);
  });

  it('a late payment and another shopper’s checkout of its piece at once: the piece goes to one of them', async () => {
    const late = await shopper();
    const rival = await shopper();
    const x = aProduct();
    await onePiece(a, x);
    const a1 = await checkout(late, [itemFor(x)]);
    clock.advance(16 * 60_000);
    await a.runJob(BOOKING_HOLDS_JOB);
    expect((await bookingRow(a, a1.bookingId)).status).toBe('cancelled');
    const { ids } = fake.payOrder(a1.orderId!);

    const [verified, checkedOut] = await Promise.all([
      through(a, late)('POST', '/api/booking/verify', { ...ids, bookingId: a1.bookingId }),
      through(b, rival)('POST', '/api/booking/create', {
        cartItems: [itemFor(x)],
        address: ADDRESS,
      }),
    ]);
    const outcome = [verified.statusCode, checkedOut.statusCode];
    expect([
      [200, 409],
      [409, 200],
    ]).toContainEqual(outcome);
    const refunds = await refundsOfPayment(a, ids.razorpay_payment_id);
    if (verified.statusCode === 200) {
      expect(checkedOut.json().message).toBe(BOOKING_MESSAGES.itemTaken(x.name, itemFor(x).size));
      expect(await activeReservationsOf(a, a1.bookingId)).toHaveLength(1);
      expect(refunds).toEqual([]);
    } else {
      expect(verified.json().message).toBe(BOOKING_MESSAGES.bookingExpired);
      expect(await activeReservationsOf(a, a1.bookingId)).toEqual([]);
      expect(refunds.map((row) => row.amountPaise)).toEqual([a1.amount]);
    }
  });

  it('two first plan payments verified at the same moment at two processes: one plan, the other refunded in full', async () => {
    const s = await shopper();
    /** Open a plan order through one app and pay it in Razorpay's checkout with its customer. */
    async function paidPlan(app: TestApp, plan: 'plus' | 'pro') {
      const res = await through(app, s)('POST', '/api/subscription/subscribe', { plan });
      expect(res.statusCode).toBe(200);
      const order = subscribeResponseSchema.parse(res.json());
      const paid = await fetch(new URL('pay', fake.checkoutUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key: KEYS.keyId,
          order_id: order.orderId,
          customer_id: order.order!.customerId,
          method: 'card',
          card: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
          renewals: 'succeed',
        }),
      });
      const ids = sandboxPayResponseSchema.parse(await paid.json());
      if (ids.status !== 'captured') throw new Error('not captured');
      const { status: _status, ...checkoutIds } = ids;
      return { plan, amount: order.amount, ids: checkoutIds };
    }
    const plus = await paidPlan(a, 'plus');
    const pro = await paidPlan(b, 'pro');

    const answers = await Promise.all([
      through(a, s)('POST', '/api/subscription/verify', plus.ids),
      through(b, s)('POST', '/api/subscription/verify', pro.ids),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const won = answers[0]!.statusCode === 200 ? plus : pro;
    const lost = won === plus ? pro : plus;
    const active = await a.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, s.id), eq(subscriptions.status, 'active')));
    expect(active.map((row) => row.planId)).toEqual([won.plan]);
    const refunds = await refundsOfPayment(a, lost.ids.razorpay_payment_id);
    expect(
      refunds.map((row) => row.amountPaise),
      'refunds of the payment not applied',
    ).toEqual([lost.amount]);
    expect(await refundsOfPayment(a, won.ids.razorpay_payment_id)).toEqual([]);
    expect(answers[won === plus ? 1 : 0]!.json()).toEqual({
      success: false,
      message: SUBSCRIPTION_MESSAGES.planChangedMeanwhile,
    });
  });
});
