import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PINCODE_MESSAGES,
  addDays,
  availabilityResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { bookingItems, bookings, unitReservations } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, checkout, itemFor, paidIds, verifyPayment } from '../../test/checkout.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

/*
 * Holds follow the booking's pincode (issue [O] §3; DECISIONS.md 'Delivery promise'): a piece
 * going to an address `transit` days from the warehouse is held from start − transit to end +
 * transit + 2; the earliest start is today + transit; the calendar greys dates for a pincode; the
 * send list has a booking on its dispatch day. On PGlite and on PostgreSQL.
 */
const clock = createManualClock(new Date('2026-12-01T04:30:00Z'));
let t: TestApp;
let products: Product[];
let admin: Shopper;
let next = 0;
const aProduct = () => products[next++]!;
let n = 0;
const shopper = () => newShopper(t, `delivery-holds-${++n}@pehnava.test`);
const today = () => todayInIndia(clock.now());

/** Jaipur: 3 days from the warehouse in Mumbai. */
const JAIPUR = { ...ADDRESS, city: 'Jaipur', state: 'Rajasthan', pincode: '302001' };

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    jobs: false,
    env: { NOT_SERVED_PINCODES: '744', AUTH_RATE_LIMIT_PER_IP: '10000' },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'delivery-holds-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

const holdsOf = (bookingId: string) =>
  t.database.db
    .select({ from: unitReservations.blockedFrom, until: unitReservations.blockedUntil })
    .from(unitReservations)
    .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
    .where(and(eq(bookingItems.bookingId, bookingId), eq(unitReservations.active, true)));

