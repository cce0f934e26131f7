import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHARGE_MESSAGES,
  LATE_FEE_PAISE,
  PROTECTED_DAMAGE_CAP_PERCENT,
  REPAIR_FEE_PAISE,
  addDays,
  adminBookingDetailResponseSchema,
  myBookingsResponseSchema,
  paiseToRupees,
  returnsResponseSchema,
  todayInIndia,
  type PlanId,
  type Product,
} from '@pehnava/shared';
import { bookingCharges, outboxMails, products as productsTable } from '../../db/schema/index.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, itemFor, paidIds } from '../../test/checkout.js';
import {
  catalogueProducts,
  newShopper,
  signIn,
  rentable,
  subscribe,
  type Shopper,
} from '../../test/shopping.js';

/*
 * What a booking owes after its rental (issue [J], decision 050), with the clock moved: late fees
 * a day at a time at the plan's rate, fixed by the return; the 14-day purchase; damage with and
 * without protection; waiving. On PGlite and on PostgreSQL.
 */
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
let products: Product[];
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
});
afterAll(async () => {
  await t.close();
});

/** An operator signed in now. */
async function operator(): Promise<Shopper> {
  const email = `desk-${++n}@pehnava.test`;
  const ops = await newShopper(t, email);
  await t.services.repos.users.setRole(ops.id, 'admin');
  return ops;
}

/**
 * A shopper on `plan` with a confirmed booking of one piece, starting tomorrow for 2 days, sent
 * out; with damage protection when asked.
 */
async function sentBooking(plan: PlanId = 'free', insurance = false) {
  clock.set(START);
  const email = `owes-${++n}@pehnava.test`;
  const s = await newShopper(t, email);
  if (plan !== 'free') await subscribe(t, s.id, plan);
  const product = products[n]!;
  const res = await s.call('POST', '/api/booking/create', {
    cartItems: [itemFor(product, { startDate: addDays(today(), 2), duration: 2 })],
    address: ADDRESS,
    insuranceSelected: insurance,
  });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json() as { bookingId: string; orderId?: string; order?: { id: string } };
  const orderId = created.orderId ?? created.order?.id;
  if (orderId) {
    const ids = await paidIds(t, orderId);
    const verified = await s.call('POST', '/api/booking/verify', {
      ...ids,
      bookingId: created.bookingId,
    });
    expect(verified.statusCode).toBe(200);
  }
  const ops = await operator();
  const sent = await ops.call('POST', `/api/admin/bookings/${created.bookingId}/dispatch`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  const booking = adminBookingDetailResponseSchema.parse(sent.json()).booking;
  const [{ mrpPaise }] = (await t.database.db
    .select({ mrpPaise: productsTable.mrpPaise })
    .from(productsTable)
    .where(eq(productsTable.id, product._id))) as [{ mrpPaise: number }];
  return { email, id: created.bookingId, booking, item: booking.items[0]!, mrpPaise };
}

/** Move the clock to noon in India `days` days after `date`. */
function onDay(date: string, days: number) {
  clock.set(new Date(`${addDays(date, days)}T06:30:00Z`));
}

const detailAs = async (ops: Shopper, id: string) =>
  adminBookingDetailResponseSchema.parse(
    (await ops.call('GET', `/api/admin/bookings/${id}`)).json(),
  ).booking;

describe('late fees', () => {
  for (const plan of ['free', 'plus', 'pro'] as const) {
    it(`accrue a day at a time at the ${plan} rate, once per day, and stop at the day it is back`, async () => {
      const { id, item } = await sentBooking(plan);
      expect(item.appliedSubscriptionPlan).toBe(plan);
      const rate = paiseToRupees(LATE_FEE_PAISE[plan]);

      onDay(item.endDate, 3);
      await t.services.jobs.runNow(LATE_FEES_JOB);
      await t.services.jobs.runNow(LATE_FEES_JOB);
      const ops = await operator();
      let booking = await detailAs(ops, id);
      expect(booking.charges.map((c) => [c.kind, c.amount, c.status])).toEqual([
        ['late-fee', rate, 'due'],
        ['late-fee', rate, 'due'],
        ['late-fee', rate, 'due'],
      ]);
      expect(booking.balanceDue).toBe(3 * rate);
      expect(booking.charges.every((c) => c.itemId === item._id)).toBe(true);

      // Checked in today, but it reached the warehouse yesterday: the third day is given back.
      const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
        items: [{ itemId: item._id, condition: 'good' }],
        returnedOn: addDays(item.endDate, 2),
      });
      expect(back.statusCode, back.body).toBe(200);
      booking = adminBookingDetailResponseSchema.parse(back.json()).booking;
      expect(booking.charges.map((c) => c.status)).toEqual(['due', 'due', 'waived']);
      expect(booking.balanceDue).toBe(2 * rate);

      // Fixed: days later, nothing more accrues.
      onDay(item.endDate, 6);
      await t.services.jobs.runNow(LATE_FEES_JOB);
      expect((await detailAs(ops, id)).charges).toHaveLength(3);
    });
  }

  it('are raised by the return itself when the job has not run, and the shopper is mailed', async () => {
    const { email, id, item } = await sentBooking();
    onDay(item.endDate, 2);
    const ops = await operator();
    const mails = async () =>
      (
        await t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, 'booking-charge'))
      ).filter((m) => m.recipient === email);
    const before = (await mails()).length;
    const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, condition: 'good' }],
    });
    const booking = adminBookingDetailResponseSchema.parse(back.json()).booking;
    expect(booking.charges.map((c) => c.kind)).toEqual(['late-fee', 'late-fee']);
    expect((await mails()).length).toBe(before + 1);
    // The shopper sees them, and the balance.
    const shopper = await signIn(t, email);
    const mine = myBookingsResponseSchema
      .parse((await shopper.call('GET', '/api/booking/my')).json())
      .bookings.find((b) => b._id === id)!;
    expect(mine.balanceDue).toBe(2 * paiseToRupees(LATE_FEE_PAISE.free));
    expect(mine.charges[0]!.reason).toMatch(/^Late return: /);
  });
});

