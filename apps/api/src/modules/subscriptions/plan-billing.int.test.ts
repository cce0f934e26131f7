import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_MESSAGES,
  addDays,
  cartResponseSchema,
  mySubscriptionResponseSchema,
  todayInIndia,
  subscribeResponseSchema,
  subscriptionAnswerSchema,
  type SubscribeResponse,
} from '@pehnava/shared';
import { outboxMails, payments, subscriptions, users } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { TEST_PASSWORD, callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds, payOrder } from '../../test/checkout.js';
import {
  addBody,
  catalogueProducts,
  newShopper,
  rentable,
  type Shopper,
} from '../../test/shopping.js';
import { PLAN_REMINDERS_JOB, PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';

const DAY_MS = 86_400_000;
const clock = createManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: {
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
    },
  });
});
afterAll(async () => {
  await t.close();
});

let emails = 0;
/**
 * A new shopper whose calls sign in afresh when the test clock has moved past their token's
 * 7 days (the server checks tokens against its own clock).
 */
async function shopper(): Promise<Shopper> {
  const email = `plan-${(emails += 1)}@pehnava.test`;
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

async function me(s: Shopper) {
  return mySubscriptionResponseSchema.parse((await s.call('GET', '/api/subscription/me')).json())
    .subscription;
}

/** Buy a plan through the sandbox checkout and verify it, as the plans page does. */
async function buy(s: Shopper, plan: 'plus' | 'pro', payBody: Record<string, unknown> = {}) {
  const order = await subscribe(s, plan);
  const paid = await payOrder(t, order.orderId!, payBody);
  if (paid.status !== 'captured') throw new Error('not captured');
  const { status: _status, ...ids } = paid;
  const res = await s.call('POST', '/api/subscription/verify', ids);
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return { order, ids, answer: subscriptionAnswerSchema.parse(res.json()) };
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

describe('POST /api/subscription/subscribe', () => {
  it('needs a session, a known plan and a plan other than the current one', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/subscribe',
      payload: { plan: 'plus' },
    });
    expect(visitor.statusCode).toBe(401);
    const s = await shopper();
    const unknown = await s.call('POST', '/api/subscription/subscribe', { plan: 'gold' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: SUBSCRIPTION_MESSAGES.planNotFound });
    const free = await s.call('POST', '/api/subscription/subscribe', { plan: 'free' });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({ success: false, message: SUBSCRIPTION_MESSAGES.alreadyOnPlan });
    const empty = await s.call('POST', '/api/subscription/subscribe', {});
    expect(empty.statusCode).toBe(400);
  });

  it('opens an order for the plan’s own price, whatever the client sends', async () => {
    const s = await shopper();
    const res = await s.call('POST', '/api/subscription/subscribe', {
      plan: 'plus',
      amount: 1,
      price: 1,
    });
    expect(res.statusCode).toBe(200);
    const order = subscribeResponseSchema.parse(res.json());
    expect(order.message).toBe('PLUS plan order created!');
    expect(order.amount).toBe(99_900);
    expect(order.order).toMatchObject({ id: order.orderId, amount: 99_900, currency: 'INR' });
    expect(order.bookingReceipt).toBe(order.order!.receipt);
    expect(order.subscription.plan).toBe('free');
    // Nothing changes until it is paid.
    expect((await me(s)).plan).toBe('free');
  });
});

