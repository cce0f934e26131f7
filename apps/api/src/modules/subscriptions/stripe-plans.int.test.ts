import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_MESSAGES,
  confirmPlanPaymentResponseSchema,
  mySubscriptionResponseSchema,
  subscribeResponseSchema,
  type SubscribeResponse,
} from '@pehnava/shared';
import { outboxMails, payments, subscriptions, users } from '../../db/schema/index.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { TEST_PASSWORD, callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startStripeFake, type FakeCard, type StripeFake } from '../../test/fakes/stripe-fake.js';
import { newShopper, type Shopper } from '../../test/shopping.js';

/*
 * Plans with PAYMENT_PROVIDER=stripe against the Stripe stand-in: bought through Checkout's
 * redirect (activated by the webhook or by the plans page's confirmation on return, once between
 * them), renewed off-session at the end date on the card Checkout kept, declined, and retried
 * while Stripe is down.
 */

const SECRET_KEY = 'sk_test_plans00000000000000000';
const WEBHOOK_SECRET = 'whsec_plans00000000000000000';
const DAY_MS = 86_400_000;
const clock = createManualClock(new Date());
let fake: StripeFake;
let t: TestApp;

beforeAll(async () => {
  // Stripe's time follows the test's clock: session expiries and signed webhooks agree with the app.
  fake = await startStripeFake({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => clock.now().getTime(),
  });
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: {
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
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
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  clock.set(new Date());
  fake.failNext(0);
});

let emails = 0;
/** A new shopper whose calls sign in afresh once the clock has moved past their token's days. */
async function shopper(): Promise<Shopper> {
  const email = `stripe-plan-${(emails += 1)}@pehnava.test`;
  const s = await newShopper(t, email);
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

async function subscribe(s: Shopper, plan: string): Promise<SubscribeResponse> {
  const res = await s.call('POST', '/api/subscription/subscribe', { plan });
  if (res.statusCode !== 200) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  return subscribeResponseSchema.parse(res.json());
}
const me = async (s: Shopper) =>
  mySubscriptionResponseSchema.parse((await s.call('GET', '/api/subscription/me')).json())
    .subscription;
/** What the plans page asks on its return from Stripe's page. */
const confirm = (s: Shopper) => s.call('POST', '/api/subscription/confirm');
const confirmed = async (s: Shopper) => {
  const res = await confirm(s);
  expect(res.statusCode, res.body).toBe(200);
  return confirmPlanPaymentResponseSchema.parse(res.json());
};

/** Buy a plan on Stripe's page with this test card; the webhook activates it. */
async function buy(s: Shopper, plan: 'plus' | 'pro', card: FakeCard = 'pays') {
  const order = await subscribe(s, plan);
  await fake.pay(order.orderId!, { card });
  const now = await me(s);
  expect(now.plan).toBe(plan);
  return { order, subscription: now };
}

const rowsOf = (userId: string) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const mailsTo = async (userId: string, kind: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return t.database.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.recipient, user!.email), eq(outboxMails.kind, kind)));
};
const renewalsOf = (userId: string) =>
  t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.purpose, 'renewal')));
/** The off-session charges the app asked Stripe for, with this idempotency key. */
const chargesFor = (subscriptionId: string) =>
  fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      c.path === '/v1/payment_intents' &&
      c.idempotencyKey === `renewal:${subscriptionId}`,
  );

