import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  CHARGE_MESSAGES,
  LATE_FEE_PAISE,
  addDays,
  adminBookingDetailResponseSchema,
  balanceResultSchema,
  myBookingsResponseSchema,
  payBalanceResponseSchema,
  subscribeResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import {
  balanceOrderCharges,
  bookingCharges,
  captures,
  outboxMails,
  payments,
  sandboxMandates,
  subscriptions,
} from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB, SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import {
  BALANCE_OFF_SESSION_JOB,
  BALANCE_REMINDERS_JOB,
  LATE_FEES_JOB,
} from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds, payOrder } from '../../test/checkout.js';
import { expectRefundedOnce, refundsOfPayment } from '../../test/bookings.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  signIn,
  type Shopper,
} from '../../test/shopping.js';

/*
 * Paying what a booking owes after its rental (issue [J], decision 051): an order priced by the
 * server for the charges due, paid in the provider's checkout, decided once by the payment intake.
 * Applied only to exactly the charges it was opened for while they are still due; refunded in
 * full otherwise. On PGlite and on PostgreSQL.
 */
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
const FEE = LATE_FEE_PAISE.free;
let t: TestApp;
let products: Product[];
let ops: Shopper;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  ops = await newShopper(t, 'balance-desk@pehnava.test');
  await t.services.repos.users.setRole(ops.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** Noon in India `days` days after `date`. */
const onDay = (date: string, days: number) =>
  clock.set(new Date(`${addDays(date, days)}T06:30:00Z`));

/**
 * A shopper's paid booking of one piece, sent out and kept `lateDays` days past its end: its late
 * fees raised by the job (the piece still out unless `returned`).
 */
async function owing(
  lateDays: number,
  { returned = true, plan }: { returned?: boolean; plan?: { renewals: 'succeed' } } = {},
) {
  clock.set(START);
  const email = `owes-balance-${++n}@pehnava.test`;
  const s = await newShopper(t, email);
  if (plan) {
    // Bought in the checkout with a standing instruction for later charges.
    const order = subscribeResponseSchema.parse(
      (await s.call('POST', '/api/subscription/subscribe', { plan: 'plus' })).json(),
    );
    const { status: _status, ...ids } = await payOrder(t, order.orderId!, {
      renewals: plan.renewals,
    });
    expect((await s.call('POST', '/api/subscription/verify', ids)).statusCode).toBe(200);
  }
  const created = await checkout(s, [
    itemFor(products[n]!, { startDate: addDays(today(), 2), duration: 2 }),
  ]);
  if (created.orderId) {
    const verified = await s.call('POST', '/api/booking/verify', {
      ...(await paidIds(t, created.orderId)),
      bookingId: created.bookingId,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }
  const sent = await ops.call('POST', `/api/admin/bookings/${created.bookingId}/dispatch`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  const item = adminBookingDetailResponseSchema.parse(sent.json()).booking.items[0]!;
  if (plan) {
    // The plan renews itself at its end (its standing instruction is charged), before the
    // rental's 14 days are over.
    const [period] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, s.id));
    clock.set(new Date(period!.endDate.getTime() + 60_000));
    await t.services.jobs.runNow(PLAN_RENEWALS_JOB);
  }
  onDay(item.endDate, lateDays);
  await t.services.jobs.runNow(LATE_FEES_JOB);
  if (returned) {
    // A plan's rental is 14 days, longer than a session: the desk signs in again.
    const desk = plan ? await signIn(t, 'balance-desk@pehnava.test') : ops;
    const back = await desk.call('POST', `/api/admin/bookings/${created.bookingId}/return`, {
      items: [{ itemId: item._id, condition: 'good' }],
    });
    expect(back.statusCode, back.body).toBe(200);
  }
  // (The shopper too, after a plan's 14 days.)
  return { s: plan ? await signIn(t, email) : s, email, id: created.bookingId, item };
}

const open = async (s: Shopper, id: string) => {
  const res = await s.call('POST', `/api/booking/${id}/balance`);
  expect(res.statusCode, res.body).toBe(200);
  return payBalanceResponseSchema.parse(res.json());
};

const verify = (s: Shopper, id: string, ids: object) =>
  s.call('POST', `/api/booking/${id}/balance/verify`, ids);

const mine = async (s: Shopper, id: string) =>
  myBookingsResponseSchema
    .parse((await s.call('GET', '/api/booking/my')).json())
    .bookings.find((b) => b._id === id)!;

const mailsOf = async (email: string, kind: string) =>
  (await t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, kind))).filter(
    (m) => m.recipient === email,
  );

