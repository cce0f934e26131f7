// Plans with PAYMENT_PROVIDER=razorpay: bought through the Razorpay adapter and the local stand-in
// (test/fakes/razorpay-fake.ts) with Razorpay's recurring payments, then renewed by the renewals
// job charging the token. The stand-in's webhooks reach the app in-process when a test says so.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mySubscriptionResponseSchema,
  sandboxPayResponseSchema,
  subscribeResponseSchema,
  type SubscribeResponse,
} from '@pehnava/shared';
import { openDatabase } from '../../db/client.js';
import { outboxMails, payments, subscriptions, users } from '../../db/schema/index.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { createManualClock, type Clock } from '../../lib/clock.js';
import { TEST_PASSWORD, callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { startRazorpayFake, type RazorpayFake } from '../../test/fakes/razorpay-fake.js';
import { newShopper, type Shopper } from '../../test/shopping.js';

const KEYS = {
  keyId: 'rzp_test_PlansKey00001',
  keySecret: 'plans-key-secret-0123456789',
  webhookSecret: 'plans-webhook-secret-0123456789',
};
const DAY_MS = 86_400_000;
const PHONE = '9820012345';

const razorpayEnv = (fake: RazorpayFake) => ({
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: KEYS.keyId,
  RAZORPAY_KEY_SECRET: KEYS.keySecret,
  RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
  RAZORPAY_API_URL: fake.url,
  RAZORPAY_CHECKOUT_URL: fake.checkoutUrl,
  RAZORPAY_TIMEOUT_MS: '1500',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  JWT_SECRET: 'r'.repeat(40),
});

/** Deliver the stand-in's webhooks into this app, as Razorpay would to its webhook address. */
const deliverTo = (t: () => TestApp) => async (body: string, headers: Record<string, string>) =>
  (
    await t().app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers,
      payload: body,
    })
  ).statusCode;

/**
 * A new shopper with a phone (Razorpay's recurring charges need the customer's contact), whose
 * calls sign in afresh once the test clock has moved past their token's 7 days.
 */
async function shopperOf(t: TestApp, email: string, clock: Clock): Promise<Shopper> {
  const s = await newShopper(t, email);
  await t.database.db.update(users).set({ phone: PHONE }).where(eq(users.id, s.id));
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
    call: async (method, url, payload) => callAs(t, await fresh(), method, url, payload),
  };
}

async function subscribe(s: Shopper, plan: 'plus' | 'pro'): Promise<SubscribeResponse> {
  const res = await s.call('POST', '/api/subscription/subscribe', { plan });
  expect(res.statusCode, res.body).toBe(200);
  return subscribeResponseSchema.parse(res.json());
}

/** Pay at the stand-in as the checkout sheet does when opened with `recurring: "1"`. */
async function payInBrowser(fake: RazorpayFake, body: Record<string, unknown>) {
  const res = await fetch(new URL('pay', fake.checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://shop.pehnava.test' },
    body: JSON.stringify({
      key: KEYS.keyId,
      method: 'card',
      card: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
      renewals: 'succeed',
      ...body,
    }),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

const periodsOf = (t: TestApp, userId: string) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const renewalsOf = (t: TestApp, userIds: string[]) =>
  t.database.db
    .select()
    .from(payments)
    .where(and(inArray(payments.userId, userIds), eq(payments.purpose, 'renewal')));
const mailsTo = (t: TestApp, email: string, kind: string) =>
  t.database.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.recipient, email), eq(outboxMails.kind, kind)));
const recurringCalls = (fake: RazorpayFake, customerId: string) =>
  fake.calls.filter(
    (c) =>
      c.path === '/v1/payments/create/recurring' &&
      (c.body as { customer_id?: string }).customer_id === customerId,
  );