async function calendar(p: Product, pincode?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/${p._id}/availability${pincode ? `?pincode=${pincode}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return availabilityResponseSchema.parse(res.json());
}

describe('holds by pincode', () => {
  it('a booking to Jaipur holds its piece 3 days before the start to 3 + 2 after the end; one to Mumbai 1 before and 3 after', async () => {
    const start = addDays(today(), 30);
    const far = await checkout(
      await shopper(),
      [itemFor(aProduct(), { startDate: start, duration: 4 })],
      {
        address: JAIPUR,
      },
    );
    expect(await holdsOf(far.bookingId)).toEqual([
      { from: addDays(start, -3), until: addDays(start, 4 + 3 + 2) },
    ]);
    const near = await checkout(await shopper(), [
      itemFor(aProduct(), { startDate: start, duration: 4 }),
    ]);
    expect(await holdsOf(near.bookingId)).toEqual([
      { from: addDays(start, -1), until: addDays(start, 4 + 3) },
    ]);
    const [row] = await t.database.db
      .select({ transitDays: bookings.transitDays })
      .from(bookings)
      .where(eq(bookings.id, far.bookingId));
    expect(row!.transitDays).toBe(3);
  });

  it('refuses a start sooner than a parcel reaches the pincode, holding nothing', async () => {
    const s = await shopper();
    const p = aProduct();
    const soon = await s.call('POST', '/api/booking/create', {
      cartItems: [itemFor(p, { startDate: addDays(today(), 2) })],
      address: JAIPUR,
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toEqual({
      success: false,
      message: PINCODE_MESSAGES.tooSoon({
        product: p.name,
        pincode: '302001',
        city: 'Jaipur',
        earliest: addDays(today(), 3),
      }),
    });
    expect(await t.database.db.select().from(bookings).where(eq(bookings.userId, s.id))).toEqual(
      [],
    );
    // Mumbai: tomorrow is the soonest; today is too soon.
    const todayInMumbai = await s.call('POST', '/api/booking/create', {
      cartItems: [itemFor(p, { startDate: today() })],
      address: ADDRESS,
    });
    expect(todayInMumbai.statusCode).toBe(400);
    const ok = await s.call('POST', '/api/booking/create', {
      cartItems: [itemFor(p, { startDate: addDays(today(), 3) })],
      address: JAIPUR,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('GET /api/product/{id}/availability?pincode=', () => {
  it('starts at the earliest start for the pincode and greys the dates its longer holds meet', async () => {
    const p = aProduct();
    const size = sizeOf(p);
    const units = await t.database.db.query.productUnits.findMany({
      where: (u, { and: all, eq: is }) => all(is(u.productId, p._id), is(u.size, size)),
    });
    const start = addDays(today(), 40);
    // Every piece of the size booked to Jaipur for 4 days: held start − 3 … start + 9.
    for (let i = 0; i < units.length; i += 1) {
      await checkout(await shopper(), [itemFor(p, { startDate: start, duration: 4 })], {
        address: JAIPUR,
      });
    }
    const near = await calendar(p);
    const far = await calendar(p, '302001');
    const kolkata = await calendar(p, '700001');
    expect(near.from).toBe(addDays(today(), 1));
    expect(far.from).toBe(addDays(today(), 3));
    expect(kolkata.from).toBe(addDays(today(), 2));
    for (const answer of [near, far, kolkata]) expect(answer.to).toBe(addDays(today(), 90));

    const greyed = (answer: typeof near) =>
      answer.sizes.find((s) => s.size === size)!.unavailableStartDates['2']!;
    // Mumbai, 2 days from d: held d − 1 … d + 5, so d from start − 8 to start + 10 meets it.
    expect(greyed(near)[0]).toBe(addDays(start, -8));
    expect(greyed(near).at(-1)).toBe(addDays(start, 10));
    // Jaipur, 2 days from d: held d − 3 … d + 7, so d from start − 10 to start + 12.
    expect(greyed(far)[0]).toBe(addDays(start, -10));
    expect(greyed(far).at(-1)).toBe(addDays(start, 12));
    expect(greyed(far)).toHaveLength(23);

    // The earliest free date a calendar offers is one checkout takes.
    const offered = addDays(start, 13);
    const ok = await checkout(await shopper(), [itemFor(p, { startDate: offered, duration: 2 })], {
      address: JAIPUR,
    });
    expect(ok.bookingId).toBeTruthy();
  });

  it('a pincode India Post does not know, or not served, or not 6 digits, is a 400', async () => {
    const p = products[0]!;
    for (const [pincode, message] of [
      ['999999', PINCODE_MESSAGES.notFound('999999')],
      ['744101', PINCODE_MESSAGES.notServed('744101')],
      ['4000', PINCODE_MESSAGES.invalid],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/product/${p._id}/availability?pincode=${pincode}`,
      });
      expect(res.statusCode, pincode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
  });
});

describe('the send list', () => {
  it('has a booking to Jaipur 3 days before its start, and one to Mumbai the day before', async () => {
    const start = addDays(today(), 12);
    const ids: Record<string, string> = {};
    for (const [name, address] of [
      ['jaipur', JAIPUR],
      ['mumbai', ADDRESS],
    ] as const) {
      const s = await shopper();
      const made = await checkout(s, [itemFor(aProduct(), { startDate: start })], { address });
      const paid = await verifyPayment(s, await paidIds(t, made.order!.id), made.bookingId);
      expect(paid.statusCode, paid.body).toBe(200);
      ids[name] = made.bookingId;
    }
    const listed = async (day: string) => {
      const res = await admin.call('GET', `/api/admin/dispatches?date=${day}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { dispatches: { bookingId: string }[] }).dispatches.map(
        (d) => d.bookingId,
      );
    };
    const threeBefore = await listed(addDays(start, -3));
    expect(threeBefore).toContain(ids.jaipur);
    expect(threeBefore).not.toContain(ids.mumbai);
    const dayBefore = await listed(addDays(start, -1));
    expect(dayBefore).toContain(ids.mumbai);
    expect(dayBefore).not.toContain(ids.jaipur);
    expect(await listed(addDays(start, -2))).not.toContain(ids.jaipur);
  });
});