describe('a piece kept 14 days past its end', () => {
  it('is treated as bought: MRP less the rental paid, late fees waived, unit retired, once', async () => {
    const { id, item, mrpPaise } = await sentBooking();
    onDay(item.endDate, 10);
    await t.services.jobs.runNow(LATE_FEES_JOB);
    onDay(item.endDate, 15);
    await t.services.jobs.runNow(LATE_FEES_JOB);
    await t.services.jobs.runNow(LATE_FEES_JOB);
    const ops = await operator();
    const booking = await detailAs(ops, id);
    const late = booking.charges.filter((c) => c.kind === 'late-fee');
    expect(late).toHaveLength(10);
    expect(late.every((c) => c.status === 'waived')).toBe(true);
    const bought = booking.charges.filter((c) => c.kind === 'purchase');
    expect(bought.map((c) => [c.amount, c.status])).toEqual([
      [paiseToRupees(mrpPaise) - item.totalPrice, 'due'],
    ]);
    expect(booking.balanceDue).toBe(bought[0]!.amount);
    expect(booking.items[0]!.condition).toBe('lost');
    const units = (
      await ops.call('GET', `/api/admin/units?productId=${item.listingId._id}`)
    ).json() as { units: { code: string; state: string }[] };
    expect(units.units.find((u) => u.code === item.unitCode)!.state).toBe('retired');
    // No longer overdue: it is the shopper's now.
    const overdue = returnsResponseSchema.parse(
      (await ops.call('GET', '/api/admin/returns?overdue=true')).json(),
    );
    expect(overdue.returns.some((r) => r.bookingId === id)).toBe(false);
  });
});