const capturesOfOrder = async (providerOrderId: string) => {
  const [order] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderId, providerOrderId));
  return t.database.db.select().from(captures).where(eq(captures.orderId, order!.id));
};

describe('paying the balance', () => {
  it('pays exactly the charges due, once, however often the result is reported', async () => {
    const { s, email, id } = await owing(2);
    expect((await mine(s, id)).balanceDue).toBe((2 * FEE) / 100);

    const first = await open(s, id);
    expect(first.amount).toBe(2 * FEE);
    expect(first.balanceDue).toBe((2 * FEE) / 100);
    expect(first.order.amount).toBe(2 * FEE);
    expect(first.chargeIds).toHaveLength(2);
    // A second tab asks again: the same order, so only one can be paid.
    expect((await open(s, id)).order.id).toBe(first.order.id);

    const ids = await paidIds(t, first.order.id);
    const answer = await verify(s, id, ids);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(balanceResultSchema.parse(answer.json())).toMatchObject({
      status: 'paid',
      balanceDue: 0,
      message: CHARGE_MESSAGES.balancePaid,
    });

    // Replayed, then the webhook, then the return page's question: answered the same, nothing twice.
    expect((await verify(s, id, ids)).statusCode).toBe(200);
    await t.services.jobs.runNow(SANDBOX_WEBHOOKS_JOB);
    const confirmed = await s.call('POST', `/api/booking/${id}/balance/confirm`);
    expect(balanceResultSchema.parse(confirmed.json()).status).toBe('paid');

    const booking = await mine(s, id);
    expect(booking.balanceDue).toBe(0);
    expect(booking.charges.map((c) => c.status)).toEqual(['paid', 'paid']);
    const decided = await capturesOfOrder(first.order.id);
    expect(decided.map((c) => [c.outcome, c.appliedTo, c.amountPaise])).toEqual([
      ['applied', 'charges', 2 * FEE],
    ]);
    expect(await refundsOfPayment(t, ids.razorpay_payment_id)).toEqual([]);
    expect(await mailsOf(email, 'balance-paid')).toHaveLength(1);

    // Nothing more is due: no order is opened.
    const again = await s.call('POST', `/api/booking/${id}/balance`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: CHARGE_MESSAGES.nothingDue });

    // The audit trail says who paid what.
    const detail = adminBookingDetailResponseSchema.parse(
      (await ops.call('GET', `/api/admin/bookings/${id}`)).json(),
    );
    expect(detail.booking.audit.map((e) => e.action)).toContain('balance-paid');
  });

  it('refunds in full a payment for charges waived while the shopper paid, then takes the new balance', async () => {
    const { s, email, id } = await owing(2);
    const first = await open(s, id);
    const waived = await ops.call(
      'POST',
      `/api/admin/bookings/${id}/charges/${first.chargeIds[0]}/waive`,
      { reason: 'Courier delay' },
    );
    expect(waived.statusCode, waived.body).toBe(200);

    const ids = await paidIds(t, first.order.id);
    const answer = await verify(s, id, ids);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ success: false, message: CHARGE_MESSAGES.balanceChanged });
    await expectRefundedOnce(t, ids.razorpay_payment_id, 2 * FEE);
    expect((await mine(s, id)).charges.map((c) => c.status)).toEqual(['waived', 'due']);
    expect(await mailsOf(email, 'balance-refunded')).toHaveLength(1);

    // The new balance is one fee: a new order, paid.
    const second = await open(s, id);
    expect(second.order.id).not.toBe(first.order.id);
    expect(second.amount).toBe(FEE);
    const paid = await verify(s, id, await paidIds(t, second.order.id));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await mine(s, id)).charges.map((c) => c.status)).toEqual(['waived', 'paid']);
  });

  it('while a piece is still out: an older order pays what it was opened for, and the newer is refunded', async () => {
    const { s, id, item } = await owing(1, { returned: false });
    const older = await open(s, id);
    expect(older.amount).toBe(FEE);

    // A day later another fee is due: the order asked for now covers both.
    onDay(item.endDate, 2);
    await t.services.jobs.runNow(LATE_FEES_JOB);
    const newer = await open(s, id);
    expect(newer.order.id).not.toBe(older.order.id);
    expect(newer.amount).toBe(2 * FEE);

    // The older order (still open in another tab) is paid first: its one charge is paid.
    const olderPaid = await verify(s, id, await paidIds(t, older.order.id));
    expect(olderPaid.statusCode, olderPaid.body).toBe(200);
    expect(balanceResultSchema.parse(olderPaid.json()).balanceDue).toBe(FEE / 100);

    // The newer order's charges are no longer all due: refunded in full, nothing paid twice.
    const ids = await paidIds(t, newer.order.id);
    const answer = await verify(s, id, ids);
    expect(answer.statusCode).toBe(409);
    await expectRefundedOnce(t, ids.razorpay_payment_id, 2 * FEE);
    const booking = await mine(s, id);
    expect(booking.charges.map((c) => c.status)).toEqual(['paid', 'due']);
    expect(booking.balanceDue).toBe(FEE / 100);
    const paidRows = await t.database.db
      .select()
      .from(balanceOrderCharges)
      .where(eq(balanceOrderCharges.applied, true));
    const chargeIds = paidRows.map((r) => r.chargeId);
    expect(new Set(chargeIds).size).toBe(chargeIds.length);
  });

  it('POST /api/booking/verify takes a balance order’s result too, as the checkout sends it', async () => {
    const { s, id } = await owing(1);
    const order = await open(s, id);
    const ids = await paidIds(t, order.order.id);
    for (const body of [ids, { ...ids, bookingId: id }]) {
      const res = await s.call('POST', '/api/booking/verify', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: CHARGE_MESSAGES.balancePaid,
        bookingId: id,
        paymentStatus: 'completed',
      });
    }
    expect((await mine(s, id)).balanceDue).toBe(0);
    expect(await capturesOfOrder(order.order.id)).toHaveLength(1);
  });

  it('a payment nobody reported is found by the reconciliation', async () => {
    const { s, id } = await owing(1);
    const order = await open(s, id);
    await paidIds(t, order.order.id);
    const pending = await mine(s, id);
    expect(pending.balanceDue).toBe(FEE / 100);

    clock.set(new Date(clock.now().getTime() + 20 * 60_000));
    await t.services.jobs.runNow(BOOKING_HOLDS_JOB);
    const booking = await mine(s, id);
    expect(booking.balanceDue).toBe(0);
    expect(booking.charges.map((c) => c.status)).toEqual(['paid']);
  });

  it('confirm says pending until the provider has the payment, then paid', async () => {
    const { s, id } = await owing(1);
    const order = await open(s, id);
    const before = await s.call('POST', `/api/booking/${id}/balance/confirm`);
    expect(before.statusCode).toBe(200);
    expect(balanceResultSchema.parse(before.json())).toMatchObject({
      status: 'pending',
      message: CHARGE_MESSAGES.balanceNotPaidYet,
      balanceDue: FEE / 100,
    });
    await paidIds(t, order.order.id);
    const after = await s.call('POST', `/api/booking/${id}/balance/confirm`);
    expect(balanceResultSchema.parse(after.json())).toMatchObject({
      status: 'paid',
      balanceDue: 0,
    });
  });
});

