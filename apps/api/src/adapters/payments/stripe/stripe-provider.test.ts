import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../lib/clock.js';
import {
  startStripeFake,
  type FakeCard,
  type StripeFake,
} from '../../../test/fakes/stripe-fake.js';
import type { PaymentProvider } from '../provider.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  WebhookSignatureError,
} from '../provider.js';
import { STRIPE_SESSION_MINUTES, createStripeProvider } from './provider.js';

const SECRET_KEY = 'sk_test_adapter0000000000000000';
const WEBHOOK_SECRET = 'whsec_adapter0000000000000000';
const clock = createManualClock(new Date());
let fake: StripeFake;
let stripe: PaymentProvider;

const order = (amountPaise = 123_456, bookingId = 'b3f1c2d4-0000-4000-8000-000000000001') =>
  stripe.createOrder({
    amountPaise,
    receipt: 'PEH-00000001',
    notes: { bookingId },
    description: 'Pehnava booking 00000001',
    customerEmail: 'tara@pehnava.test',
    returnUrls: {
      success: `https://shop.pehnava.test/verify?success=true&orderId=${bookingId}`,
      cancel: `https://shop.pehnava.test/verify?success=false&orderId=${bookingId}`,
    },
  });

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  stripe = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
    clock,
    timeoutMs: 500,
    maxNetworkRetries: 1,
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  clock.set(new Date());
  fake.failNext(0);
  fake.hangNext(0);
  fake.setRefundStatus('succeeded');
});