describe('POST /api/subscription/verify', () => {
  it('activates the plan for 14 days from payment, once, however often it is replayed', async () => {
    const s = await shopper();
    const { ids, answer } = await buy(s, 'plus');
    expect(answer.message).toBe(SUBSCRIPTION_MESSAGES.activated);
    expect(answer.subscription).toMatchObject({
      plan: 'plus',
      rentalLimit: 4,
      itemsRentedInPeriod: 0,
      isActive: true,
      autoRenew: true,
      startDate: clock.now().toISOString(),
      endDate: new Date(clock.now().getTime() + 14 * DAY_MS).toISOString(),
    });
    const again = await s.call('POST', '/api/subscription/verify', ids);
    expect(again.statusCode).toBe(200);
    expect(subscriptionAnswerSchema.parse(again.json()).subscription).toEqual(answer.subscription);
    // The sandbox's webhook for the same payment arrives too: still one period, one mail.
    await t.runJob('sandbox-webhooks');
    expect(await rowsOf(s.id)).toHaveLength(1);
    expect(await mailsTo(s.id, 'plan-activated')).toHaveLength(1);
    const [record] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, ids.razorpay_order_id));
    expect(record).toMatchObject({ purpose: 'subscription', planId: 'plus', status: 'completed' });

    const repeat = await s.call('POST', '/api/subscription/subscribe', { plan: 'plus' });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe(SUBSCRIPTION_MESSAGES.alreadyOnPlan);
  });

  it('activates nothing for a forged signature, another shopper’s order or an unpaid order', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'pro');
    const ids = await paidIds(t, order.orderId!);
    const forged = await s.call('POST', '/api/subscription/verify', {
      ...ids,
      razorpay_signature: '0'.repeat(64),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(SUBSCRIPTION_MESSAGES.verifyFailed);
    const other = await shopper();
    const stolen = await other.call('POST', '/api/subscription/verify', ids);
    expect(stolen.statusCode).toBe(404);
    expect((await me(s)).plan).toBe('free');
    expect((await me(other)).plan).toBe('free');
    // A booking's order is not a plan order.
    const [product] = (await catalogueProducts(t)).filter(rentable);
    const booking = await checkout(s, [itemFor(product!)]);
    const bookingIds = await paidIds(t, booking.orderId!);
    const wrongKind = await s.call('POST', '/api/subscription/verify', bookingIds);
    expect(wrongKind.statusCode).toBe(404);
    expect((await me(s)).plan).toBe('free');
  });

  it('is confirmed by the provider’s webhook alone when the browser never comes back', async () => {
    const s = await shopper();
    const order = await subscribe(s, 'plus');
    await payOrder(t, order.orderId!);
    expect((await me(s)).plan).toBe('free');
    await t.runJob('sandbox-webhooks');
    expect((await me(s)).plan).toBe('plus');
  });

  it('a change from Plus to Pro starts a new period at once', async () => {
    const s = await shopper();
    await buy(s, 'plus');
    clock.advance(2 * DAY_MS);
    const { answer } = await buy(s, 'pro');
    expect(answer.subscription).toMatchObject({
      plan: 'pro',
      rentalLimit: 8,
      startDate: clock.now().toISOString(),
      endDate: new Date(clock.now().getTime() + 14 * DAY_MS).toISOString(),
    });
    const rows = await rowsOf(s.id);
    expect(rows.map((r) => [r.planId, r.status]).sort()).toEqual([
      ['plus', 'cancelled'],
      ['pro', 'active'],
    ]);
  });
});