describe('a plan shopper with a standing instruction', () => {
  const offSessionOrders = (bookingId: string) =>
    t.database.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, bookingId),
          eq(payments.purpose, 'balance'),
          eq(payments.offSession, true),
        ),
      );

  it('is charged the final balance off-session, once, with a receipt', async () => {
    const { s, email, id, item } = await owing(1, { plan: { renewals: 'succeed' } });
    expect(item.appliedSubscriptionPlan).toBe('plus');
    expect((await mine(s, id)).balanceDue).toBe(LATE_FEE_PAISE.plus / 100);

    await Promise.all([
      t.services.jobs.runNow(BALANCE_OFF_SESSION_JOB),
      t.services.balance.chargeOffSessionDue(),
    ]);
    await t.services.jobs.runNow(SANDBOX_WEBHOOKS_JOB);
    await t.services.jobs.runNow(BALANCE_OFF_SESSION_JOB);

    const booking = await mine(s, id);
    expect(booking.balanceDue).toBe(0);
    expect(booking.charges.map((c) => c.status)).toEqual(['paid']);
    const orders = await offSessionOrders(id);
    expect(orders.map((o) => [o.status, o.amountPaise])).toEqual([
      ['completed', LATE_FEE_PAISE.plus],
    ]);
    expect(orders[0]!.providerOrderId).not.toMatch(/^mandate:/);
    expect(await capturesOfOrder(orders[0]!.providerOrderId)).toHaveLength(1);
    expect(await mailsOf(email, 'balance-paid')).toHaveLength(1);
  });

  it('declined: tried once, and the shopper pays in My Bookings as anyone does', async () => {
    const { s, id } = await owing(1, { plan: { renewals: 'succeed' } });
    // The bank declines the instruction from now on (the plan itself has renewed).
    const [period] = await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, s.id), eq(subscriptions.status, 'active')));
    await t.database.db
      .update(sandboxMandates)
      .set({ renewals: 'fail' })
      .where(eq(sandboxMandates.id, period!.mandateId!));
    await t.services.jobs.runNow(BALANCE_OFF_SESSION_JOB);
    await t.services.jobs.runNow(BALANCE_OFF_SESSION_JOB);
    expect((await offSessionOrders(id)).map((o) => o.status)).toEqual(['failed']);
    expect((await mine(s, id)).charges.map((c) => c.status)).toEqual(['due']);
    const order = await open(s, id);
    expect((await verify(s, id, await paidIds(t, order.order.id))).statusCode).toBe(200);
    expect((await mine(s, id)).balanceDue).toBe(0);
  });

  it('a charge whose answer was lost is settled by its webhook, and never charged again', async () => {
    const { s, id } = await owing(1, { plan: { renewals: 'succeed' } });
    const due = (await mine(s, id)).charges;
    const [period] = await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, s.id), eq(subscriptions.status, 'active')));
    // The job wrote its order row and charged the instruction, then lost the answer.
    const [row] = await t.database.db
      .insert(payments)
      .values({
        userId: s.id,
        purpose: 'balance',
        bookingId: id,
        provider: 'sandbox',
        providerOrderId: 'mandate:lost-answer',
        amountPaise: LATE_FEE_PAISE.plus,
        offSession: true,
      })
      .returning();
    await t.database.db.insert(balanceOrderCharges).values(
      due.map((c) => ({
        orderId: row!.id,
        chargeId: c.id,
        amountPaise: Math.round(c.amount * 100),
      })),
    );
    // Meanwhile the shopper's own checkout never offers or asks about its placeholder.
    expect((await open(s, id)).order.id).not.toMatch(/^mandate:/);
    const pending = await s.call('POST', `/api/booking/${id}/balance/confirm`);
    expect(balanceResultSchema.parse(pending.json()).status).toBe('pending');
    const charged = await t.services.provider.chargeMandate!({
      mandateId: period!.mandateId!,
      amountPaise: LATE_FEE_PAISE.plus,
      receipt: 'lost',
      description: 'lost answer',
      idempotencyKey: `balance:${row!.id}`,
      notes: { purpose: 'balance', bookingId: id, orderRowId: row!.id },
    });
    expect(charged.status).toBe('captured');

    // Its webhook (sent a few seconds later) names an order Pehnava has no row for yet: the
    // row is found by its notes.
    clock.set(new Date(clock.now().getTime() + 10_000));
    await t.services.jobs.runNow(SANDBOX_WEBHOOKS_JOB);
    expect((await mine(s, id)).balanceDue).toBe(0);
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, row!.id));
    expect(after).toMatchObject({ providerOrderId: charged.orderId, status: 'completed' });
    // The job finds nothing left to charge: one payment in all.
    await t.services.jobs.runNow(BALANCE_OFF_SESSION_JOB);
    expect(await offSessionOrders(id)).toHaveLength(1);
    expect(await capturesOfOrder(charged.orderId)).toHaveLength(1);
  });

  it('not while a piece is still out: the balance is not final yet', async () => {
    const { s, id } = await owing(1, { returned: false, plan: { renewals: 'succeed' } });
    // On an active plan, with a charge due: only the piece still out holds it back.
    expect((await mine(s, id)).balanceDue).toBeGreaterThan(0);
    const [active] = await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, s.id), eq(subscriptions.status, 'active')));
    expect(active!.endDate.getTime()).toBeGreaterThan(clock.now().getTime());
    await t.services.jobs.runNow(BALANCE_OFF_SESSION_JOB);
    expect(await offSessionOrders(id)).toEqual([]);
  });
});

