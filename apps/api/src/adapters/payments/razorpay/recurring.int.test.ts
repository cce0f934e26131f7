// The Razorpay adapter's recurring payments (a plan's authorisation order, its token as the
// mandate, and renewal charges) against the local stand-in that speaks Razorpay's documented
// shapes (test/fakes/razorpay-fake.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../lib/clock.js';
import { startRazorpayFake, type RazorpayFake } from '../../../test/fakes/razorpay-fake.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  type PaymentProvider,
} from '../provider.js';
import { hmacHex } from '../signatures.js';
import {
  CHARGE_KEY_NOTE,
  RECURRING_MAX_AMOUNT_PAISE,
  createRazorpayProvider,
  razorpayIdempotencyKey,
} from './provider.js';

const KEYS = {
  keyId: 'rzp_test_RecurringKey01',
  keySecret: 'recurring-key-secret-0123456789',
  webhookSecret: 'recurring-webhook-secret-0123456789',
};
const clock = createManualClock(new Date('2026-11-20T06:30:00Z'));

let fake: RazorpayFake;
let razorpay: PaymentProvider;

beforeAll(async () => {
  fake = await startRazorpayFake({ ...KEYS, autoWebhooks: false });
  razorpay = createRazorpayProvider({
    ...KEYS,
    apiUrl: fake.url,
    checkoutUrl: fake.checkoutUrl,
    timeoutMs: 1_000,
    clock,
  });
});
afterAll(async () => {
  await fake.close();
});

let shoppers = 0;
/** A plan order for a new shopper (or the one given), as plan-billing makes it. */
const planOrder = (email = `rec-${++shoppers}@pehnava.test`, amountPaise = 99_900) =>
  razorpay.createOrder({
    amountPaise,
    receipt: `PLAN-PLUS-${shoppers}`,
    notes: { purpose: 'subscription', planId: 'plus' },
    description: 'Pehnava Plus plan, 14 days',
    customerEmail: email,
    customerName: 'Asha Rao',
    customerContact: '9820012345',
    returnUrls: { success: 'http://x/plans', cancel: 'http://x/plans' },
    recurring: true,
  });

/** A plan bought: its order paid through the stand-in's checkout; the payment as read back. */
async function boughtPlan(renewals: 'succeed' | 'fail' = 'succeed') {
  const order = await planOrder();
  const { payment } = fake.payOrder(order.id, { method: 'card', renewals });
  return { order, payment: await razorpay.fetchPayment(payment.id) };
}