describe('the cart follows the plan', () => {
  it('lines become 14-day rentals at the plan’s price, and are priced in full again on Free', async () => {
    const s = await shopper();
    const products = (await catalogueProducts(t)).filter(rentable);
    // Pieces no other test here books.
    const premium = products.filter((p) => p.category === 'premium')[5]!;
    const luxury = products.filter((p) => p.category === 'luxury')[5]!;
    const startDate = addDays(todayInIndia(clock.now()), 12);
    for (const p of [premium, luxury]) {
      const res = await s.call('POST', '/api/cart/add', addBody(p, { startDate }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const cart = async () => cartResponseSchema.parse((await s.call('GET', '/api/cart')).json());
    expect((await cart()).cart.map((e) => [e.duration, e.priceAtTime])).toEqual([
      [2, premium.twoDayRentalPrice],
      [2, luxury.twoDayRentalPrice],
    ]);

    await buy(s, 'plus');
    const onPlus = await cart();
    expect(onPlus.cart.map((e) => [e.duration, e.endDate, e.priceAtTime])).toEqual([
      [14, addDays(startDate, 14), 0],
      [14, addDays(startDate, 14), luxury.fourteenDayRentalPrice],
    ]);
    expect(onPlus.deliveryFee).toBe(0);

    await s.call('POST', '/api/subscription/cancel', { immediate: true });
    expect((await cart()).cart.map((e) => [e.duration, e.priceAtTime])).toEqual([
      [14, premium.fourteenDayRentalPrice],
      [14, luxury.fourteenDayRentalPrice],
    ]);
  });
});

describe('POST /api/subscription/cancel and Free', () => {
  it('immediate: back to Free at once; choosing Free does the same', async () => {
    const s = await shopper();
    await buy(s, 'plus');
    const res = await s.call('POST', '/api/subscription/cancel', { immediate: true });
    expect(res.statusCode).toBe(200);
    const answer = subscriptionAnswerSchema.parse(res.json());
    expect(answer.message).toBe(SUBSCRIPTION_MESSAGES.cancelledImmediately);
    expect(answer.subscription.plan).toBe('free');
    const again = await s.call('POST', '/api/subscription/cancel', { immediate: true });
    expect(again.statusCode).toBe(400);

    const other = await shopper();
    await buy(other, 'pro');
    const free = await subscribe(other, 'free');
    expect(free).toMatchObject({
      message: SUBSCRIPTION_MESSAGES.cancelledImmediately,
      order: null,
      amount: 0,
      subscription: { plan: 'free' },
    });
  });

  it('not immediate: auto-renew off, benefits kept until endDate, then the plan expires', async () => {
    const s = await shopper();
    const { answer } = await buy(s, 'plus');
    const res = await s.call('POST', '/api/subscription/cancel', { immediate: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: SUBSCRIPTION_MESSAGES.autoRenewOff,
      subscription: { plan: 'plus', autoRenew: false, endDate: answer.subscription.endDate },
    });
    const bad = await s.call('POST', '/api/subscription/cancel', { immediate: 'yes' });
    expect(bad.statusCode).toBe(400);

    clock.set(new Date(Date.parse(answer.subscription.endDate!) - 60_000));
    await t.runJob(PLAN_RENEWALS_JOB);
    expect((await me(s)).plan).toBe('plus');
    clock.set(new Date(Date.parse(answer.subscription.endDate!)));
    await t.runJob(PLAN_RENEWALS_JOB);
    expect((await me(s)).plan).toBe('free');
    expect((await rowsOf(s.id))[0]!.status).toBe('expired');
    const [ended] = await mailsTo(s.id, 'plan-ended');
    expect(ended!.textBody).toContain('turned auto-renewal off');
    // No reminder for a plan that will not renew.
    expect(await mailsTo(s.id, 'plan-renewal-reminder')).toHaveLength(0);
  });
});

describe('renewals', () => {
  it('3 days before, a reminder says what will be charged; at endDate the mandate is charged', async () => {
    const s = await shopper();
    const { answer } = await buy(s, 'plus');
    const end = Date.parse(answer.subscription.endDate!);
    clock.set(new Date(end - 3 * DAY_MS - 60_000));
    await t.runJob(PLAN_REMINDERS_JOB);
    expect(await mailsTo(s.id, 'plan-renewal-reminder')).toHaveLength(0);
    clock.set(new Date(end - 3 * DAY_MS + 60_000));
    await t.runJob(PLAN_REMINDERS_JOB);
    await t.runJob(PLAN_REMINDERS_JOB);
    const reminders = await mailsTo(s.id, 'plan-renewal-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain('₹999');

    clock.set(new Date(end));
    await t.runJob(PLAN_RENEWALS_JOB);
    const renewed = await me(s);
    expect(renewed).toMatchObject({
      plan: 'plus',
      autoRenew: true,
      startDate: new Date(end).toISOString(),
      endDate: new Date(end + 14 * DAY_MS).toISOString(),
    });
    const charges = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, s.id), eq(payments.purpose, 'renewal')));
    expect(charges).toMatchObject([{ status: 'completed', amountPaise: 99_900 }]);
    expect(await mailsTo(s.id, 'plan-renewed')).toHaveLength(1);
    // The next period gets its own reminder.
    clock.set(new Date(end + 11 * DAY_MS + 60_000));
    await t.runJob(PLAN_REMINDERS_JOB);
    expect(await mailsTo(s.id, 'plan-renewal-reminder')).toHaveLength(2);
  });

  it('a declined renewal ends the plan and tells the shopper', async () => {
    const s = await shopper();
    const { answer } = await buy(s, 'pro', { renewals: 'fail' });
    clock.set(new Date(Date.parse(answer.subscription.endDate!) + 1000));
    await t.runJob(PLAN_RENEWALS_JOB);
    expect((await me(s)).plan).toBe('free');
    const [ended] = await mailsTo(s.id, 'plan-ended');
    expect(ended!.textBody).toContain('declined');
    const charges = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, s.id), eq(payments.purpose, 'renewal')));
    expect(charges).toHaveLength(0);
  });

  it('counts rentals within a period, and the next period starts from zero', async () => {
    const s = await shopper();
    const { answer } = await buy(s, 'pro');
    const [first, second] = (await catalogueProducts(t)).filter(rentable).slice(-2);
    const startDate = addDays(todayInIndia(clock.now()), 20);
    const booking = await checkout(
      s,
      [first!, second!].map((p) => itemFor(p, { duration: 14, startDate })),
    );
    if (booking.orderId) {
      const ids = await paidIds(t, booking.orderId);
      const res = await s.call('POST', '/api/booking/verify', {
        ...ids,
        bookingId: booking.bookingId,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await me(s)).itemsRentedInPeriod).toBe(2);
    clock.set(new Date(Date.parse(answer.subscription.endDate!)));
    await t.runJob(PLAN_RENEWALS_JOB);
    expect(await me(s)).toMatchObject({ plan: 'pro', itemsRentedInPeriod: 0 });
  });
});
