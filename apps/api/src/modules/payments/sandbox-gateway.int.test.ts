import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfigResponseSchema, type Product } from '@pehnava/shared';
import { captures, paymentEvents, sandboxOrders } from '../../db/schema/index.js';
import { SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bookingRow, mailsAbout } from '../../test/bookings.js';
import { checkout, itemFor, paidIds, sandboxKey } from '../../test/checkout.js';
import { runUntilIdle, sandboxWebhooksOf } from '../../test/late-payments.js';
import { catalogueProducts, newShopper, rentable } from '../../test/shopping.js';
import { paymentSignature } from '../../adapters/payments/signatures.js';
import { createSandboxGateway, paymentEntity } from '../../adapters/payments/sandbox/gateway.js';
import { createSandboxGatewayRepository } from '../../adapters/payments/sandbox/gateway.repository.js';
import { resolveSandboxKeys } from '../../adapters/payments/sandbox/keys.js';

const clock = createManualClock(new Date());
let t: TestApp;
let products: Product[];
let orderId: string;
let amount: number;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { CORS_ORIGINS: 'https://partner.example' },
  });
  products = (await catalogueProducts(t)).filter(rentable);
  const s = await newShopper(t, 'gateway@pehnava.test');
  const created = await checkout(s, [itemFor(products[0]!)]);
  orderId = created.orderId!;
  amount = created.amount;
});
afterAll(async () => {
  await t.close();
});

const sandboxKeyOf = () => sandboxKey(t);

const pay = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    headers,
    payload: {
      key: await sandboxKey(t),
      order_id: orderId,
      method: 'upi',
      vpa: 'success@razorpay',
      ...body,
    },
  });

describe('GET /api/config and the checkout script', () => {
  it('names the sandbox, its public key and an absolute script address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'shop.pehnava.test' },
    });
    const { payments } = clientConfigResponseSchema.parse(res.json());
    expect(payments).toEqual({
      provider: 'sandbox',
      flow: 'modal',
      keyId: resolveSandboxKeys(t.dataDir).keyId,
      checkoutScriptUrl: 'http://shop.pehnava.test/api/payments/sandbox/checkout.js',
      currency: 'INR',
    });
    expect(payments.keyId).toMatch(/^rzp_test_[0-9A-Za-z]{14}$/);
  });

  it('serves the script that defines window.Razorpay, loadable from other origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('window.Razorpay');
  });
});