describe('reminders', () => {
  it('every 3 days while something is due, once each time whoever runs the job, and no more once paid', async () => {
    const { email, id } = await owing(1);
    const reminders = async () => (await mailsOf(email, 'balance-reminder')).length;
    const at = clock.now();
    const later = (days: number, hours = 0) =>
      clock.set(new Date(at.getTime() + days * 86_400_000 + hours * 3_600_000));

    // Charged today: the charge's own mail was enough for now.
    await t.services.jobs.runNow(BALANCE_REMINDERS_JOB);
    later(2, 23);
    await t.services.jobs.runNow(BALANCE_REMINDERS_JOB);
    expect(await reminders()).toBe(0);

    // Three days on: one reminder, though the job runs twice (two processes, say).
    later(3, 1);
    await Promise.all([
      t.services.jobs.runNow(BALANCE_REMINDERS_JOB),
      t.services.charges.remindDue(),
    ]);
    expect(await reminders()).toBe(1);
    const [mail] = await mailsOf(email, 'balance-reminder');
    expect(mail!.subject).toMatch(/₹249 is still due$/);

    later(5);
    await t.services.jobs.runNow(BALANCE_REMINDERS_JOB);
    expect(await reminders()).toBe(1);
    later(6, 2);
    await t.services.jobs.runNow(BALANCE_REMINDERS_JOB);
    expect(await reminders()).toBe(2);

    // Paid (signed in again: days have passed): no more reminders.
    const back = await signIn(t, email);
    const order = await open(back, id);
    expect((await verify(back, id, await paidIds(t, order.order.id))).statusCode).toBe(200);
    later(12);
    await t.services.jobs.runNow(BALANCE_REMINDERS_JOB);
    expect(await reminders()).toBe(2);
  });
});