describe('plans with Razorpay', () => {
  const clock = createManualClock(new Date());
  let fake: RazorpayFake;
  let t: TestApp;
  let n = 0;
  const shopper = () => shopperOf(t, `rzp-plan-${++n}@pehnava.test`, clock);

  beforeAll(async () => {
    fake = await startRazorpayFake({ ...KEYS, autoWebhooks: false, deliver: deliverTo(() => t) });
    t = await createTestApp({ seed: true, clock, jobs: false, env: razorpayEnv(fake) });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /**
   * Earlier tests' plans would fall due with this one as the clock moves (and take a failure or
   * decline meant for it): they are left to expire instead, with no charge.
   */
  const othersStopRenewing = () =>
    t.database.db
      .update(subscriptions)
      .set({ autoRenew: false })
      .where(eq(subscriptions.status, 'active'));

  const me = async (s: Shopper) =>
    mySubscriptionResponseSchema.parse((await s.call('GET', '/api/subscription/me')).json())
      .subscription;

  /** Subscribe, pay in the checkout with the answer's customer, and verify. */
  async function buy(s: Shopper, plan: 'plus' | 'pro', renewals: 'succeed' | 'fail' = 'succeed') {
    const order = await subscribe(s, plan);
    const paid = await payInBrowser(fake, {
      order_id: order.orderId,
      customer_id: order.order!.customerId,
      renewals,
    });
    const ids = sandboxPayResponseSchema.parse(paid.json);
    if (ids.status !== 'captured') throw new Error('not captured');
    const { status: _status, ...checkoutIds } = ids;
    const res = await s.call('POST', '/api/subscription/verify', checkoutIds);
    expect(res.statusCode, res.body).toBe(200);
    return { order, paymentId: ids.razorpay_payment_id };
  }

  it('subscribe opens an authorisation order for the shopper’s customer; verify keeps the mandate', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'plus');
    expect(order.order).toMatchObject({ amount: 99_900, checkoutUrl: null });
    const customerId = order.order!.customerId!;
    expect(customerId).toMatch(/^cust_/);
    expect(fake.customers.get(customerId)).toMatchObject({
      email: `rzp-plan-${n}@pehnava.test`,
      contact: PHONE,
    });
    expect(fake.orders.get(order.orderId!)).toMatchObject({
      customer_id: customerId,
      token: { frequency: 'as_presented' },
    });
    // A checkout opened without the customer (or without recurring) is refused by Razorpay.
    const without = await payInBrowser(fake, { order_id: order.orderId });
    expect(without.status).toBe(400);

    const paid = await payInBrowser(fake, { order_id: order.orderId, customer_id: customerId });
    const ids = sandboxPayResponseSchema.parse(paid.json);
    if (ids.status !== 'captured') throw new Error('not captured');
    const { status: _status, ...checkoutIds } = ids;
    expect((await s.call('POST', '/api/subscription/verify', checkoutIds)).statusCode).toBe(200);
    expect(await me(s)).toMatchObject({ plan: 'plus', autoRenew: true });
    const token = [...fake.tokens.values()].find((k) => k.customer_id === customerId)!;
    const [period] = await periodsOf(t, s.id);
    expect(period).toMatchObject({ status: 'active', mandateId: `${customerId}/${token.id}` });
    // The webhook for the same payment arrives too: still one period.
    await fake.flushWebhooks();
    expect(await periodsOf(t, s.id)).toHaveLength(1);
  });

  it('is confirmed by the webhook alone, with the mandate, when the browser never comes back', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'pro');
    await payInBrowser(fake, { order_id: order.orderId, customer_id: order.order!.customerId });
    expect((await me(s)).plan).toBe('free');
    const statuses = await fake.flushWebhooks();
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await me(s)).plan).toBe('pro');
    const [period] = await periodsOf(t, s.id);
    expect(period!.mandateId).toMatch(new RegExp(`^${order.order!.customerId}/token_`));
  });

  it('a second plan for the same shopper reuses their Razorpay customer', async () => {
    const s = await shopper();
    const first = await subscribe(s, 'plus');
    const second = await subscribe(s, 'pro');
    expect(second.order!.customerId).toBe(first.order!.customerId);
  });

  it('at endDate the token is charged once and the next period starts where the last ended', async () => {
    await othersStopRenewing();
    const s = await shopper();
    const { order } = await buy(s, 'plus');
    const customerId = order.order!.customerId!;
    const [first] = await periodsOf(t, s.id);
    clock.set(first!.endDate);
    await t.runJob(PLAN_RENEWALS_JOB);
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(await me(s)).toMatchObject({
      plan: 'plus',
      startDate: first!.endDate.toISOString(),
      endDate: new Date(first!.endDate.getTime() + 14 * DAY_MS).toISOString(),
    });
    expect(recurringCalls(fake, customerId)).toHaveLength(1);
    const [renewal] = await renewalsOf(t, [s.id]);
    expect(renewal).toMatchObject({
      status: 'completed',
      amountPaise: 99_900,
      provider: 'razorpay',
    });
    const charged = fake.payments.get(renewal!.providerPaymentId!)!;
    expect(charged).toMatchObject({ status: 'captured', recurring: true, amount: 99_900 });
    expect(fake.orders.get(charged.order_id)!.notes).toMatchObject({
      purpose: 'renewal',
      subscriptionId: first!.id,
    });
    const periods = await periodsOf(t, s.id);
    expect(periods.map((p) => p.status).sort()).toEqual(['active', 'expired']);
    expect(periods.find((p) => p.status === 'active')!.mandateId).toBe(first!.mandateId);
    expect(await mailsTo(t, `rzp-plan-${n}@pehnava.test`, 'plan-renewed')).toHaveLength(1);
    // Razorpay's webhook for the renewal charge is acknowledged (no order row of ours: logged).
    expect((await fake.flushWebhooks()).every((status) => status === 200)).toBe(true);
  });

  it('a declined renewal ends the plan, with the mail saying so', async () => {
    await othersStopRenewing();
    const s = await shopper();
    const email = `rzp-plan-${n}@pehnava.test`;
    await buy(s, 'pro', 'fail');
    const [first] = await periodsOf(t, s.id);
    clock.set(new Date(first!.endDate.getTime() + 1000));
    await t.runJob(PLAN_RENEWALS_JOB);
    expect((await me(s)).plan).toBe('free');
    const [ended] = await mailsTo(t, email, 'plan-ended');
    expect(ended!.textBody).toContain('declined');
    expect(await renewalsOf(t, [s.id])).toHaveLength(0);
    // A bank declining one charge (the token allows them) ends the plan the same way.
    await othersStopRenewing();
    const other = await shopper();
    await buy(other, 'plus');
    const [period] = await periodsOf(t, other.id);
    fake.declineNextRecurring('Insufficient funds in the account.');
    clock.set(period!.endDate);
    await t.runJob(PLAN_RENEWALS_JOB);
    expect((await me(other)).plan).toBe('free');
    expect(await mailsTo(t, `rzp-plan-${n}@pehnava.test`, 'plan-ended')).toHaveLength(1);
  });

  it('Razorpay down during a renewal: tried again later, and charged once', async () => {
    await othersStopRenewing();
    const s = await shopper();
    await buy(s, 'plus');
    const [first] = await periodsOf(t, s.id);
    clock.set(first!.endDate);
    // The charge is made but its answer never arrives; then Razorpay answers again.
    fake.failOn('POST', '/v1/payments/create/recurring', 'drop');
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(await periodsOf(t, s.id)).toMatchObject([{ status: 'active', id: first!.id }]);
    expect(await renewalsOf(t, [s.id])).toHaveLength(0);
    // Too soon for the next try: nothing happens.
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(await renewalsOf(t, [s.id])).toHaveLength(0);
    clock.advance(3 * 60_000);
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(await me(s)).toMatchObject({ plan: 'plus' });
    const renewals = await renewalsOf(t, [s.id]);
    expect(renewals).toHaveLength(1);
    const chargedOrder = fake.payments.get(renewals[0]!.providerPaymentId!)!.order_id;
    expect([...fake.payments.values()].filter((p) => p.order_id === chargedOrder)).toHaveLength(1);
    expect(
      [...fake.orders.values()].filter((o) => o.notes.subscriptionId === first!.id),
    ).toHaveLength(1);
  });
});

