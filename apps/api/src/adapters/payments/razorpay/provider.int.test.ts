// The Razorpay adapter through the official SDK, against the local stand-in that speaks Razorpay's
// documented shapes (test/fakes/razorpay-fake.ts): what is sent, what is read back, and how each
// kind of failure comes out.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayFake, type RazorpayFake } from '../../../test/fakes/razorpay-fake.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
} from '../provider.js';
import { systemClock } from '../../../lib/clock.js';
import { hmacHex } from '../signatures.js';
import { createRazorpayProvider, razorpayIdempotencyKey, razorpayPageSources } from './provider.js';

const KEYS = {
  keyId: 'rzp_test_AdapterKey0001',
  keySecret: 'adapter-key-secret-0123456789',
  webhookSecret: 'adapter-webhook-secret-0123456789',
};

let fake: RazorpayFake;
let razorpay: PaymentProvider;

const providerFor = (overrides: Partial<Parameters<typeof createRazorpayProvider>[0]> = {}) =>
  createRazorpayProvider({
    ...KEYS,
    apiUrl: fake.url,
    checkoutUrl: fake.checkoutUrl,
    timeoutMs: 2_000,
    clock: systemClock,
    ...overrides,
  });

const order = (amountPaise = 250_000, receipt = 'PHN-ADAPTER1') =>
  razorpay.createOrder({
    amountPaise,
    receipt,
    notes: { bookingId: 'b-1' },
    description: 'Pehnava booking',
    returnUrls: { success: 'http://x/verify', cancel: 'http://x/verify' },
  });

/** What a call rejected with (the test fails if it resolved). */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  fake = await startRazorpayFake({ ...KEYS, autoWebhooks: false });
  razorpay = providerFor();
});
afterAll(async () => {
  await fake.close();
});

describe('orders', () => {
  it('creates an order in paise, INR, with the receipt and notes, under basic auth', async () => {
    const made = await order(250_000, 'PHN-ABC123');
    expect(made).toEqual({
      id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
      amountPaise: 250_000,
      currency: 'INR',
      receipt: 'PHN-ABC123',
      checkoutUrl: null,
    });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/orders', authorized: true });
    expect(call.body).toEqual({
      amount: 250_000,
      currency: 'INR',
      receipt: 'PHN-ABC123',
      notes: { bookingId: 'b-1' },
    });
    expect(fake.orders.get(made.id)).toMatchObject({ amount: 250_000, status: 'created' });
  });

  it('opens the modal checkout with the configured script and key', () => {
    expect(razorpay).toMatchObject({ name: 'razorpay', flow: 'modal', keyId: KEYS.keyId });
    expect(razorpay.checkoutScriptUrl('https://shop.example')).toBe(fake.checkoutUrl);
  });

  it('reports wrong keys and refused requests as ProviderRequestError with Razorpay’s words', async () => {
    const wrongKeys = providerFor({ keySecret: 'not-the-secret' });
    const denied = await failureOf(
      wrongKeys.createOrder({
        amountPaise: 10_000,
        receipt: 'r',
        notes: {},
        description: '',
        returnUrls: { success: '', cancel: '' },
      }),
    );
    expect(denied).toBeInstanceOf(ProviderRequestError);
    expect(denied).toMatchObject({ status: 401, message: 'Authentication failed' });
    expect(fake.calls.at(-1)!.authorized).toBe(false);

    const tooSmall = await failureOf(order(50));
    expect(tooSmall).toBeInstanceOf(ProviderRequestError);
    expect(tooSmall).toMatchObject({
      status: 400,
      message: 'The amount must be at least INR 1.00',
    });
  });
});

