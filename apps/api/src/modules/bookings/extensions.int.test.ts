import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  EXTENSION_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  extendResponseSchema,
  extensionDayPrice,
  extensionQuoteSchema,
  extensionResultSchema,
  formatIsoDate,
  myBookingsResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import {
  bookingCharges,
  bookingItems,
  bookingExtensions,
  captures,
  outboxMails,
  payments,
  productUnits,
  unitReservations,
} from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB, SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, paidIds, payOrder } from '../../test/checkout.js';
import { refundsOfPayment } from '../../test/bookings.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

/*
 * Keeping a rental longer (issue [O] §4, decision 073): priced by the server, paid through the
 * payment intake, applied once when every piece's unit is still free for the new days and
 * refunded in full otherwise. On PGlite and on PostgreSQL (races in extension-races.int.test.ts).
 */
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
/** Pieces with exactly one unit in a size: that size, and the product. */
let single: { product: Product; size: string }[];
let ops: Shopper;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  const products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.twoDayRentalPrice > 0 && p.category !== 'luxury',
  );
  const counts = await t.database.db
    .select({
      productId: productUnits.productId,
      size: productUnits.size,
      n: sql<number>`count(*)::int`,
    })
    .from(productUnits)
    .groupBy(productUnits.productId, productUnits.size);
  single = counts
    .filter((c) => c.n === 1)
    .map((c) => ({ product: products.find((p) => p._id === c.productId)!, size: c.size }))
    .filter(
      (s) => s.product && s.product.sizes.some((size) => size.size === s.size && size.available),
    );
  ops = await newShopper(t, 'extension-desk@pehnava.test');
  await t.services.repos.users.setRole(ops.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A shopper's paid booking of one single-unit piece starting in 2 days, 2 days long, sent out. */
async function out({ insurance = false, send = true } = {}) {
  clock.set(START);
  const email = `keeps-longer-${++n}@pehnava.test`;
  const s = await newShopper(t, email);
  const piece = single[n]!;
  const startDate = addDays(today(), 2);
  const created = await checkout(
    s,
    [{ productId: piece.product._id, size: piece.size, duration: 2, quantity: 1, startDate }],
    { insuranceSelected: insurance },
  );
  const verified = await s.call('POST', '/api/booking/verify', {
    ...(await paidIds(t, created.orderId!)),
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  if (send) {
    const sent = await ops.call('POST', `/api/admin/bookings/${created.bookingId}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(adminBookingDetailResponseSchema.parse(sent.json()).booking.status).toBe('shipped');
  }
  return { s, email, id: created.bookingId, piece, startDate, endDate: addDays(startDate, 2) };
}

const quote = async (s: Shopper, id: string) => {
  const res = await s.call('GET', `/api/booking/${id}/extend`);
  expect(res.statusCode, res.body).toBe(200);
  return extensionQuoteSchema.parse(res.json());
};

const open = async (s: Shopper, id: string, days: number) => {
  const res = await s.call('POST', `/api/booking/${id}/extend`, { days });
  expect(res.statusCode, res.body).toBe(200);
  return extendResponseSchema.parse(res.json());
};

const verify = (s: Shopper, id: string, ids: object) =>
  s.call('POST', `/api/booking/${id}/extend/verify`, ids);

const mine = async (s: Shopper, id: string) =>
  myBookingsResponseSchema
    .parse((await s.call('GET', '/api/booking/my')).json())
    .bookings.find((b) => b._id === id)!;

const mailsOf = async (email: string, kind: string) =>
  (await t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, kind))).filter(
    (m) => m.recipient === email,
  );

const holdsOf = async (bookingId: string) =>
  t.database.db
    .select({ from: unitReservations.blockedFrom, until: unitReservations.blockedUntil })
    .from(unitReservations)
    .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
    .where(and(eq(bookingItems.bookingId, bookingId), eq(unitReservations.active, true)));

const capturesOfOrder = async (providerOrderId: string) => {
  const [order] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderId, providerOrderId));
  return t.database.db.select().from(captures).where(eq(captures.orderId, order!.id));
};

/** Another shopper books the same single piece from `startDate` (paid). */
async function takeAfter(piece: { product: Product; size: string }, startDate: string) {
  const other = await newShopper(t, `takes-it-${++n}@pehnava.test`);
  const created = await checkout(other, [
    { productId: piece.product._id, size: piece.size, duration: 2, quantity: 1, startDate },
  ]);
  const verified = await other.call('POST', '/api/booking/verify', {
    ...(await paidIds(t, created.orderId!)),
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return created.bookingId;
}

describe('keeping a rental longer', () => {
  it('is offered only while the booking is out, and not to another shopper', async () => {
    const { s, id } = await out({ send: false });
    const before = await quote(s, id);
    expect(before).toMatchObject({
      extendable: false,
      reason: EXTENSION_MESSAGES.notOut,
      maxDays: 0,
      options: [],
    });
    const refused = await s.call('POST', `/api/booking/${id}/extend`, { days: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EXTENSION_MESSAGES.notOut);

    const stranger = await newShopper(t, `stranger-${++n}@pehnava.test`);
    for (const res of [
      await stranger.call('GET', `/api/booking/${id}/extend`),
      await stranger.call('POST', `/api/booking/${id}/extend`, { days: 2 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BOOKING_MESSAGES.bookingNotFound);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/booking/${id}/extend` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a number of days outside 1 to 7 with a clear message, changing nothing', async () => {
    const { s, id } = await out();
    for (const days of [0, 8, 2.5, '3', null, -1]) {
      const res = await s.call('POST', `/api/booking/${id}/extend`, { days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().message, String(days)).toBe(EXTENSION_MESSAGES.daysInvalid);
    }
    const none = await s.call('POST', `/api/booking/${id}/extend`, {});
    expect(none.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookingExtensions)
      .where(eq(bookingExtensions.bookingId, id));
    expect(row!.n).toBe(0);
  });

  it('quotes each day at the 14-day price ÷ 14, rounded up, and adds damage protection', async () => {
    const plain = await out();
    const q = await quote(plain.s, plain.id);
    const day = extensionDayPrice(plain.piece.product.fourteenDayRentalPrice);
    expect(q).toMatchObject({
      extendable: true,
      reason: null,
      endDate: plain.endDate,
      perDay: day,
      insured: false,
      maxDays: 7,
    });
    expect(q.options).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((days) => ({
        days,
        endDate: addDays(plain.endDate, days),
        amount: day * days,
      })),
    );

    const insured = await out({ insurance: true });
    const qi = await quote(insured.s, insured.id);
    const dayI = extensionDayPrice(insured.piece.product.fourteenDayRentalPrice);
    expect(qi.insured).toBe(true);
    expect(qi.options[2]!.amount).toBe(Math.round(dayI * 3 * 110) / 100);
    const opened = await open(insured.s, insured.id, 3);
    expect(opened.amount).toBe(Math.round(dayI * 3 * 110));
    expect(opened.order.amount).toBe(opened.amount);
  });

  it('applies a paid extension once: new end date, longer hold, one mail, late fees from the new end', async () => {
    const { s, email, id, endDate } = await out();
    const holdBefore = await holdsOf(id);
    expect(holdBefore).toEqual([{ from: addDays(endDate, -3), until: addDays(endDate, 3) }]);

    const first = await open(s, id, 3);
    expect(first).toMatchObject({ days: 3, endDate: addDays(endDate, 3), currency: 'INR' });
    // A second tab asks for the same: the same order, so only one can be paid.
    expect((await open(s, id, 3)).order.id).toBe(first.order.id);

    const ids = await paidIds(t, first.order.id);
    const answer = await verify(s, id, ids);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(extensionResultSchema.parse(answer.json())).toEqual({
      success: true,
      message: EXTENSION_MESSAGES.extended(formatIsoDate(addDays(endDate, 3))),
      bookingId: id,
      status: 'extended',
      endDate: addDays(endDate, 3),
    });

    // Replayed, the webhook, the return page's question: the same answer, nothing twice.
    expect((await verify(s, id, ids)).statusCode).toBe(200);
    await t.services.jobs.runNow(SANDBOX_WEBHOOKS_JOB);
    const confirmed = await s.call('POST', `/api/booking/${id}/extend/confirm`);
    expect(extensionResultSchema.parse(confirmed.json()).status).toBe('extended');

    const booking = await mine(s, id);
    expect(booking.items[0]!.endDate).toBe(addDays(endDate, 3));
    expect(booking.items[0]!.rentalDuration).toBe(2);
    expect(booking.extensions).toEqual([
      expect.objectContaining({ days: 3, amount: first.price, endDate: addDays(endDate, 3) }),
    ]);
    expect(await holdsOf(id)).toEqual([{ from: addDays(endDate, -3), until: addDays(endDate, 6) }]);
    expect(
      (await capturesOfOrder(first.order.id)).map((c) => [c.outcome, c.appliedTo, c.amountPaise]),
    ).toEqual([['applied', 'extension', first.amount]]);
    expect(await refundsOfPayment(t, ids.razorpay_payment_id)).toEqual([]);
    expect(await mailsOf(email, 'extension-applied')).toHaveLength(1);

    // The old end date has passed: no late fee until after the new one.
    clock.set(new Date(`${addDays(endDate, 2)}T06:30:00Z`));
    await t.services.jobs.runNow(LATE_FEES_JOB);
    expect(
      await t.database.db.select().from(bookingCharges).where(eq(bookingCharges.bookingId, id)),
    ).toEqual([]);
    clock.set(new Date(`${addDays(endDate, 4)}T06:30:00Z`));
    await t.services.jobs.runNow(LATE_FEES_JOB);
    const late = await t.database.db
      .select()
      .from(bookingCharges)
      .where(eq(bookingCharges.bookingId, id));
    expect(late.map((c) => c.day)).toEqual([addDays(endDate, 4)]);
    clock.set(START);
  });

  it('offers only the days the next booking of the unit leaves free', async () => {
    const { s, id, piece, endDate } = await out();
    // The next rental's hold starts the day before it: 2 days, plus the 3-day turnaround, fit.
    await takeAfter(piece, addDays(endDate, 7));
    const q = await quote(s, id);
    expect(q.maxDays).toBe(2);
    expect(q.options.map((o) => o.days)).toEqual([1, 2]);
    const tooMany = await s.call('POST', `/api/booking/${id}/extend`, { days: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(EXTENSION_MESSAGES.tooManyDays(2));
    const ok = await open(s, id, 2);
    const answer = await verify(s, id, await paidIds(t, ok.order.id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await quote(s, id)).maxDays).toBe(0);
  });

  it('refunds in full, and keeps the end date, when the unit is taken while the shopper pays', async () => {
    const { s, email, id, piece, endDate } = await out();
    const opened = await open(s, id, 3);
    // Nothing is held while the shopper pays: another shopper books the days after.
    await takeAfter(piece, addDays(endDate, 7));
    const ids = await paidIds(t, opened.order.id);
    const answer = await verify(s, id, ids);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toContain(EXTENSION_MESSAGES.refused);
    expect((await verify(s, id, ids)).statusCode).toBe(409);

    const booking = await mine(s, id);
    expect(booking.items[0]!.endDate).toBe(endDate);
    expect(booking.extensions).toEqual([]);
    expect(booking.refunds.map((r) => r.amount)).toEqual([opened.price]);
    expect(await holdsOf(id)).toEqual([{ from: addDays(endDate, -3), until: addDays(endDate, 3) }]);
    const refunds = await refundsOfPayment(t, ids.razorpay_payment_id);
    expect(refunds.map((r) => [r.amountPaise, r.reason])).toEqual([
      [opened.amount, 'pieces-taken'],
    ]);
    const [extension] = await t.database.db
      .select()
      .from(bookingExtensions)
      .where(eq(bookingExtensions.bookingId, id));
    expect(extension).toMatchObject({ status: 'refused', reason: 'pieces-taken' });
    expect(await mailsOf(email, 'extension-refunded')).toHaveLength(1);
    expect(await mailsOf(email, 'extension-applied')).toHaveLength(0);
  });

  it('pays an older order for an end date that has moved back in full', async () => {
    const { s, id, endDate } = await out();
    const two = await open(s, id, 2);
    const four = await open(s, id, 4);
    expect(four.order.id).not.toBe(two.order.id);
    expect((await verify(s, id, await paidIds(t, four.order.id))).statusCode).toBe(200);
    const late = await verify(s, id, await paidIds(t, two.order.id));
    expect(late.statusCode).toBe(409);
    const booking = await mine(s, id);
    expect(booking.items[0]!.endDate).toBe(addDays(endDate, 4));
    expect(booking.refunds.map((r) => r.amount)).toEqual([two.price]);
  });

  it('is closed on the end date itself, and an unpaid order lapses after its hold', async () => {
    const { s, id, endDate } = await out();
    const opened = await open(s, id, 1);
    clock.set(new Date(`${endDate}T06:30:00Z`));
    expect(await quote(s, id)).toMatchObject({
      extendable: false,
      reason: EXTENSION_MESSAGES.pastEnd,
    });
    await t.services.jobs.runNow(BOOKING_HOLDS_JOB);
    const [row] = await t.database.db
      .select()
      .from(bookingExtensions)
      .where(eq(bookingExtensions.bookingId, id));
    expect(row!.status).toBe('lapsed');
    // Paid on its last day after all: still applied (its unit is free).
    const paid = await payOrder(t, opened.order.id);
    expect(paid.status).toBe('captured');
    const { status: _status, ...ids } = paid;
    expect((await verify(s, id, ids)).statusCode).toBe(200);
    expect((await mine(s, id)).items[0]!.endDate).toBe(addDays(endDate, 1));
    // A payment on the day after the end would come too late.
    clock.set(new Date(`${addDays(endDate, 2)}T06:30:00Z`));
    expect((await quote(s, id)).extendable).toBe(false);
    clock.set(START);
  });

  it('refuses a forged or foreign payment result without deciding anything', async () => {
    const a = await out();
    const b = await out();
    const opened = await open(a.s, a.id, 1);
    const ids = await paidIds(t, opened.order.id);
    const forged = await verify(a.s, a.id, { ...ids, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(BOOKING_MESSAGES.signatureInvalid);
    // The order belongs to booking a, not b.
    const foreign = await verify(b.s, b.id, ids);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(EXTENSION_MESSAGES.orderUnknown);
    expect(await holdsOf(a.id)).toEqual([
      { from: addDays(a.endDate, -3), until: addDays(a.endDate, 3) },
    ]);
  });
});