describe('damage', () => {
  it('without protection: the repair fee, or up to the MRP, lower when the operator says', async () => {
    const { id, item, mrpPaise } = await sentBooking();
    onDay(item.endDate, 0);
    const ops = await operator();
    const tooMuch = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, condition: 'major-damage', damageAmount: mrpPaise / 100 + 1 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      CHARGE_MESSAGES.damageAboveCap(`₹${(mrpPaise / 100).toLocaleString('en-IN')}`),
    );
    const notAsked = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, condition: 'good', damageAmount: 10 }],
    });
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().message).toBe(CHARGE_MESSAGES.damageAmountNotAsked);
    // Refused returns changed nothing.
    expect((await detailAs(ops, id)).items[0]!.returnedAt).toBeNull();

    const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, condition: 'major-damage', damageAmount: 1500 }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const booking = adminBookingDetailResponseSchema.parse(back.json()).booking;
    expect(booking.charges.map((c) => [c.kind, c.amount])).toEqual([['damage', 1500]]);

    const second = await sentBooking();
    onDay(second.item.endDate, 0);
    const repaired = await ops.call('POST', `/api/admin/bookings/${second.id}/return`, {
      items: [{ itemId: second.item._id, condition: 'needs-repair' }],
    });
    expect(
      adminBookingDetailResponseSchema.parse(repaired.json()).booking.charges.map((c) => c.amount),
    ).toEqual([paiseToRupees(REPAIR_FEE_PAISE)]);
  });

  it('with protection: a small repair costs nothing, a loss at most 25% of MRP; late fees stay', async () => {
    const { id, item } = await sentBooking('free', true);
    onDay(item.endDate, 0);
    const ops = await operator();
    const back = await ops.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, condition: 'needs-repair' }],
    });
    expect(adminBookingDetailResponseSchema.parse(back.json()).booking.charges).toEqual([]);

    const lost = await sentBooking('free', true);
    onDay(lost.item.endDate, 1);
    const gone = await ops.call('POST', `/api/admin/bookings/${lost.id}/return`, {
      items: [{ itemId: lost.item._id, condition: 'lost' }],
    });
    const booking = adminBookingDetailResponseSchema.parse(gone.json()).booking;
    expect(booking.charges.map((c) => [c.kind, c.amount])).toEqual([
      ['late-fee', paiseToRupees(LATE_FEE_PAISE.free)],
      ['damage', paiseToRupees(Math.floor((lost.mrpPaise * PROTECTED_DAMAGE_CAP_PERCENT) / 100))],
    ]);
  });
});

describe('waiving', () => {
  it('an operator waives a charge due once, with a reason kept; a shopper may not', async () => {
    const { email, id, item } = await sentBooking();
    onDay(item.endDate, 1);
    await t.services.jobs.runNow(LATE_FEES_JOB);
    const ops = await operator();
    const [charge] = (await detailAs(ops, id)).charges;
    const url = `/api/admin/bookings/${id}/charges/${charge!.id}/waive`;

    const shopper = await signIn(t, email);
    expect((await shopper.call('POST', url, { reason: 'Please' })).statusCode).toBe(403);
    expect((await ops.call('POST', url, {})).statusCode).toBe(400);
    const unknown = await ops.call(
      'POST',
      `/api/admin/bookings/${id}/charges/00000000-0000-4000-8000-000000000000/waive`,
      { reason: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CHARGE_MESSAGES.chargeNotFound);

    const waived = await ops.call('POST', url, { reason: 'Courier delay, not the shopper' });
    expect(waived.statusCode).toBe(200);
    expect(waived.json().message).toBe(CHARGE_MESSAGES.waived);
    const booking = adminBookingDetailResponseSchema.parse(waived.json()).booking;
    expect(booking.charges[0]!.status).toBe('waived');
    expect(booking.balanceDue).toBe(0);
    expect(booking.audit.at(-1)).toMatchObject({
      action: 'waive',
      note: 'Courier delay, not the shopper',
    });
    const again = await ops.call('POST', url, { reason: 'again' });
    expect(again.json().message).toBe(CHARGE_MESSAGES.alreadyWaived);
    expect((await detailAs(ops, id)).audit).toHaveLength(booking.audit.length);
  });
});

describe('the database', () => {
  it('keeps a charge as it was written, and settles it once', async () => {
    const { item } = await sentBooking();
    onDay(item.endDate, 1);
    await t.services.jobs.runNow(LATE_FEES_JOB);
    const [charge] = await t.database.db
      .select()
      .from(bookingCharges)
      .where(eq(bookingCharges.bookingItemId, item._id));
    const change = (set: ReturnType<typeof sql>) =>
      t.database.db.execute(sql`update booking_charges set ${set} where id = ${charge!.id}`);
    await expect(change(sql`amount_paise = 1`)).rejects.toThrow();
    expect(await t.services.repos.charges.waive(charge!.id, 'ops', 'Goodwill')).toBe(true);
    await expect(change(sql`status = 'due', settled_at = null`)).rejects.toThrow();
    expect(await t.services.repos.charges.waive(charge!.id, 'ops', 'Again')).toBe(false);
    // A second late fee for the same line and day is not written.
    expect(
      await t.services.repos.charges.raise([
        {
          bookingId: charge!.bookingId,
          bookingItemId: charge!.bookingItemId,
          kind: 'late-fee',
          day: charge!.day,
          amountPaise: 1,
          reason: 'again',
        },
      ]),
    ).toEqual([]);
  });
});
