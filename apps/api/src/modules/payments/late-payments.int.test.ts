// Late payments with the sandbox gateway: a captured payment is decided once, applied to one
// booking or plan period or refunded in full, never both, whichever way its result arrives
// (verify, webhook, the holds job) and however often. A payment for a checkout that is no longer
// live (expired, replaced, its account deleted) is applied only if everything checkout checks still
// holds; otherwise it is refunded in full and the shopper mailed.
// These tests describe that behaviour; several fail on the code they were written against.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  addDays,
  applyCouponResponseSchema,
  mySubscriptionResponseSchema,
  subscribeResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { coupons, sandboxOrders, sandboxWebhooks } from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB, REFUNDS_JOB, SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { constraintViolation } from '../../lib/db-errors.js';
import { TEST_PASSWORD } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  ADDRESS,
  checkout,
  itemFor,
  paidIds,
  payOrder,
  verifyPayment,
} from '../../test/checkout.js';
import {
  activeReservationsOf,
  bookingRow,
  countedUses,
  couponUsesOf,
  expectExpired,
  expectNotApplied,
  expectRefundedOnce,
  mailsTo,
  refundsOfPayment,
} from '../../test/bookings.js';
import {
  onePiece,
  runUntilIdle,
  sandboxRefundsOf,
  sandboxWebhooksOf,
  undeliveredWebhooksOf,
} from '../../test/late-payments.js';
import {
  addBody,
  catalogueProducts,
  newShopper,
  productsOf,
  rentable,
  subscribe,
  type Shopper,
} from '../../test/shopping.js';

const HOLD_ENDED_MS = 16 * 60_000;
const clock = createManualClock(new Date());
let t: TestApp;
let products: Product[];
let royal: Product[];
let next = 0;
/** A different rentable product for each use, so that tests never meet on a piece. */
const aProduct = () => products[next++]!;
let n = 0;
type Buyer = Shopper & { email: string };
const shopper = async (): Promise<Buyer> => {
  const email = `late-${++n}@pehnava.test`;
  return { ...(await newShopper(t, email)), email };
};

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' },
  });
  const all = (await catalogueProducts(t)).filter((p) => rentable(p) && p.twoDayRentalPrice > 0);
  royal = (await productsOf(t, 'royal')).filter((p) => p.fourteenDayRentalPrice > 0).slice(-4);
  const kept = new Set(royal.map((p) => p._id));
  products = all.filter((p) => p.category !== 'luxury' && !kept.has(p._id));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(new Date());
});

/** After the refunds job, the sandbox has refunded the payment once, in full. */
async function expectRefundedAtTheSandbox(paymentId: string, amountPaise: number) {
  await runUntilIdle(t, REFUNDS_JOB);
  expect((await t.services.provider.fetchPayment(paymentId)).status).toBe('refunded');
  const made = await sandboxRefundsOf(t, paymentId);
  expect(made.map((refund) => refund.amountPaise)).toEqual([amountPaise]);
}

/**
 * A late payment refunded instead of applied: its booking did not get it, one full refund row,
 * one mail to the shopper saying so, and the sandbox has refunded it once after the refunds job.
 */
async function expectLatePaymentRefunded(
  s: Buyer,
  bookingId: string,
  paymentId: string,
  amountPaise: number,
) {
  await expectNotApplied(t, bookingId);
  await expectRefundedOnce(t, paymentId, amountPaise);
  expect(await mailsTo(t, s.email, 'booking-late-payment-refund')).toHaveLength(1);
  await expectRefundedAtTheSandbox(paymentId, amountPaise);
}

/** Deliver the sandbox's due webhooks; the app acknowledges (2xx) every one about the order. */
async function deliverWebhooks(orderId: string) {
  clock.advance(t.config.SANDBOX_WEBHOOK_DELAY_MS + 1_000);
  await runUntilIdle(t, SANDBOX_WEBHOOKS_JOB);
  expect(await undeliveredWebhooksOf(t, orderId), 'webhooks the app did not acknowledge').toEqual(
    [],
  );
}

/** Let the hold of every pending checkout end, and run the holds job. */
async function endHolds() {
  clock.advance(HOLD_ENDED_MS);
  await runUntilIdle(t, BOOKING_HOLDS_JOB);
}