describe('POST /api/payments/sandbox/pay', () => {
  it('refuses bad input with a message and records nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ key: 'rzp_test_wrongwrongwrong' }, 401, 'This checkout was opened with an unknown key'],
      [{ order_id: 'order_NoSuchOrder123' }, 404, 'No such order'],
      [{ vpa: 'not-a-vpa' }, 400, 'Enter a valid UPI ID, like name@bank'],
      [
        { method: 'card', card: { number: '4111 1111 1111 1112', expiry: '12/40', cvv: '123' } },
        400,
        'Enter a valid card number',
      ],
      [
        { method: 'card', card: { number: '4111 1111 1111 1111', expiry: '01/20', cvv: '123' } },
        400,
        'Enter a valid expiry date (MM/YY) that has not passed',
      ],
      [
        { method: 'card', card: { number: '4111 1111 1111 1111', expiry: '12/40', cvv: '1' } },
        400,
        'Enter a valid CVV',
      ],
    ];
    for (const [change, status, message] of cases) {
      const res = await pay(change);
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await t.services.provider.fetchOrderPayments(orderId)).toEqual([]);
  });

  it('declines the test values as Razorpay does, with its error shape', async () => {
    for (const body of [
      { vpa: 'failure@razorpay' },
      { method: 'card', card: { number: '4000 0000 0000 0002', expiry: '12/40', cvv: '123' } },
      { outcome: 'failure' },
    ]) {
      const res = await pay(body);
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer.status).toBe('failed');
      expect(answer.error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        step: 'payment_authorization',
        metadata: { order_id: orderId },
      });
      expect(answer.error.metadata.payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
      expect(answer.error.description.length).toBeGreaterThan(10);
    }
  });

  it('captures a card payment signed as Razorpay signs it, and only one per order', async () => {
    const res = await pay({
      method: 'card',
      card: { number: '4111 1111 1111 1111', expiry: '12/40', cvv: '123', name: 'Tara Iyer' },
    });
    expect(res.statusCode).toBe(200);
    const paid = res.json();
    expect(paid.status).toBe('captured');
    const { keySecret } = resolveSandboxKeys(t.dataDir);
    expect(paid.razorpay_signature).toBe(
      paymentSignature(orderId, paid.razorpay_payment_id, keySecret),
    );
    const payment = await t.services.provider.fetchPayment(paid.razorpay_payment_id);
    expect(payment).toMatchObject({
      orderId,
      amountPaise: amount,
      status: 'captured',
      method: 'card',
    });

    const again = await pay({});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This order has already been paid' });
  });

  it('takes one of several payments made at once on an order, and refuses the others', async () => {
    const s = await newShopper(t, 'at-once@pehnava.test');
    const created = await checkout(s, [itemFor(products[2]!)]);
    const payAt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/pay',
        payload: {
          key: sandboxKey,
          order_id: created.orderId,
          method: 'upi',
          vpa: 'success@razorpay',
        },
      });
    const sandboxKey = await sandboxKeyOf();
    const answers = await Promise.all([payAt(), payAt(), payAt(), payAt()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ success: false, message: 'This order has already been paid' });
    }
    const made = await t.services.provider.fetchOrderPayments(created.orderId!);
    expect(made.map((p) => p.status)).toEqual(['captured']);
    // One webhook, for the one payment; the order counted one attempt and is paid.
    const webhooks = await sandboxWebhooksOf(t, created.orderId!);
    expect(webhooks.map((w) => w.event)).toEqual(['payment.captured']);
    const [order] = await t.database.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, created.orderId!));
    expect(order).toMatchObject({ status: 'paid', attempts: 1 });

    // Past the read that saw it unpaid (the race's dangerous point), the statement itself
    // refuses a paid order: nothing is written, not even a declined attempt.
    const repository = createSandboxGatewayRepository(t.database.db, clock);
    for (const status of ['captured', 'failed']) {
      const late = await repository.recordAttempt({
        payment: {
          id: `pay_Late${status}0000000`.slice(0, 18),
          orderId: created.orderId!,
          amountPaise: created.amount,
          currency: 'INR',
          status,
          method: 'upi',
          vpa: 'success@razorpay',
          cardLast4: null,
          cardNetwork: null,
          email: null,
          contact: null,
          errorCode: null,
          errorDescription: null,
          errorReason: null,
        },
        orderStatus: status === 'captured' ? 'paid' : 'attempted',
        webhook: {
          eventId: `evt_Late${status}`,
          event: 'payment.captured',
          body: '{}',
          dueAt: clock.now(),
        },
        at: clock.now(),
      });
      expect(late).toBeUndefined();
    }
    expect(await t.services.provider.fetchOrderPayments(created.orderId!)).toHaveLength(1);
    expect(await sandboxWebhooksOf(t, created.orderId!)).toHaveLength(1);
  });

  it('keeps a declined attempt, then a captured one, each with its webhook as it was stored', async () => {
    const s = await newShopper(t, 'declined-first@pehnava.test');
    const created = await checkout(s, [itemFor(products[3]!)]);
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: {
        key: await sandboxKeyOf(),
        order_id: created.orderId,
        method: 'upi',
        vpa: 'failure@razorpay',
      },
    });
    expect(declined.json().status).toBe('failed');
    const ids = await paidIds(t, created.orderId!);
    const repository = createSandboxGatewayRepository(t.database.db, clock);
    const webhooks = await sandboxWebhooksOf(t, created.orderId!);
    expect(webhooks.map((w) => w.event).sort()).toEqual(['payment.captured', 'payment.failed']);
    for (const webhook of webhooks) {
      const sent = JSON.parse(webhook.body) as {
        payload: { payment: { entity: { id: string } }; order: { entity: unknown } };
      };
      const stored = await repository.findPayment(sent.payload.payment.entity.id);
      // The webhook's payment is the payment as the gateway stored it.
      expect(sent.payload.payment.entity).toEqual(paymentEntity(stored!));
      expect(stored!.status).toBe(webhook.event === 'payment.failed' ? 'failed' : 'captured');
    }
    expect(ids.razorpay_payment_id).toMatch(/^pay_/);
    const [order] = await t.database.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, created.orderId!));
    expect(order).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('answers a partner storefront on an allowed origin, preflight included', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/payments/sandbox/pay',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    const create = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/booking/create',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(create.statusCode).toBe(204);
  });
});

