// Late payments through the Stripe and Razorpay stand-ins (test/fakes): a captured payment is
// decided once, applied or refunded in full, whichever way its result arrives (the shopper back
// from Stripe, a webhook, a webhook sent again under another event id, a renewal debit that lands
// after its plan ended). These tests describe that behaviour; several fail on the code they were
// written against.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  mySubscriptionResponseSchema,
  sandboxPayResponseSchema,
  subscribeResponseSchema,
  type Product,
} from '@pehnava/shared';
import { hmacHex } from '../../adapters/payments/signatures.js';
import { outboxMails, subscriptions, users } from '../../db/schema/index.js';
import { REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { razorpayStyleId } from '../../adapters/payments/razorpay-ids.js';
import { TEST_PASSWORD, callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor } from '../../test/checkout.js';
import { startRazorpayFake, type RazorpayFake } from '../../test/fakes/razorpay-fake.js';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake.js';
import {
  activeReservationsOf,
  expectExpired,
  expectNotApplied,
  expectRefundedOnce,
} from '../../test/bookings.js';
import { onePiece, runUntilIdle } from '../../test/late-payments.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

const DAY_MS = 86_400_000;

const usable = (all: Product[]) =>
  all.filter((p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0);

describe('with Stripe', () => {
  const SECRET_KEY = 'sk_test_latepayments00000000000';
  const WEBHOOK_SECRET = 'whsec_latepayments00000000000';
  const clock = createManualClock(new Date());
  let fake: StripeFake;
  let t: TestApp;
  let products: Product[];
  let next = 0;
  const aProduct = () => products[next++]!;
  let n = 0;
  const shopper = () => newShopper(t, `late-stripe-${++n}@pehnava.test`);

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
    fake.deliverTo(async (body, headers) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers,
        payload: body,
      });
      return res.statusCode;
    });
    products = usable(await catalogueProducts(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    // Stripe signs webhooks with its own time; the app measures their age on its clock.
    clock.set(new Date());
  });

  const verifyStripe = (s: Shopper, bookingId: string) =>
    s.call('POST', '/api/order/verifyStripe', { success: true, orderId: bookingId });

  it('a replaced checkout’s paid session is refunded, and stays refunded when its piece is free again', async () => {
    const s = await shopper();
    const [x, other] = [aProduct(), aProduct()];
    await onePiece(t, x);
    // A1's session is paid at Stripe, but neither its webhook nor the shopper comes back.
    const a1 = await checkout(s, [itemFor(x)]);
    const { paymentIntent } = await fake.pay(a1.orderId!, { webhook: false });
    const paymentId = String(paymentIntent.id);
    // The shopper checks the same piece out again.
    const a2 = await checkout(s, [itemFor(x)]);
    expect(await activeReservationsOf(t, a2.bookingId)).toHaveLength(1);

    expectExpired(await verifyStripe(s, a1.bookingId));
    await expectRefundedOnce(t, paymentId, a1.amount);

    // A checkout of something else replaces A2: the piece is free again.
    await checkout(s, [itemFor(other)]);
    expect(await activeReservationsOf(t, a2.bookingId)).toEqual([]);
    expectExpired(await verifyStripe(s, a1.bookingId));
    await expectNotApplied(t, a1.bookingId);
    await expectRefundedOnce(t, paymentId, a1.amount);

    // The refund is made at Stripe, then every event Stripe made about A1 is delivered.
    await runUntilIdle(t, REFUNDS_JOB);
    const aboutA1 = fake.events.filter((event) => {
      const text = JSON.stringify(event);
      return text.includes(a1.orderId!) || text.includes(paymentId);
    });
    expect(aboutA1.map((event) => event.type)).toContain('checkout.session.completed');
    for (const event of aboutA1) expect((await fake.send(event)).status).toBe(200);
    await expectNotApplied(t, a1.bookingId);
    await expectRefundedOnce(t, paymentId, a1.amount);
    const made = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentId);
    expect(made.map((r) => r.amount)).toEqual([a1.amount]);
    expectExpired(await verifyStripe(s, a1.bookingId));
  });

  it('a checkout replaced before it was paid has its session expired at Stripe', async () => {
    const s = await shopper();
    const a1 = await checkout(s, [itemFor(aProduct())]);
    await checkout(s, [itemFor(aProduct())]);
    expect(fake.sessions.get(a1.orderId!)).toMatchObject({ status: 'expired' });
    await expect(fake.pay(a1.orderId!, { webhook: false })).rejects.toThrow(/cannot be paid/);
  });
});

