import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  adminBookingDetailResponseSchema,
  todayInIndia,
  unitsResponseSchema,
  type Product,
} from '@pehnava/shared';
import { outboxMails, unitReservations } from '../../db/schema/index.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { onePiece } from '../../test/late-payments.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  signIn,
  type Shopper,
} from '../../test/shopping.js';

/*
 * A piece kept out past its end keeps its unit (issue [J]): its hold stretches day by day to when
 * it could be back and cleaned; a later booking of that unit moves to another free unit of the
 * size, or, when there is none, is marked at risk and its shopper mailed their choices. On
 * PGlite and on PostgreSQL.
 */
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
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
  ops = await newShopper(t, 'kept-out-desk@pehnava.test');
  await t.services.repos.users.setRole(ops.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A paid booking of the product's first size, starting `inDays` days from today for 2 days. */
async function paidBooking(product: Product, inDays: number) {
  const email = `kept-out-${++n}@pehnava.test`;
  const s = await newShopper(t, email);
  const created = await checkout(s, [
    itemFor(product, { startDate: addDays(today(), inDays), duration: 2 }),
  ]);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...(await paidIds(t, created.orderId!)),
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { email, id: created.bookingId };
}

const holdsOf = async (bookingId: string) => {
  const detail = adminBookingDetailResponseSchema.parse(
    (await ops.call('GET', `/api/admin/bookings/${bookingId}`)).json(),
  ).booking;
  const rows = await t.database.db
    .select()
    .from(unitReservations)
    .where(
      and(
        eq(unitReservations.bookingItemId, detail.items[0]!._id),
        eq(unitReservations.active, true),
      ),
    );
  return { item: detail.items[0]!, rows };
};

const atRiskMails = async (email: string) =>
  (
    await t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, 'booking-at-risk'))
  ).filter((m) => m.recipient === email);

describe('a piece kept out past its end', () => {
  it('stretches its hold and moves the next booking of its unit to another free unit', async () => {
    clock.set(START);
    const product = products[1]!;
    const first = await paidBooking(product, 2);
    const sent = await ops.call('POST', `/api/admin/bookings/${first.id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const {
      item,
      rows: [out],
    } = await holdsOf(first.id);
    // The next booking, right after the first's turnaround: on the same unit (the lowest free).
    const next = await paidBooking(product, 2 + 2 + 5);
    const before = (await holdsOf(next.id)).rows[0]!;
    expect(before.unitId).toBe(out!.unitId);

    // Two days late: the piece could be back and cleaned 3 days after today at the earliest.
    clock.set(new Date(`${addDays(item.endDate, 2)}T06:30:00Z`));
    await t.services.jobs.runNow(LATE_FEES_JOB);
    const stretched = (await holdsOf(first.id)).rows[0]!;
    expect(stretched.blockedUntil).toBe(addDays(item.endDate, 2 + 3));
    const moved = (await holdsOf(next.id)).rows[0]!;
    expect(moved.unitId).not.toBe(out!.unitId);
    expect(moved.blockedFrom).toBe(before.blockedFrom);
    expect(moved.atRiskSince).toBeNull();
    expect(await atRiskMails(next.email)).toEqual([]);

    // Again the same day: nothing more changes.
    await t.services.jobs.runNow(LATE_FEES_JOB);
    expect((await holdsOf(first.id)).rows[0]!.blockedUntil).toBe(stretched.blockedUntil);
  });

  it('when no other unit is free, the next booking is at risk, its shopper mailed once', async () => {
    clock.set(START);
    const product = products[2]!;
    await onePiece(t, product);
    const first = await paidBooking(product, 2);
    expect(
      (await ops.call('POST', `/api/admin/bookings/${first.id}/dispatch`, {})).statusCode,
    ).toBe(200);
    const { item } = await holdsOf(first.id);
    const next = await paidBooking(product, 2 + 2 + 5);
    const nextHold = (await holdsOf(next.id)).rows[0]!;

    clock.set(new Date(`${addDays(item.endDate, 2)}T06:30:00Z`));
    await t.services.jobs.runNow(LATE_FEES_JOB);
    const held = (await holdsOf(next.id)).rows[0]!;
    expect(held.id).toBe(nextHold.id);
    expect(held.atRiskSince).not.toBeNull();
    // The kept piece's hold stops short of the booking that keeps its place.
    expect((await holdsOf(first.id)).rows[0]!.blockedUntil).toBe(addDays(nextHold.blockedFrom, -1));
    const mails = await atRiskMails(next.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/may not be ready in time$/);

    // A day later still out: still at risk, not mailed again; operators see it on the unit.
    clock.set(new Date(`${addDays(item.endDate, 3)}T06:30:00Z`));
    await t.services.jobs.runNow(LATE_FEES_JOB);
    expect(await atRiskMails(next.email)).toHaveLength(1);
    // (Signed in again: the desk's session is days old by now.)
    const desk = await signIn(t, 'kept-out-desk@pehnava.test');
    const { units } = unitsResponseSchema.parse(
      (await desk.call('GET', `/api/admin/units?productId=${product._id}`)).json(),
    );
    const unit = units.find((u) => u.code === item.unitCode);
    expect(unit?.current?.bookingId).toBe(first.id);
    expect(unit?.upcoming.find((r) => r.bookingId === next.id)?.atRisk).toBe(true);
  });
});