describe('buying a plan through Stripe Checkout', () => {
  it('opens a session that keeps the card and returns to the plans page', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'plus');
    expect(order.orderId).toMatch(/^cs_test_/);
    expect(order.order).toMatchObject({
      amount: 99_900,
      checkoutUrl: `${fake.url}/c/pay/${order.orderId!}`,
    });
    expect(fake.sessions.get(order.orderId!)).toMatchObject({
      amount_total: 99_900,
      currency: 'inr',
      customer_creation: 'always',
      success_url: 'http://localhost/subscription-plans?payment=success',
      cancel_url: 'http://localhost/subscription-plans?payment=cancelled',
      metadata: { purpose: 'subscription', planId: 'plus', userId: s.id },
    });
    const [create] = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').slice(-1);
    expect(create!.params).toMatchObject({
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
  });

  it('is activated by checkout.session.completed with the kept card as its mandate, once however often it is sent', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'pro');
    const { event, paymentIntent, session } = await fake.pay(order.orderId!);
    expect(await me(s)).toMatchObject({
      plan: 'pro',
      autoRenew: true,
      startDate: clock.now().toISOString(),
      endDate: new Date(clock.now().getTime() + 14 * DAY_MS).toISOString(),
    });
    const [row] = await rowsOf(s.id);
    expect(row!.mandateId).toBe(`${String(session.customer)}:${String(paymentIntent.id)}`);
    const again = await fake.send(event);
    expect(again.status).toBe(200);
    // The shopper comes back too: nothing more happens, and the page is told it is confirmed.
    const back = await confirmed(s);
    expect(back).toMatchObject({
      status: 'confirmed',
      message: SUBSCRIPTION_MESSAGES.activated,
      subscription: { plan: 'pro' },
    });
    expect(await rowsOf(s.id)).toHaveLength(1);
    expect(await mailsTo(s.id, 'plan-activated')).toHaveLength(1);
    const [record] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, order.orderId!));
    expect(record).toMatchObject({
      purpose: 'subscription',
      status: 'completed',
      providerPaymentId: paymentIntent.id,
      method: 'card',
    });
  });

  it('is confirmed by the return to the plans page when the webhook has not come, once with the webhook after', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'plus');
    // Back before paying (the browser's word is not taken): nothing yet.
    expect(await confirmed(s)).toMatchObject({
      status: 'pending',
      message: SUBSCRIPTION_MESSAGES.paymentPending,
      subscription: { plan: 'free' },
    });
    const { event } = await fake.pay(order.orderId!, { webhook: false });
    const back = await confirmed(s);
    expect(back).toMatchObject({
      status: 'confirmed',
      message: SUBSCRIPTION_MESSAGES.activated,
      subscription: { plan: 'plus', autoRenew: true },
    });
    expect((await rowsOf(s.id))[0]!.mandateId).toMatch(/^cus_[0-9A-Za-z]+:pi_[0-9A-Za-z]+$/);
    // Replays: the page reloaded, and Stripe's webhook at last.
    expect((await confirmed(s)).status).toBe('confirmed');
    expect((await fake.send(event)).status).toBe(200);
    expect(await rowsOf(s.id)).toHaveLength(1);
    expect(await mailsTo(s.id, 'plan-activated')).toHaveLength(1);
  });

  it('stays pending while Stripe cannot be reached, and needs a plan order of the shopper’s own', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'plus');
    await fake.pay(order.orderId!, { webhook: false });
    fake.failNext(10, 503);
    expect(await confirmed(s)).toMatchObject({ status: 'pending', subscription: { plan: 'free' } });
    fake.failNext(0);
    expect(await confirmed(s)).toMatchObject({
      status: 'confirmed',
      subscription: { plan: 'plus' },
    });

    const stranger = await shopper();
    const none = await confirm(stranger);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, message: SUBSCRIPTION_MESSAGES.orderNotFound });
    expect((await me(stranger)).plan).toBe('free');
    const visitor = await t.app.inject({ method: 'POST', url: '/api/subscription/confirm' });
    expect(visitor.statusCode).toBe(401);
  });

  it('a change from Plus to Pro on return settles the newest purchase last', async () => {
    const s = await shopper();
    await buy(s, 'plus');
    clock.advance(DAY_MS);
    const pro = await subscribe(s, 'pro');
    await fake.pay(pro.orderId!, { webhook: false });
    expect(await confirmed(s)).toMatchObject({
      status: 'confirmed',
      subscription: { plan: 'pro' },
    });
    const rows = await rowsOf(s.id);
    expect(rows.map((r) => [r.planId, r.status]).sort()).toEqual([
      ['plus', 'cancelled'],
      ['pro', 'active'],
    ]);
  });
});