describe('a payment refunded once is never applied later', () => {
  it('a replaced checkout paid after its piece was taken is refunded, and stays refunded when the piece is free again', async () => {
    const s = await shopper();
    const [x, other] = [aProduct(), aProduct()];
    await onePiece(t, x);
    const a1 = await checkout(s, [itemFor(x)]);
    // Checking out again replaces A1: its piece goes to A2.
    const a2 = await checkout(s, [itemFor(x)]);
    expect(await activeReservationsOf(t, a2.bookingId)).toHaveLength(1);

    // A1's order is still open at the sandbox: the shopper pays it in another tab.
    const ids = await paidIds(t, a1.orderId!);
    expectExpired(await verifyPayment(s, ids, a1.bookingId));
    await expectRefundedOnce(t, ids.razorpay_payment_id, a1.amount);

    // A checkout of something else replaces A2: the piece is free again.
    await checkout(s, [itemFor(other)]);
    expect(await activeReservationsOf(t, a2.bookingId)).toEqual([]);

    // Then A1's webhook arrives, the shopper's verify is replayed, and the holds job runs.
    await deliverWebhooks(a1.orderId!);
    await expectNotApplied(t, a1.bookingId);
    expectExpired(await verifyPayment(s, ids, a1.bookingId));
    await endHolds();
    await expectLatePaymentRefunded(s, a1.bookingId, ids.razorpay_payment_id, a1.amount);
    // A replay after the refund was made: the same answer, and nothing changes.
    expectExpired(await verifyPayment(s, ids, a1.bookingId));
    await expectNotApplied(t, a1.bookingId);
    await expectRefundedOnce(t, ids.razorpay_payment_id, a1.amount);
  });
});

describe('a payment for a checkout that is no longer live is a new decision', () => {
  it('a replaced checkout paid late is refunded when its first-order coupon went to the newer one', async () => {
    const s = await shopper();
    const [p, q] = [aProduct(), aProduct()];
    const a1 = await checkout(s, [itemFor(p)], { couponCode: 'WELCOME50' });
    const a2 = await checkout(s, [itemFor(q)], { couponCode: 'WELCOME50' });
    const ids2 = await paidIds(t, a2.orderId!);
    const confirmed = await verifyPayment(s, ids2, a2.bookingId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });

    // A1's order is still open at the sandbox, and is paid after all.
    const ids1 = await paidIds(t, a1.orderId!);
    expectExpired(await verifyPayment(s, ids1, a1.bookingId));
    await expectLatePaymentRefunded(s, a1.bookingId, ids1.razorpay_payment_id, a1.amount);
    expect(await countedUses(t, 'WELCOME50', s.id)).toBe(1);
  });

  it('a checkout still holding its pieces is checked again when an older one of the shopper was paid meanwhile', async () => {
    const s = await shopper();
    const [p, q] = [aProduct(), aProduct()];
    // A1 without a coupon, replaced by A2 with WELCOME50 (first order only).
    const a1 = await checkout(s, [itemFor(p)]);
    const a2 = await checkout(s, [itemFor(q)], { couponCode: 'WELCOME50' });
    // A1 is paid after all, with its piece still free: it is confirmed, the shopper's first order.
    const ids1 = await paidIds(t, a1.orderId!);
    expect((await verifyPayment(s, ids1, a1.bookingId)).statusCode).toBe(200);

    // A2 still holds its piece and its coupon, but WELCOME50 no longer applies: refunded.
    const ids2 = await paidIds(t, a2.orderId!);
    const refused = await verifyPayment(s, ids2, a2.bookingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.paymentRefused);
    expect(await bookingRow(t, a2.bookingId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await activeReservationsOf(t, a2.bookingId)).toEqual([]);
    expect((await couponUsesOf(t, a2.bookingId)).map((use) => use.status)).toEqual(['released']);
    await expectRefundedOnce(t, ids2.razorpay_payment_id, a2.amount);
    expect(await mailsTo(t, s.email, 'booking-payment-refund')).toHaveLength(1);
    expect(await countedUses(t, 'WELCOME50', s.id)).toBe(0);
    // A replay answers the same and changes nothing.
    expect((await verifyPayment(s, ids2, a2.bookingId)).statusCode).toBe(409);
    await expectRefundedOnce(t, ids2.razorpay_payment_id, a2.amount);
  });

  it('a payment after the hold ended, with nothing changed meanwhile, confirms the booking as it was', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    await endHolds();
    expect((await bookingRow(t, created.bookingId)).status).toBe('cancelled');

    const ids = await paidIds(t, created.orderId!);
    const res = await verifyPayment(s, ids, created.bookingId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'completed' });
    expect(await bookingRow(t, created.bookingId)).toMatchObject({
      status: 'confirmed',
      totalPaise: created.amount,
    });
    expect(await activeReservationsOf(t, created.bookingId)).toHaveLength(1);
    expect(await refundsOfPayment(t, ids.razorpay_payment_id)).toEqual([]);
  });

  it('a payment after the hold ended is refunded when the plan whose prices it was booked at has ended', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'plus');
    const piece = royal[0]!;
    const created = await checkout(s, [itemFor(piece, { duration: 14 })]);
    // Plus prices: Royal at half its 14-day price.
    expect(created.subtotal).toBeLessThan(piece.fourteenDayRentalPrice);
    expect(created.amount).toBeGreaterThan(0);
    await endHolds();
    const ended = await s.call('POST', '/api/subscription/cancel', { immediate: true });
    expect(ended.statusCode).toBe(200);

    const ids = await paidIds(t, created.orderId!);
    expectExpired(await verifyPayment(s, ids, created.bookingId));
    await expectLatePaymentRefunded(s, created.bookingId, ids.razorpay_payment_id, created.amount);
  });

  it('a payment after the hold ended is refunded when the rental’s start date has passed', async () => {
    const s = await shopper();
    const startDate = addDays(todayInIndia(clock.now()), 1);
    const created = await checkout(s, [itemFor(aProduct(), { startDate })]);
    await endHolds();
    clock.advance(2 * 86_400_000);
    expect(todayInIndia(clock.now()) > startDate).toBe(true);

    const ids = await paidIds(t, created.orderId!);
    expectExpired(await verifyPayment(s, ids, created.bookingId));
    await expectLatePaymentRefunded(s, created.bookingId, ids.razorpay_payment_id, created.amount);
  });

  it('a payment after the hold ended is refunded when its single-use coupon went to another shopper', async () => {
    await t.database.db
      .insert(coupons)
      .values({ code: 'LATEONCE', type: 'percent', value: 10, totalLimit: 1 });
    const late = await shopper();
    const created = await checkout(late, [itemFor(aProduct())], { couponCode: 'LATEONCE' });
    await endHolds();
    // The coupon is free again, and another shopper uses and pays it.
    const other = await shopper();
    const theirs = await checkout(other, [itemFor(aProduct())], { couponCode: 'LATEONCE' });
    const theirIds = await paidIds(t, theirs.orderId!);
    expect((await verifyPayment(other, theirIds, theirs.bookingId)).statusCode).toBe(200);

    const ids = await paidIds(t, created.orderId!);
    expectExpired(await verifyPayment(late, ids, created.bookingId));
    await expectLatePaymentRefunded(
      late,
      created.bookingId,
      ids.razorpay_payment_id,
      created.amount,
    );
    expect(await countedUses(t, 'LATEONCE')).toBe(1);
  });
});