describe('sandbox refunds', () => {
  it('refund once per idempotency key, never more than was paid', async () => {
    const s = await newShopper(t, 'refunds@pehnava.test');
    const created = await checkout(s, [itemFor(products[1]!)]);
    const paid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/pay',
        payload: {
          key: await sandboxKey(t),
          order_id: created.orderId,
          method: 'upi',
          vpa: 'success@razorpay',
        },
      })
    ).json();
    const refund = (key: string, amountPaise: number) =>
      t.services.provider.refund({
        paymentId: paid.razorpay_payment_id,
        amountPaise,
        idempotencyKey: key,
        notes: { refundId: key },
      });
    const first = await refund('k1', 1000);
    expect(await refund('k1', 1000)).toEqual(first);
    expect(first.reference).toBe('k1');
    expect(
      await t.services.provider.fetchRefund({
        paymentId: paid.razorpay_payment_id,
        refundId: first.id,
      }),
    ).toEqual(first);
    await expect(refund('k2', created.amount)).rejects.toThrow(/more than what is left/);
    const rest = await refund('k3', created.amount - 1000);
    expect(rest.amountPaise).toBe(created.amount - 1000);
    const payment = await t.services.provider.fetchPayment(paid.razorpay_payment_id);
    expect(payment.status).toBe('refunded');
    // Signatures are checked in constant time and refuse anything else.
    expect(
      t.services.provider.verifyPaymentSignature({
        orderId: created.orderId!,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')),
      }),
    ).toBe(false);
  });
});

describe('sandbox webhooks', () => {
  it('a batch sent again after a crash before it was marked delivered confirms nothing twice', async () => {
    const paid = [];
    for (const [i, product] of products.slice(4, 7).entries()) {
      const s = await newShopper(t, `webhook-crash-${i}@pehnava.test`);
      const created = await checkout(s, [itemFor(product)]);
      paid.push({ created, ids: await paidIds(t, created.orderId!) });
    }
    clock.advance(t.config.SANDBOX_WEBHOOK_DELAY_MS + 1_000);

    // A runner that sends the whole batch, then dies before marking any of it delivered.
    const books = createSandboxGatewayRepository(t.database.db, clock);
    const crashing = createSandboxGateway({
      repository: {
        ...books,
        markWebhooksDelivered: () => Promise.reject(new Error('the runner died')),
      },
      keys: resolveSandboxKeys(t.dataDir),
      clock,
      logger: { warn: () => undefined, error: () => undefined },
      webhookDelayMs: t.config.SANDBOX_WEBHOOK_DELAY_MS,
      sendWebhook: async (body, headers) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/payments/sandbox/webhook',
            headers,
            payload: body,
          })
        ).statusCode,
    });
    await expect(crashing.deliverDueWebhooks()).rejects.toThrow('the runner died');
    for (const { created } of paid) {
      expect((await bookingRow(t, created.bookingId)).status).toBe('confirmed');
      const [webhook] = await sandboxWebhooksOf(t, created.orderId!);
      expect(webhook!.deliveredAt).toBeNull();
    }

    // Its lease ends: the job sends the same batch again, and the app takes each as a duplicate.
    clock.advance(61_000);
    await runUntilIdle(t, SANDBOX_WEBHOOKS_JOB);
    for (const { created, ids } of paid) {
      const [webhook] = await sandboxWebhooksOf(t, created.orderId!);
      expect(webhook!.deliveredAt).not.toBeNull();
      expect(webhook!.attempts).toBe(2);
      const events = await t.database.db
        .select()
        .from(paymentEvents)
        .where(
          and(eq(paymentEvents.provider, 'sandbox'), eq(paymentEvents.eventId, webhook!.eventId)),
        );
      expect(events).toHaveLength(1);
      const decided = await t.database.db
        .select()
        .from(captures)
        .where(inArray(captures.providerPaymentId, [ids.razorpay_payment_id]));
      expect(decided.map((c) => c.outcome)).toEqual(['applied']);
      expect(await mailsAbout(t, created.bookingId)).toHaveLength(1);
      expect((await bookingRow(t, created.bookingId)).status).toBe('confirmed');
    }
  });
});