describe('renewals on Stripe', () => {
  it('at the end date the kept card is charged off-session once and the next period starts', async () => {
    const s = await shopper();
    const { subscription } = await buy(s, 'plus');
    const [period] = await rowsOf(s.id);
    const end = Date.parse(subscription.endDate!);
    clock.set(new Date(end));
    await t.runJob(PLAN_RENEWALS_JOB);
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(await me(s)).toMatchObject({
      plan: 'plus',
      autoRenew: true,
      startDate: new Date(end).toISOString(),
      endDate: new Date(end + 14 * DAY_MS).toISOString(),
    });
    const [create, ...more] = chargesFor(period!.id);
    expect(more).toHaveLength(0);
    expect(create!.params).toMatchObject({
      amount: '99900',
      currency: 'inr',
      customer: period!.mandateId!.split(':')[0],
      off_session: 'true',
      confirm: 'true',
      metadata: { purpose: 'renewal', subscriptionId: period!.id },
    });
    const [charge] = await renewalsOf(s.id);
    expect(charge).toMatchObject({ status: 'completed', amountPaise: 99_900, method: 'card' });
    expect(charge!.providerPaymentId).toMatch(/^pi_/);
    expect(fake.paymentIntents.get(charge!.providerPaymentId!)).toMatchObject({
      status: 'succeeded',
      amount_received: 99_900,
    });
    expect(await mailsTo(s.id, 'plan-renewed')).toHaveLength(1);
    const rows = await rowsOf(s.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'expired']);
    // The next period keeps the same card, and renews from it in turn.
    expect(rows.find((r) => r.status === 'active')!.mandateId).toBe(period!.mandateId);
  });

  it('a declined renewal ends the plan and the mail says so', async () => {
    const s = await shopper();
    const { subscription } = await buy(s, 'pro', 'declines-later');
    clock.set(new Date(Date.parse(subscription.endDate!) + 1000));
    await t.runJob(PLAN_RENEWALS_JOB);
    expect((await me(s)).plan).toBe('free');
    const [ended] = await mailsTo(s.id, 'plan-ended');
    expect(ended!.textBody).toContain('declined');
    expect(await renewalsOf(s.id)).toHaveLength(0);
    const [period] = await rowsOf(s.id);
    expect(period!.status).toBe('expired');
    expect(chargesFor(period!.id).map((c) => c.status)).toEqual([402]);
  });

  it('a card that needs its holder, who is not there, ends the plan too', async () => {
    const s = await shopper();
    const { subscription } = await buy(s, 'plus', 'needs-authentication');
    clock.set(new Date(Date.parse(subscription.endDate!)));
    await t.runJob(PLAN_RENEWALS_JOB);
    expect((await me(s)).plan).toBe('free');
    expect(await mailsTo(s.id, 'plan-ended')).toHaveLength(1);
  });

  it('is tried again later while Stripe is down, and then charged once', async () => {
    const s = await shopper();
    const { subscription } = await buy(s, 'plus');
    const [period] = await rowsOf(s.id);
    const end = Date.parse(subscription.endDate!);
    clock.set(new Date(end));
    fake.failNext(100, 503);
    await t.runJob(PLAN_RENEWALS_JOB);
    // The period is not ended while it is tried again, and nothing was charged.
    expect(await mailsTo(s.id, 'plan-ended')).toHaveLength(0);
    const [waiting] = await rowsOf(s.id);
    expect(waiting).toMatchObject({ status: 'active', renewalAttempts: 1 });
    expect(waiting!.renewalNextAttemptAt!.getTime()).toBeGreaterThan(end);
    // Not due again before its time.
    fake.failNext(0);
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(chargesFor(period!.id)).toHaveLength(0);
    clock.set(waiting!.renewalNextAttemptAt!);
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(await me(s)).toMatchObject({
      plan: 'plus',
      startDate: new Date(end).toISOString(),
    });
    expect(chargesFor(period!.id)).toHaveLength(1);
    expect(await renewalsOf(s.id)).toHaveLength(1);
    expect(await mailsTo(s.id, 'plan-renewed')).toHaveLength(1);
  });
});