describe('a payment after the account was deleted', () => {
  /** A shopper's pending checkout, then the account deleted with the checkout still open. */
  async function checkoutThenDelete() {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const deleted = await s.call('DELETE', '/api/user/delete-account', { password: TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    return { s, created };
  }

  it('is refunded in full when its webhook arrives', async () => {
    const { s, created } = await checkoutThenDelete();
    // The sandbox's pay call needs no session: the checkout was still open in the browser.
    const ids = await paidIds(t, created.orderId!);
    await deliverWebhooks(created.orderId!);
    await expectRefundedOnce(t, ids.razorpay_payment_id, created.amount);
    await expectRefundedAtTheSandbox(ids.razorpay_payment_id, created.amount);
    // No mail: there is no account to write to.
    expect(await mailsTo(t, s.email, 'booking-late-payment-refund')).toEqual([]);
  });

  it('is refunded in full by the holds job when no webhook ever arrives', async () => {
    const { created } = await checkoutThenDelete();
    const ids = await paidIds(t, created.orderId!);
    // The webhook is lost on its way.
    const lost = await sandboxWebhooksOf(t, created.orderId!);
    expect(lost).toHaveLength(1);
    await t.database.db.delete(sandboxWebhooks).where(eq(sandboxWebhooks.id, lost[0]!.id));
    await endHolds();
    await expectRefundedOnce(t, ids.razorpay_payment_id, created.amount);
    await expectRefundedAtTheSandbox(ids.razorpay_payment_id, created.amount);
  });
});

describe('found by reading', () => {
  /**
   * The refund columns copied from the first refund row into a second one for the same payment
   * (all but its id and idempotency key): the one list to change when refunds get new columns.
   */
  const COPIED_REFUND_COLUMNS = [
    'payment_id',
    'booking_id',
    'capture_id',
    'provider_payment_id',
    'amount_paise',
    'reason',
    'status',
    'attempts',
    'next_attempt_at',
    'created_at',
  ];

  it('the database refuses refunds of a payment beyond what it captured', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    const ids = await paidIds(t, created.orderId!);
    expect((await verifyPayment(s, ids, created.bookingId)).statusCode).toBe(200);
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(200);
    const [first] = await refundsOfPayment(t, ids.razorpay_payment_id);
    expect(first).toMatchObject({ amountPaise: created.amount });

    const columns = sql.raw(COPIED_REFUND_COLUMNS.join(', '));
    let refusal: unknown;
    try {
      await t.database.db.execute(sql`
        insert into refunds (${columns}, idempotency_key)
        select ${columns}, ${`second:${first!.id}`} from refunds where id = ${first!.id}`);
    } catch (error) {
      refusal = error;
    }
    expect(refusal, 'a second full refund of the payment was stored').toBeDefined();
    // A constraint of the database's (SQLSTATE 23514, 23505 or 23P01), so the API answers 409.
    expect(['check', 'unique', 'exclusion']).toContain(constraintViolation(refusal)?.kind);
    await expectRefundedOnce(t, ids.razorpay_payment_id, created.amount);
  });

  it('a captured payment of another amount than its booking: the hold still ends, and the payment is refunded', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())], { couponCode: 'WELCOME50' });
    // The gateway takes another amount than the booking's total.
    const captured = created.amount - 100;
    await t.database.db
      .update(sandboxOrders)
      .set({ amountPaise: captured })
      .where(eq(sandboxOrders.id, created.orderId!));
    const paid = await payOrder(t, created.orderId!);
    if (paid.status !== 'captured') throw new Error('not captured');

    clock.advance(HOLD_ENDED_MS);
    await t.runJob(BOOKING_HOLDS_JOB);
    await t.runJob(BOOKING_HOLDS_JOB);
    expect(await bookingRow(t, created.bookingId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await activeReservationsOf(t, created.bookingId)).toEqual([]);
    expect((await couponUsesOf(t, created.bookingId)).map((use) => use.status)).toEqual([
      'released',
    ]);
    await expectRefundedOnce(t, paid.razorpay_payment_id, captured);
    await expectRefundedAtTheSandbox(paid.razorpay_payment_id, captured);
  });

  it('paying a stale order for another plan is refunded and leaves the plan bought since', async () => {
    const s = await shopper();
    const order = async (plan: 'plus' | 'pro') => {
      const res = await s.call('POST', '/api/subscription/subscribe', { plan });
      expect(res.statusCode).toBe(200);
      return subscribeResponseSchema.parse(res.json());
    };
    const plus = await order('plus');
    const pro = await order('pro');
    const proIds = await paidIds(t, pro.orderId!);
    expect((await s.call('POST', '/api/subscription/verify', proIds)).statusCode).toBe(200);

    // The Plus order opened before is paid after all, from a tab left open.
    const plusIds = await paidIds(t, plus.orderId!);
    const stale = await s.call('POST', '/api/subscription/verify', plusIds);
    expect({ status: stale.statusCode, body: stale.json() as unknown }).toEqual({
      status: 409,
      body: { success: false, message: SUBSCRIPTION_MESSAGES.planChangedMeanwhile },
    });
    const me = mySubscriptionResponseSchema.parse(
      (await s.call('GET', '/api/subscription/me')).json(),
    );
    expect(me.subscription).toMatchObject({ plan: 'pro', isActive: true });
    await expectRefundedOnce(t, plusIds.razorpay_payment_id, plus.amount);
    await expectRefundedAtTheSandbox(plusIds.razorpay_payment_id, plus.amount);
  });

  it('a cancelled and refunded booking is no first order: WELCOME50 is still the shopper’s', async () => {
    const s = await shopper();
    const created = await checkout(s, [itemFor(aProduct())]);
    expect(
      (await verifyPayment(s, await paidIds(t, created.orderId!), created.bookingId)).statusCode,
    ).toBe(200);
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(200);

    const p = aProduct();
    expect((await s.call('POST', '/api/cart/add', addBody(p))).statusCode).toBe(200);
    const applied = await s.call('POST', '/api/coupon/apply', { code: 'WELCOME50' });
    expect({ status: applied.statusCode, body: applied.json() as unknown }).toMatchObject({
      status: 200,
      body: { success: true, coupon: { code: 'WELCOME50' } },
    });
    applyCouponResponseSchema.parse(applied.json());
    const again = await s.call('POST', '/api/booking/create', {
      cartItems: [itemFor(p)],
      address: ADDRESS,
      couponCode: 'WELCOME50',
    });
    expect(again.statusCode).toBe(200);
  });

  it('a cancelled and refunded booking does not count towards the plan’s rental limit', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'plus');
    const rented = async () =>
      mySubscriptionResponseSchema.parse((await s.call('GET', '/api/subscription/me')).json())
        .subscription.itemsRentedInPeriod;
    const created = await checkout(s, [itemFor(royal[1]!, { duration: 14 })]);
    expect(created.amount).toBeGreaterThan(0);
    expect(
      (await verifyPayment(s, await paidIds(t, created.orderId!), created.bookingId)).statusCode,
    ).toBe(200);
    expect(await rented()).toBe(1);
    expect((await s.call('POST', `/api/booking/${created.bookingId}/cancel`)).statusCode).toBe(200);
    expect(await rented()).toBe(0);
  });
});