/*
 * Two app instances (as two API processes) on one PostgreSQL database, both talking to the same
 * Razorpay: their renewal runs overlap, and each due plan is charged once.
 */
describe.runIf(usingPostgres())('Razorpay renewals on PostgreSQL with two runners', () => {
  const clock = createManualClock(new Date());
  let fake: RazorpayFake;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    fake = await startRazorpayFake({ ...KEYS, autoWebhooks: false, deliver: deliverTo(() => a) });
    const database = await createTestDatabase({ seeded: true });
    const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env: razorpayEnv(fake) });
    b = await createTestApp({
      seed: true,
      database: second,
      clock,
      jobs: false,
      env: razorpayEnv(fake),
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  it('six plans due, both runners at once for several rounds: six charges, six new periods', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => shopperOf(a, `rzp-race-${i}@pehnava.test`, clock)),
    );
    for (const [i, s] of shoppers.entries()) {
      const order = await subscribe(s, i % 2 === 0 ? 'plus' : 'pro');
      const paid = await payInBrowser(fake, {
        order_id: order.orderId,
        customer_id: order.order!.customerId,
      });
      const ids = sandboxPayResponseSchema.parse(paid.json);
      if (ids.status !== 'captured') throw new Error('not captured');
      const { status: _status, ...checkoutIds } = ids;
      expect((await s.call('POST', '/api/subscription/verify', checkoutIds)).statusCode).toBe(200);
    }
    clock.advance(14 * DAY_MS + 1000);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([a.runJob(PLAN_RENEWALS_JOB), b.runJob(PLAN_RENEWALS_JOB)]);
    }
    const ids = shoppers.map((s) => s.id);
    const renewals = await renewalsOf(a, ids);
    expect(renewals).toHaveLength(6);
    expect(new Set(renewals.map((r) => r.userId)).size).toBe(6);
    const charges = [...fake.payments.values()].filter((p) => p.recurring && p.description);
    expect(charges).toHaveLength(6);
    const active = await a.database.db
      .select()
      .from(subscriptions)
      .where(and(inArray(subscriptions.userId, ids), eq(subscriptions.status, 'active')));
    expect(active).toHaveLength(6);
  });
});