describe('payments', () => {
  it('checks the payment signature in constant time against the key secret', async () => {
    const made = await order();
    const { ids } = fake.payOrder(made.id);
    const good = {
      orderId: made.id,
      paymentId: ids.razorpay_payment_id,
      signature: ids.razorpay_signature,
    };
    expect(razorpay.verifyPaymentSignature(good)).toBe(true);
    const forged = hmacHex(`${made.id}|${ids.razorpay_payment_id}`, 'someone-else');
    expect(razorpay.verifyPaymentSignature({ ...good, signature: forged })).toBe(false);
    expect(razorpay.verifyPaymentSignature({ ...good, orderId: 'order_Other000000000' })).toBe(
      false,
    );
    expect(razorpay.verifyPaymentSignature({ ...good, signature: 'short' })).toBe(false);
  });

  it('reads each payment method, the status and a failure’s description', async () => {
    for (const method of ['upi', 'card', 'netbanking', 'wallet'] as const) {
      const made = await order();
      const { payment } = fake.payOrder(made.id, { method });
      expect(await razorpay.fetchPayment(payment.id)).toEqual({
        id: payment.id,
        orderId: made.id,
        amountPaise: 250_000,
        currency: 'INR',
        status: 'captured',
        method,
        errorDescription: null,
      });
    }
    const made = await order();
    const failed = fake.payOrder(made.id, { status: 'failed', errorDescription: 'Bank declined' });
    const captured = fake.payOrder(made.id, { method: 'card' });
    expect(await razorpay.fetchPayment(failed.payment.id)).toMatchObject({
      status: 'failed',
      errorDescription: 'Bank declined',
    });
    const ofOrder = await razorpay.fetchOrderPayments(made.id);
    expect(ofOrder.map((p) => [p.id, p.status, p.method])).toEqual([
      [failed.payment.id, 'failed', 'upi'],
      [captured.payment.id, 'captured', 'card'],
    ]);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/orders/${made.id}/payments`,
    });
  });

  it('an unknown payment id is a refusal, not an outage', async () => {
    const error = await failureOf(razorpay.fetchPayment('pay_NoSuchPayment00'));
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error.message).toBe('The id provided does not exist');
  });
});

describe('refunds', () => {
  const refundOf = (paymentId: string, key: string, refundId = 'refund-row-1') =>
    razorpay.refund({
      paymentId,
      amountPaise: 250_000,
      idempotencyKey: key,
      notes: { refundId, bookingId: 'b-1', reason: 'cancellation' },
    });

  it('refunds with the idempotency header: a repeated call refunds once', async () => {
    const made = await order();
    const { payment } = fake.payOrder(made.id);
    const first = await refundOf(payment.id, 'cancel:2f1d6c1e-0000-4000-8000-000000000001');
    expect(first).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId: payment.id,
      amountPaise: 250_000,
      status: 'processed',
      reference: 'refund-row-1',
    });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: `/v1/payments/${payment.id}/refund` });
    expect(call.body).toEqual({
      amount: 250_000,
      receipt: 'refund-row-1',
      notes: { refundId: 'refund-row-1', bookingId: 'b-1', reason: 'cancellation' },
    });
    // Razorpay takes 10+ letters, digits, '-' and '_': our `cancel:{id}` is sent as its hash.
    expect(call.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);

    const again = await refundOf(payment.id, 'cancel:2f1d6c1e-0000-4000-8000-000000000001');
    expect(again.id).toBe(first.id);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(fake.payments.get(payment.id)).toMatchObject({ amount_refunded: 250_000 });

    // Nothing is left to refund under another key.
    const more = await failureOf(refundOf(payment.id, 'cancel:another-key-00000000'));
    expect(more).toBeInstanceOf(ProviderRequestError);
  });

  it('a refund accepted as pending is read again later, until processed', async () => {
    const made = await order();
    const { payment } = fake.payOrder(made.id);
    fake.refundsCome('pending');
    try {
      const accepted = await refundOf(payment.id, 'refund:pending-0001', 'refund-row-2');
      expect(accepted).toMatchObject({ status: 'pending', reference: 'refund-row-2' });
      const stillPending = await razorpay.fetchRefund({
        paymentId: payment.id,
        refundId: accepted.id,
      });
      expect(stillPending.status).toBe('pending');
      fake.settleRefund(accepted.id, 'processed');
      expect(
        await razorpay.fetchRefund({ paymentId: payment.id, refundId: accepted.id }),
      ).toMatchObject({ id: accepted.id, status: 'processed', reference: 'refund-row-2' });
      expect(fake.calls.at(-1)).toMatchObject({
        method: 'GET',
        path: `/v1/payments/${payment.id}/refunds/${accepted.id}`,
      });
    } finally {
      fake.refundsCome('processed');
    }
  });

  it('keeps an acceptable key as it is, and maps any other one to the same value each time', () => {
    expect(razorpayIdempotencyKey('550e8400-e29b-41d4-a716-446655440000')).toBe(
      '550e8400-e29b-41d4-a716-446655440000',
    );
    const mapped = razorpayIdempotencyKey('refund:pay_ABCDEFGHIJKLMN');
    expect(mapped).toMatch(/^[0-9a-f]{64}$/);
    expect(razorpayIdempotencyKey('refund:pay_ABCDEFGHIJKLMN')).toBe(mapped);
    expect(razorpayIdempotencyKey('refund:pay_ABCDEFGHIJKLMO')).not.toBe(mapped);
    expect(razorpayIdempotencyKey('short')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('when Razorpay is down or slow', () => {
  it('a 5xx, a 429 or no answer in time is ProviderUnavailableError', async () => {
    fake.failNext(1, 'error', 502);
    const bad = await failureOf(order());
    expect(bad).toBeInstanceOf(ProviderUnavailableError);
    expect(bad.message).toMatch(/502/);

    fake.failNext(1, 'error', 429);
    expect(await failureOf(order())).toBeInstanceOf(ProviderUnavailableError);

    const impatient = providerFor({ timeoutMs: 300 });
    fake.failNext(1, 'hang');
    const started = Date.now();
    const slow = await failureOf(impatient.fetchPayment('pay_Whatever000000'));
    expect(slow).toBeInstanceOf(ProviderUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
    // And the next call is answered as usual.
    expect((await order()).id).toMatch(/^order_/);
  });

  it('a refused connection is ProviderUnavailableError, not the SDK’s TypeError', async () => {
    // A port nothing listens on: taken, then given back.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const nowhere = providerFor({ apiUrl: `http://127.0.0.1:${port}` });
    const error = await failureOf(nowhere.fetchOrderPayments('order_Whatever00000'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/did not answer/);
    const refund = await failureOf(
      nowhere.refund({
        paymentId: 'pay_Whatever000000',
        amountPaise: 100,
        idempotencyKey: 'refund:x',
        notes: { refundId: 'r' },
      }),
    );
    expect(refund).toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('webhooks', () => {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: 'pay_Webhook0000001',
          order_id: 'order_Webhook000001',
          amount: 1000,
          currency: 'INR',
          status: 'captured',
          method: 'netbanking',
        },
      },
    },
  });
  const signed = (raw: string, secret = KEYS.webhookSecret) => ({
    'x-razorpay-signature': hmacHex(raw, secret),
    'x-razorpay-event-id': 'evt_Webhook0000001',
  });

  it('reads a webhook signed with the webhook secret', () => {
    expect(razorpay.readWebhook(body, signed(body))).toEqual({
      id: 'evt_Webhook0000001',
      type: 'payment.captured',
      name: 'payment.captured',
      payment: {
        id: 'pay_Webhook0000001',
        orderId: 'order_Webhook000001',
        amountPaise: 1000,
        currency: 'INR',
        status: 'captured',
        method: 'netbanking',
        errorDescription: null,
      },
    });
  });

  it('refuses a forged, altered or unsigned one', () => {
    expect(() => razorpay.readWebhook(body, signed(body, KEYS.keySecret))).toThrow(
      WebhookSignatureError,
    );
    expect(() => razorpay.readWebhook(body.replace('1000', '100'), signed(body))).toThrow(
      WebhookSignatureError,
    );
    expect(() =>
      razorpay.readWebhook(body, { 'x-razorpay-signature': signed(body)['x-razorpay-signature'] }),
    ).toThrow(WebhookSignatureError);
    expect(() => razorpay.readWebhook('null', signed('null'))).toThrow(WebhookSignatureError);
  });
});

describe('the page’s CSP sources', () => {
  it('are Razorpay’s documented hosts for Razorpay itself', () => {
    expect(
      razorpayPageSources(
        'https://api.razorpay.com',
        'https://checkout.razorpay.com/v1/checkout.js',
      ),
    ).toEqual({
      script: ['https://checkout.razorpay.com'],
      connect: [
        'https://api.razorpay.com',
        'https://lumberjack.razorpay.com',
        'https://checkout.razorpay.com',
      ],
      frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    });
  });

  it('add a stand-in’s own address when the API is elsewhere', () => {
    const sources = razorpayPageSources(fake.url, fake.checkoutUrl);
    expect(sources.script).toEqual([fake.url]);
    expect(sources.connect).toEqual([
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      fake.url,
    ]);
    expect(sources.frame).toEqual(['https://api.razorpay.com', fake.url]);
  });
});