describe('refusals change nothing', () => {
  it('a forged signature, another booking’s order, another shopper, a visitor', async () => {
    const { s, id } = await owing(1);
    const order = await open(s, id);
    const ids = await paidIds(t, order.order.id);

    const forged = await verify(s, id, { ...ids, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(BOOKING_MESSAGES.signatureInvalid);

    const other = await owing(1);
    const wrongBooking = await verify(other.s, other.id, ids);
    expect(wrongBooking.statusCode).toBe(400);
    expect(wrongBooking.json().message).toBe(CHARGE_MESSAGES.balanceOrderUnknown);

    // Not theirs: as if it did not exist.
    const stranger = await newShopper(t, `stranger-${++n}@pehnava.test`);
    for (const path of ['', '/verify', '/confirm']) {
      const res = await stranger.call('POST', `/api/booking/${id}/balance${path}`, ids);
      expect(res.statusCode).toBe(404);
    }
    const visitor = await t.app.inject({ method: 'POST', url: `/api/booking/${id}/balance` });
    expect(visitor.statusCode).toBe(401);

    expect((await mine(s, id)).charges.map((c) => c.status)).toEqual(['due']);
    const applied = await t.database.db
      .select()
      .from(captures)
      .where(
        and(
          eq(captures.appliedTo, 'charges'),
          eq(captures.providerPaymentId, ids.razorpay_payment_id),
        ),
      );
    expect(applied).toEqual([]);

    // The real result still pays it.
    expect((await verify(s, id, ids)).statusCode).toBe(200);
  });

  it('a booking with nothing due opens no order', async () => {
    const { s, id } = await owing(0);
    const res = await s.call('POST', `/api/booking/${id}/balance`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHARGE_MESSAGES.nothingDue);
    const orders = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.purpose, 'balance')));
    expect(orders).toEqual([]);
  });

  it('the database keeps a charge paid once, whatever the code does', async () => {
    const { s, id } = await owing(1);
    const order = await open(s, id);
    expect((await verify(s, id, await paidIds(t, order.order.id))).statusCode).toBe(200);
    const [charge] = await t.database.db
      .select()
      .from(bookingCharges)
      .where(eq(bookingCharges.bookingId, id));
    const [orderRow] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.purpose, 'balance')));
    // Another order claiming the same charge as paid is refused by the unique index.
    const again = await t.database.db
      .insert(payments)
      .values({ ...orderRow!, id: undefined, providerOrderId: `${orderRow!.providerOrderId}-x` })
      .returning();
    await expect(
      t.database.db
        .insert(balanceOrderCharges)
        .values({ orderId: again[0]!.id, chargeId: charge!.id, amountPaise: FEE, applied: true }),
    ).rejects.toThrow();
    // And a paid charge cannot be waived or paid again.
    await expect(
      t.database.db
        .update(bookingCharges)
        .set({ status: 'due', settledAt: null })
        .where(eq(bookingCharges.id, charge!.id)),
    ).rejects.toThrow();
  });
});