const charge = (mandateId: string, key: string, receipt = 'PLAN-ABCDEF12-R') =>
  razorpay.chargeMandate!({
    mandateId,
    amountPaise: 99_900,
    receipt,
    description: 'Pehnava Plus plan renewal, 14 days',
    idempotencyKey: key,
    notes: { purpose: 'renewal', subscriptionId: key.slice(8), planId: 'plus' },
  });

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('a plan’s authorisation order', () => {
  it('makes the shopper’s customer, then an order for it asking for a card token', async () => {
    const order = await planOrder('asha@pehnava.test');
    expect(order.customerId).toMatch(/^cust_[0-9A-Za-z]{14}$/);
    const [customerCall, orderCall] = fake.calls.slice(-2);
    expect(customerCall).toMatchObject({ method: 'POST', path: '/v1/customers', authorized: true });
    expect(customerCall!.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@pehnava.test',
      contact: '9820012345',
      fail_existing: '0',
    });
    expect(orderCall).toMatchObject({ method: 'POST', path: '/v1/orders' });
    expect(orderCall!.body).toEqual({
      amount: 99_900,
      currency: 'INR',
      receipt: order.receipt,
      notes: { purpose: 'subscription', planId: 'plus' },
      customer_id: order.customerId,
      token: {
        max_amount: RECURRING_MAX_AMOUNT_PAISE,
        // Five years from the injected clock's now.
        expire_at: Math.floor(clock.now().getTime() / 1000) + 5 * 365 * 86_400,
        frequency: 'as_presented',
      },
    });
  });

  it('reuses the customer when the same shopper buys again', async () => {
    const first = await planOrder('again@pehnava.test');
    const second = await planOrder('again@pehnava.test');
    expect(second.customerId).toBe(first.customerId);
    expect(
      [...fake.customers.values()].filter((c) => c.email === 'again@pehnava.test'),
    ).toHaveLength(1);
  });

  it('a booking’s order (not recurring) has no customer and no token', async () => {
    const order = await razorpay.createOrder({
      amountPaise: 250_000,
      receipt: 'PHN-NOTPLAN1',
      notes: {},
      description: 'Pehnava booking',
      customerEmail: 'booking@pehnava.test',
      returnUrls: { success: '', cancel: '' },
    });
    expect(order.customerId).toBeUndefined();
    expect(fake.calls.at(-1)!.body).toEqual({
      amount: 250_000,
      currency: 'INR',
      receipt: 'PHN-NOTPLAN1',
      notes: {},
    });
  });

  it('the payment that pays it names its mandate: customer and token together', async () => {
    const { order, payment } = await boughtPlan();
    const [token] = [...fake.tokens.values()].filter((t) => t.customer_id === order.customerId);
    expect(token).toMatchObject({ recurring: true, max_amount: RECURRING_MAX_AMOUNT_PAISE });
    expect(payment).toMatchObject({
      orderId: order.id,
      status: 'captured',
      mandateId: `${order.customerId}/${token!.id}`,
    });
    expect((await razorpay.fetchOrderPayments(order.id))[0]!.mandateId).toBe(payment.mandateId);
    // And so does its webhook, for a plan the browser never confirms.
    const hook = fake.webhooks.find(
      (w) => w.event === 'payment.captured' && w.body.includes(payment.id),
    )!;
    const event = razorpay.readWebhook(hook.body, {
      'x-razorpay-signature': hmacHex(hook.body, KEYS.webhookSecret),
      'x-razorpay-event-id': hook.eventId,
    });
    expect(event.payment?.mandateId).toBe(payment.mandateId);
  });
});