describe('the Stripe provider', () => {
  it('is a redirect to Stripe Checkout with no browser key, script or page sources', () => {
    expect(stripe).toMatchObject({
      name: 'stripe',
      flow: 'redirect',
      keyId: '',
      pageSources: { script: [], connect: [], frame: [] },
    });
    expect(stripe.checkoutScriptUrl('https://shop.pehnava.test')).toBeNull();
    // No browser-side signature exists for Stripe: /api/booking/verify cannot be fooled into it.
    expect(
      stripe.verifyPaymentSignature({ orderId: 'cs_x', paymentId: 'pi_x', signature: 'x' }),
    ).toBe(false);
  });

  it('creates a Checkout Session for the total in INR with the return addresses and notes', async () => {
    const made = await order();
    expect(made.id).toMatch(/^cs_test_[0-9A-Za-z]+$/);
    expect(made).toMatchObject({ amountPaise: 123_456, currency: 'INR', receipt: 'PEH-00000001' });
    expect(made.checkoutUrl).toBe(`${fake.url}/c/pay/${made.id}`);

    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorized: true });
    const bookingId = 'b3f1c2d4-0000-4000-8000-000000000001';
    expect(call.params).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'inr',
            unit_amount: '123456',
            product_data: { name: 'Pehnava booking 00000001' },
          },
        },
      ],
      success_url: `https://shop.pehnava.test/verify?success=true&orderId=${bookingId}`,
      cancel_url: `https://shop.pehnava.test/verify?success=false&orderId=${bookingId}`,
      client_reference_id: bookingId,
      customer_email: 'tara@pehnava.test',
      metadata: { bookingId, receipt: 'PEH-00000001' },
      payment_intent_data: { metadata: { bookingId, receipt: 'PEH-00000001' } },
    });
    // Payable for as short a time as Stripe allows (its minimum is 30 minutes), on our clock.
    expect(Number(call.params.expires_at)).toBe(
      Math.floor(clock.now().getTime() / 1000) + STRIPE_SESSION_MINUTES * 60,
    );
  });

  it('is refused with the wrong secret key (401, a refusal, not an outage)', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
      clock,
    });
    const error = await wrong.fetchOrderPayments('cs_test_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect((error as ProviderRequestError).status).toBe(401);
    expect(fake.calls.at(-1)).toMatchObject({ authorized: false, status: 401 });
  });

  it('reads an unpaid session as no payment, and a paid one as its PaymentIntent', async () => {
    const made = await order(99_900);
    expect(await stripe.fetchOrderPayments(made.id)).toEqual([]);

    const { paymentIntent } = await fake.pay(made.id, { webhook: false });
    expect(paymentIntent.id).toMatch(/^pi_/);
    const payments = await stripe.fetchOrderPayments(made.id);
    expect(payments).toEqual([
      {
        id: paymentIntent.id,
        orderId: made.id,
        amountPaise: 99_900,
        currency: 'INR',
        status: 'captured',
        method: 'card',
        errorDescription: null,
      },
    ]);
    // The payment read by its own id names the session it was made by.
    expect(await stripe.fetchPayment(paymentIntent.id as string)).toEqual(payments[0]);
  });

  it('answers an unknown session or payment with a refusal', async () => {
    await expect(stripe.fetchOrderPayments('cs_test_nosuchsession')).rejects.toMatchObject({
      name: 'ProviderRequestError',
      status: 404,
    });
    await expect(stripe.fetchPayment('pi_nosuchintent')).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it('expires an open session (then it cannot be paid), and says so when it was paid already', async () => {
    const open = await order();
    expect(await stripe.cancelOrder!(open.id)).toBe(true);
    expect(fake.sessions.get(open.id)).toMatchObject({ status: 'expired' });
    await expect(fake.pay(open.id)).rejects.toThrow(/expired/);
    // Asked again: still cannot be paid.
    expect(await stripe.cancelOrder!(open.id)).toBe(true);

    const paid = await order();
    await fake.pay(paid.id, { webhook: false });
    expect(await stripe.cancelOrder!(paid.id)).toBe(false);
    expect(fake.sessions.get(paid.id)).toMatchObject({ status: 'complete' });
  });

  it('refunds once per idempotency key, with our refund id in the metadata', async () => {
    const made = await order(50_000);
    const { paymentIntent } = await fake.pay(made.id, { webhook: false });
    const ask = () =>
      stripe.refund({
        paymentId: paymentIntent.id as string,
        amountPaise: 50_000,
        idempotencyKey: `cancel:${made.id}`,
        notes: { refundId: 'refund-row-1', bookingId: 'b1', reason: 'cancellation' },
      });
    const first = await ask();
    const again = await ask();
    expect(first).toEqual({
      id: expect.stringMatching(/^re_/) as string,
      paymentId: paymentIntent.id,
      amountPaise: 50_000,
      status: 'processed',
      reference: 'refund-row-1',
    });
    expect(again).toEqual(first);
    expect(
      [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id),
    ).toHaveLength(1);
    const calls = fake.calls.filter((c) => c.path === '/v1/refunds');
    expect(calls.at(-1)).toMatchObject({
      idempotencyKey: `cancel:${made.id}`,
      params: {
        payment_intent: paymentIntent.id,
        amount: '50000',
        metadata: { refundId: 'refund-row-1' },
      },
    });

    // More than is left is refused, not retried.
    await expect(
      stripe.refund({
        paymentId: paymentIntent.id as string,
        amountPaise: 1,
        idempotencyKey: 'another-key',
        notes: { refundId: 'refund-row-2' },
      }),
    ).rejects.toMatchObject({ name: 'ProviderRequestError', status: 400 });
  });

  it('reads a pending refund as pending, and asks again until Stripe has settled it', async () => {
    const made = await order(20_000);
    const { paymentIntent } = await fake.pay(made.id, { webhook: false });
    fake.setRefundStatus('pending');
    const refund = await stripe.refund({
      paymentId: paymentIntent.id as string,
      amountPaise: 20_000,
      idempotencyKey: `refund:${paymentIntent.id as string}`,
      notes: { refundId: 'refund-row-3' },
    });
    expect(refund.status).toBe('pending');
    const lookup = { paymentId: paymentIntent.id as string, refundId: refund.id };
    expect(await stripe.fetchRefund(lookup)).toMatchObject({ status: 'pending' });
    await fake.settleRefund(refund.id, 'succeeded');
    expect(await stripe.fetchRefund(lookup)).toMatchObject({
      status: 'processed',
      reference: 'refund-row-3',
    });
    // A refund of another payment is not this payment's.
    await expect(
      stripe.fetchRefund({ paymentId: 'pi_someoneelse', refundId: refund.id }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('treats 5xx, no answer in time and a closed port as "not answering"', async () => {
    fake.failNext(2, 503);
    await expect(order()).rejects.toBeInstanceOf(ProviderUnavailableError);
    // One 5xx is retried (with the same idempotency key) and succeeds.
    fake.failNext(1, 500);
    const made = await order();
    const tries = fake.calls.slice(-2);
    expect(tries.map((c) => c.status)).toEqual([500, 200]);
    expect(tries[0]!.idempotencyKey).toBeTruthy();
    expect(tries[1]!.idempotencyKey).toBe(tries[0]!.idempotencyKey);
    expect(made.id).toMatch(/^cs_test_/);

    fake.hangNext(2);
    await expect(stripe.fetchOrderPayments(made.id)).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );

    const nobody = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
      clock,
      maxNetworkRetries: 0,
    });
    await expect(nobody.fetchOrderPayments('cs_test_x')).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe('Stripe webhooks', () => {
  const headersOf = (sent: { headers: Record<string, string> }) => sent.headers;

  it('reads a signed checkout.session.completed as the captured payment', async () => {
    const made = await order(75_000);
    const { event, paymentIntent } = await fake.pay(made.id, { webhook: false });
    const sent = await fake.send(event);
    const read = stripe.readWebhook(sent.body, headersOf(sent));
    expect(read).toEqual({
      id: event.id,
      type: 'payment.captured',
      name: 'checkout.session.completed',
      payment: {
        id: paymentIntent.id,
        orderId: made.id,
        amountPaise: 75_000,
        currency: 'INR',
        status: 'captured',
        method: 'card',
        errorDescription: null,
      },
    });
    expect(read.id).toMatch(/^evt_/);
  });

  it('refuses a forged signature, a missing one, and an old one replayed (on the app clock)', async () => {
    const made = await order();
    const { event } = await fake.pay(made.id, { webhook: false });
    const forged = await fake.send(event, { forge: true });
    expect(() => stripe.readWebhook(forged.body, headersOf(forged))).toThrow(WebhookSignatureError);
    const good = await fake.send(event);
    expect(() => stripe.readWebhook(good.body, {})).toThrow(WebhookSignatureError);
    // The body changed by one byte no longer matches its signature.
    expect(() =>
      stripe.readWebhook(good.body.replace('"paid"', '"unpaid"'), headersOf(good)),
    ).toThrow(WebhookSignatureError);

    // The same delivery read 10 minutes later (a replay) is outside Stripe's 5-minute tolerance.
    expect(stripe.readWebhook(good.body, headersOf(good)).id).toBe(event.id);
    clock.advance(10 * 60_000);
    expect(() => stripe.readWebhook(good.body, headersOf(good))).toThrow(WebhookSignatureError);
    // A signature made for an old timestamp is refused even when fresh bytes are sent.
    clock.set(new Date());
    const old = await fake.send(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => stripe.readWebhook(old.body, headersOf(old))).toThrow(WebhookSignatureError);
  });

  it('reads refunds, async outcomes and everything else', async () => {
    const made = await order(30_000);
    const { paymentIntent } = await fake.pay(made.id, { webhook: false });
    fake.setRefundStatus('pending');
    const refund = await stripe.refund({
      paymentId: paymentIntent.id as string,
      amountPaise: 30_000,
      idempotencyKey: 'k-webhook-refund',
      notes: { refundId: 'refund-row-9' },
    });
    const read = async (event: Parameters<StripeFake['send']>[0]) => {
      const sent = await fake.send(event);
      return stripe.readWebhook(sent.body, headersOf(sent));
    };
    const stored = fake.refunds.get(refund.id)!;
    expect(await read(fake.makeEvent('refund.updated', stored))).toMatchObject({
      type: 'other',
    });
    expect(
      await read(fake.makeEvent('refund.updated', { ...stored, status: 'succeeded' })),
    ).toMatchObject({
      type: 'refund.processed',
      refund: {
        id: refund.id,
        paymentId: paymentIntent.id,
        amountPaise: 30_000,
        reference: 'refund-row-9',
      },
    });
    expect(
      await read(fake.makeEvent('refund.failed', { ...stored, status: 'failed' })),
    ).toMatchObject({
      type: 'refund.failed',
      refund: { status: 'failed', reference: 'refund-row-9' },
    });

    const session = fake.sessions.get(made.id)!;
    expect(
      await read(
        fake.makeEvent('checkout.session.async_payment_failed', {
          ...session,
          payment_status: 'unpaid',
        }),
      ),
    ).toMatchObject({ type: 'payment.failed', payment: { orderId: made.id, status: 'failed' } });
    expect(
      await read(fake.makeEvent('checkout.session.async_payment_succeeded', session)),
    ).toMatchObject({
      type: 'payment.captured',
      payment: { orderId: made.id, amountPaise: 30_000 },
    });
    // Completed but not yet paid (an async method still on its way): nothing to settle yet.
    expect(
      await read(
        fake.makeEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }),
      ),
    ).toMatchObject({ type: 'other' });
    expect(await read(fake.makeEvent('checkout.session.expired', session))).toMatchObject({
      type: 'other',
      name: 'checkout.session.expired',
    });
    expect(
      await read(fake.makeEvent('charge.refunded', { id: 'ch_1', object: 'charge' })),
    ).toMatchObject({
      type: 'other',
    });
  });
});

describe('plans: a card kept for renewals, charged off-session', () => {
  const planOrder = () =>
    stripe.createOrder({
      amountPaise: 99_900,
      receipt: 'PLAN-PLUS-TEST',
      notes: { purpose: 'subscription', planId: 'plus', userId: 'u-1' },
      description: 'Pehnava Plus plan, 14 days',
      customerEmail: 'tara@pehnava.test',
      returnUrls: {
        success: 'https://shop.pehnava.test/subscription-plans?payment=success',
        cancel: 'https://shop.pehnava.test/subscription-plans?payment=cancelled',
      },
      recurring: true,
    });
  /** A plan session paid with this test card; its mandate as the app reads it. */
  async function paidPlan(card: FakeCard = 'pays') {
    const made = await planOrder();
    const { paymentIntent, event } = await fake.pay(made.id, { webhook: false, card });
    const [payment] = await stripe.fetchOrderPayments(made.id);
    return { made, paymentIntent, event, mandateId: payment!.mandateId! };
  }
  const charge = (mandateId: string, idempotencyKey: string, amountPaise = 99_900) =>
    stripe.chargeMandate!({
      mandateId,
      amountPaise,
      receipt: 'PLAN-ABCD1234-R',
      description: 'Pehnava Plus plan renewal, 14 days',
      idempotencyKey,
      notes: { purpose: 'renewal', subscriptionId: 'sub-1', planId: 'plus' },
    });
  const offSessionCreates = (key: string) =>
    fake.calls.filter(
      (c) => c.method === 'POST' && c.path === '/v1/payment_intents' && c.idempotencyKey === key,
    );

  it('asks Checkout to make a customer and keep the card for off-session charges', async () => {
    const made = await planOrder();
    const [create] = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').slice(-1);
    expect(create!.params).toMatchObject({
      mode: 'payment',
      customer_creation: 'always',
      customer_email: 'tara@pehnava.test',
      payment_intent_data: { setup_future_usage: 'off_session' },
      success_url: 'https://shop.pehnava.test/subscription-plans?payment=success',
    });
    // A booking's session keeps nothing.
    await order();
    const [booking] = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').slice(-1);
    expect(booking!.params).not.toHaveProperty('customer_creation');
    expect(booking!.params.payment_intent_data).not.toHaveProperty('setup_future_usage');
    expect(made.checkoutUrl).toBe(`${fake.url}/c/pay/${made.id}`);
  });

  it('reads the same mandate from the paid session and from its webhook', async () => {
    const { made, paymentIntent, event, mandateId } = await paidPlan();
    const customer = fake.sessions.get(made.id)!.customer as string;
    expect(customer).toMatch(/^cus_/);
    expect(mandateId).toBe(`${customer}:${String(paymentIntent.id)}`);
    const sent = await fake.send(event);
    expect(stripe.readWebhook(sent.body, sent.headers).payment?.mandateId).toBe(mandateId);
    // The card is the customer's now.
    expect(fake.paymentMethods.get(String(paymentIntent.payment_method))!.customer).toBe(customer);
  });

  it('charges the kept card off-session once per key, in INR, with the key as Idempotency-Key', async () => {
    const { mandateId, paymentIntent } = await paidPlan();
    const key = `renewal:${crypto.randomUUID()}`;
    const payment = await charge(mandateId, key);
    expect(payment).toMatchObject({
      status: 'captured',
      amountPaise: 99_900,
      currency: 'INR',
      method: 'card',
      errorDescription: null,
    });
    expect(payment.id).toMatch(/^pi_/);
    // An off-session charge has no session: it is its own order.
    expect(payment.orderId).toBe(payment.id);
    const [create] = offSessionCreates(key);
    expect(create!.params).toMatchObject({
      amount: '99900',
      currency: 'inr',
      customer: mandateId.split(':')[0],
      payment_method: paymentIntent.payment_method,
      off_session: 'true',
      confirm: 'true',
      description: 'Pehnava Plus plan renewal, 14 days',
      metadata: { purpose: 'renewal', subscriptionId: 'sub-1', pehnavaChargeKey: key },
    });
    expect(await charge(mandateId, key)).toEqual(payment);
    // Days later Stripe has forgotten the key: the charge is found by its metadata instead.
    fake.forgetIdempotencyKeys();
    expect(await charge(mandateId, key)).toEqual(payment);
    expect(offSessionCreates(key)).toHaveLength(1);
    const made = [...fake.paymentIntents.values()].filter(
      (pi) => (pi.metadata as Record<string, string>).pehnavaChargeKey === key,
    );
    expect(made).toHaveLength(1);
    // Another key is another charge.
    const next = await charge(mandateId, `${key}-next`);
    expect(next.id).not.toBe(payment.id);
  });

  it('reads a declined card and one that needs its holder as failed payments with Stripe’s words', async () => {
    const declines = await paidPlan('declines-later');
    const declined = await charge(declines.mandateId, `renewal:${crypto.randomUUID()}`);
    expect(declined).toMatchObject({
      status: 'failed',
      amountPaise: 99_900,
      errorDescription: 'Your card was declined.',
    });
    expect(fake.paymentIntents.get(declined.id)!.status).toBe('requires_payment_method');
    const asks = await paidPlan('needs-authentication');
    const needsHolder = await charge(asks.mandateId, `renewal:${crypto.randomUUID()}`);
    expect(needsHolder).toMatchObject({
      status: 'failed',
      errorDescription: 'Your card was declined. This transaction requires authentication.',
    });
  });

  it('is "not answering" when Stripe is down, and refuses a mandate that is not Stripe’s', async () => {
    const { mandateId } = await paidPlan();
    fake.failNext(5, 503);
    await expect(charge(mandateId, `renewal:${crypto.randomUUID()}`)).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
    fake.failNext(0);
    await expect(charge('token_sandbox123', 'renewal:x')).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
    await expect(charge('cus_Unknown0000:pi_Unknown0000', 'renewal:y')).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it('reads a renewal’s payment_intent.succeeded as its captured payment, and no other PaymentIntent event', async () => {
    const { mandateId } = await paidPlan();
    const key = `renewal:${crypto.randomUUID()}`;
    const charged = await charge(mandateId, key);
    const succeeded = fake.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    const sent = await fake.send(succeeded);
    // A renewal Stripe finished after Pehnava stopped asking still reaches the payment intake:
    // the PaymentIntent is its own order, and its metadata names the period it was for.
    expect(stripe.readWebhook(sent.body, sent.headers)).toMatchObject({
      type: 'payment.captured',
      name: 'payment_intent.succeeded',
      payment: {
        id: charged.id,
        orderId: charged.id,
        status: 'captured',
        amountPaise: 99_900,
        notes: { purpose: 'renewal', subscriptionId: 'sub-1', planId: 'plus' },
      },
    });
    // Any other PaymentIntent (a Checkout Session's) is reported by its session's events.
    const other = fake.makeEvent('payment_intent.succeeded', {
      ...(succeeded.data.object as Record<string, unknown>),
      metadata: {},
    });
    const otherSent = await fake.send(other);
    expect(stripe.readWebhook(otherSent.body, otherSent.headers)).toMatchObject({
      type: 'other',
      name: 'payment_intent.succeeded',
    });
  });
});