describe('with Razorpay', () => {
  const KEYS = {
    keyId: 'rzp_test_LateKey0000001',
    keySecret: 'late-payments-key-secret-0123456789',
    webhookSecret: 'late-payments-webhook-secret-0123456789',
  };
  const clock = createManualClock(new Date());
  let fake: RazorpayFake;
  let t: TestApp;
  let products: Product[];
  let next = 0;
  const aProduct = () => products[next++]!;
  let n = 0;
  type Buyer = Shopper & { email: string };

  /**
   * A new shopper with a phone (Razorpay's recurring charges need the customer's contact), whose
   * calls sign in afresh once the test clock has moved past their token's 7 days.
   */
  async function shopper(): Promise<Buyer> {
    const email = `late-rzp-${++n}@pehnava.test`;
    const s = await newShopper(t, email);
    await t.database.db.update(users).set({ phone: '9820012345' }).where(eq(users.id, s.id));
    let token = s.token;
    let signedAt = clock.now().getTime();
    const fresh = async () => {
      if (clock.now().getTime() - signedAt < 6 * DAY_MS) return token;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email, password: TEST_PASSWORD },
      });
      token = (res.json() as { token: string }).token;
      signedAt = clock.now().getTime();
      return token;
    };
    return {
      ...s,
      email,
      call: async (method, url, payload) => callAs(t, await fresh(), method, url, payload),
    };
  }

  beforeAll(async () => {
    fake = await startRazorpayFake({
      ...KEYS,
      // Webhooks are sent when a test says so, into this app.
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
    t = await createTestApp({
      seed: true,
      clock,
      jobs: false,
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
    products = usable(await catalogueProducts(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    clock.set(new Date());
  });

  /** Send the webhooks the stand-in owes; the app acknowledges each one. */
  const flushWebhooks = async () => {
    const statuses = await fake.flushWebhooks();
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  };

  it('a captured payment’s webhook sent again under a new event id does not apply a refunded payment', async () => {
    const s = await shopper();
    const [x, other] = [aProduct(), aProduct()];
    await onePiece(t, x);
    const a1 = await checkout(s, [itemFor(x)]);
    await checkout(s, [itemFor(x)]);
    // A1's order is paid after A2 took its piece: refunded.
    const { ids } = fake.payOrder(a1.orderId!);
    const hook = fake.webhooks.at(-1)!;
    expect(hook.event).toBe('payment.captured');
    expectExpired(await s.call('POST', '/api/booking/verify', { ...ids, bookingId: a1.bookingId }));
    await flushWebhooks();
    await expectRefundedOnce(t, ids.razorpay_payment_id, a1.amount);

    // The piece is free again; the same signed body arrives under its own id, then under another.
    await checkout(s, [itemFor(other)]);
    expect(await fake.redeliver(hook.eventId)).toBe(200);
    await expectNotApplied(t, a1.bookingId);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(hook.body, KEYS.webhookSecret),
        'x-razorpay-event-id': razorpayStyleId('evt'),
      },
      payload: hook.body,
    });
    expect(replay.statusCode).toBe(200);
    await expectNotApplied(t, a1.bookingId);
    await expectRefundedOnce(t, ids.razorpay_payment_id, a1.amount);
  });

  it('a renewal debit still processing when its tries ran out is refunded when it lands, and the plan stays ended', async () => {
    const s = await shopper();
    // Buy Plus through Razorpay's checkout with the order's customer (a recurring token).
    const res = await s.call('POST', '/api/subscription/subscribe', { plan: 'plus' });
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
    expect((await s.call('POST', '/api/subscription/verify', checkoutIds)).statusCode).toBe(200);
    const me = async () =>
      mySubscriptionResponseSchema.parse((await s.call('GET', '/api/subscription/me')).json())
        .subscription;
    expect((await me()).plan).toBe('plus');

    // At the period's end the renewal debit is asked for and stays processing at Razorpay; the
    // job asks again at each backoff until its tries run out and the plan ends.
    const period = async () =>
      (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, s.id)))[0]!;
    clock.set((await period()).endDate);
    fake.holdNextRecurring();
    for (let run = 0; run < 40 && (await period()).status === 'active'; run += 1) {
      const retryAt = (await period()).renewalNextAttemptAt;
      if (retryAt && retryAt > clock.now()) clock.set(retryAt);
      await t.runJob(PLAN_RENEWALS_JOB);
    }
    expect((await period()).status).toBe('expired');
    expect((await me()).plan).toBe('free');
    const held = [...fake.payments.values()].filter(
      (p) => p.recurring && p.customer_id === order.order!.customerId && p.status === 'created',
    );
    expect(held).toHaveLength(1);

    // The debit lands after all: Razorpay captures it and says so by webhook.
    const mailsBefore = await t.database.db
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(eq(outboxMails.recipient, s.email));
    fake.captureHeld(held[0]!.id);
    await flushWebhooks();
    await expectRefundedOnce(t, held[0]!.id, held[0]!.amount);
    const mailsAfter = await t.database.db
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(eq(outboxMails.recipient, s.email));
    expect(mailsAfter.length, 'a mail to the shopper about the refund').toBeGreaterThan(
      mailsBefore.length,
    );
    expect((await me()).plan).toBe('free');
    expect(
      await t.database.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, s.id), eq(subscriptions.status, 'active'))),
    ).toEqual([]);
    await runUntilIdle(t, REFUNDS_JOB);
    expect(fake.payments.get(held[0]!.id)).toMatchObject({ status: 'refunded' });
  }, 60_000);
});