describe('chargeMandate: a renewal', () => {
  it('creates an order with the receipt and notes, then the recurring payment; reads it back', async () => {
    const { order, payment } = await boughtPlan();
    const before = fake.calls.length;
    const charged = await charge(
      payment.mandateId!,
      'renewal:00000000-aaaa-4000-8000-000000000001',
    );
    expect(charged).toMatchObject({
      id: expect.stringMatching(/^pay_/),
      amountPaise: 99_900,
      status: 'captured',
      method: 'card',
      errorDescription: null,
    });
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v1/orders',
      'POST /v1/orders',
      `GET /v1/customers/${order.customerId}`,
      'POST /v1/payments/create/recurring',
      `GET /v1/payments/${charged.id}`,
    ]);
    expect(calls[0]!.query).toMatchObject({ receipt: 'PLAN-ABCDEF12-R' });
    const key = razorpayIdempotencyKey('renewal:00000000-aaaa-4000-8000-000000000001');
    expect(calls[1]!.body).toEqual({
      amount: 99_900,
      currency: 'INR',
      receipt: 'PLAN-ABCDEF12-R',
      notes: {
        purpose: 'renewal',
        subscriptionId: '00000000-aaaa-4000-8000-000000000001',
        planId: 'plus',
        [CHARGE_KEY_NOTE]: key,
      },
      payment_capture: true,
    });
    const tokenId = payment.mandateId!.split('/')[1];
    expect(calls[3]!.body).toEqual({
      email: 'rec-' + shoppers + '@pehnava.test',
      contact: '9820012345',
      amount: 99_900,
      currency: 'INR',
      order_id: charged.orderId,
      customer_id: order.customerId,
      token: tokenId,
      recurring: '1',
      description: 'Pehnava Plus plan renewal, 14 days',
      notes: {
        purpose: 'renewal',
        subscriptionId: '00000000-aaaa-4000-8000-000000000001',
        planId: 'plus',
      },
    });
    expect(fake.payments.get(charged.id)).toMatchObject({
      token_id: tokenId,
      customer_id: order.customerId,
      recurring: true,
    });
    // Asked again with the same key: the same charge, nothing new at Razorpay.
    const again = await charge(payment.mandateId!, 'renewal:00000000-aaaa-4000-8000-000000000001');
    expect(again.id).toBe(charged.id);
    expect([...fake.payments.values()].filter((p) => p.order_id === charged.orderId)).toHaveLength(
      1,
    );
  });

  it('a recurring payment whose answer was lost is found again: one charge', async () => {
    const { payment } = await boughtPlan();
    const key = 'renewal:00000000-bbbb-4000-8000-000000000002';
    fake.failOn('POST', '/v1/payments/create/recurring', 'drop');
    const lost = await failureOf(charge(payment.mandateId!, key, 'PLAN-BBBB0002-R'));
    expect(lost).toBeInstanceOf(ProviderUnavailableError);
    const retried = await charge(payment.mandateId!, key, 'PLAN-BBBB0002-R');
    expect(retried.status).toBe('captured');
    const orders = [...fake.orders.values()].filter((o) => o.receipt === 'PLAN-BBBB0002-R');
    expect(orders).toHaveLength(1);
    const charges = [...fake.payments.values()].filter((p) => p.order_id === orders[0]!.id);
    expect(charges.map((p) => p.id)).toEqual([retried.id]);
  });

  it('an order whose answer was lost is found again by receipt and key: one order, one charge', async () => {
    const { payment } = await boughtPlan();
    const key = 'renewal:00000000-cccc-4000-8000-000000000003';
    // Another period's order with the same receipt (its key differs) is not taken for this one.
    await charge(payment.mandateId!, 'renewal:00000000-dddd-4000-8000-000000000004', 'PLAN-SAME-R');
    fake.failOn('POST', '/v1/orders', 'drop');
    expect(await failureOf(charge(payment.mandateId!, key, 'PLAN-SAME-R'))).toBeInstanceOf(
      ProviderUnavailableError,
    );
    const retried = await charge(payment.mandateId!, key, 'PLAN-SAME-R');
    const orders = [...fake.orders.values()].filter((o) => o.receipt === 'PLAN-SAME-R');
    expect(orders).toHaveLength(2);
    const mine = orders.filter((o) => o.notes[CHARGE_KEY_NOTE] === razorpayIdempotencyKey(key));
    expect(mine.map((o) => o.id)).toEqual([retried.orderId]);
    expect([...fake.payments.values()].filter((p) => p.order_id === retried.orderId)).toHaveLength(
      1,
    );
  });

  it('a declined charge comes back failed with the bank’s words, and is not tried again', async () => {
    const { payment } = await boughtPlan();
    fake.declineNextRecurring('Insufficient funds in the account.');
    const key = 'renewal:00000000-eeee-4000-8000-000000000005';
    const declined = await charge(payment.mandateId!, key, 'PLAN-EEEE0005-R');
    expect(declined).toMatchObject({
      status: 'failed',
      errorDescription: 'Insufficient funds in the account.',
    });
    const again = await charge(payment.mandateId!, key, 'PLAN-EEEE0005-R');
    expect(again.id).toBe(declined.id);
    // The shopper chose 'Renewals are declined' at the checkout: every charge is.
    const refusing = await boughtPlan('fail');
    const no = await charge(
      refusing.payment.mandateId!,
      'renewal:00000000-ffff-4000-8000-00000000000f',
    );
    expect(no.status).toBe('failed');
  });

  it('Razorpay down is ProviderUnavailableError; a mandate that is not Razorpay’s is a refusal', async () => {
    const { payment } = await boughtPlan();
    fake.failOn('GET', '/v1/orders', 'error', 502);
    const down = await failureOf(
      charge(payment.mandateId!, 'renewal:00000000-1111-4000-8000-0000000000a1'),
    );
    expect(down).toBeInstanceOf(ProviderUnavailableError);
    const foreign = await failureOf(charge('token_OnlyAToken0001', 'renewal:x-0000000001'));
    expect(foreign).toBeInstanceOf(ProviderRequestError);
    const unknown = await failureOf(
      charge(`${payment.mandateId!.split('/')[0]}/token_NoSuchToken0001`, 'renewal:x-0000000002'),
    );
    expect(unknown).toBeInstanceOf(ProviderRequestError);
    expect(unknown.message).toBe('The token id provided does not exist');
  });
});
