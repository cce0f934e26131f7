import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminBookingDetailResponseSchema,
  addDays,
  checkInPreviewResponseSchema,
  todayInIndia,
  todayResponseSchema,
  utilisationResponseSchema,
  type Product,
} from '@pehnava/shared';
import { bookingCharges, products as productsTable } from '../../db/schema/index.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, checkout, itemFor, paidIds } from '../../test/checkout.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  signIn,
  type Shopper,
} from '../../test/shopping.js';

/*
 * The operator console's API (issue [K]): who may call which admin endpoint (admin, staff,
 * shopper, visitor), the Today board and the check-in preview; on PGlite and on PostgreSQL.
 */
const START = new Date('2026-12-01T04:30:00Z');
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
let products: Product[];
let admin: Shopper;
let staff: Shopper;
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
  admin = await newShopper(t, 'console-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  staff = await newShopper(t, 'console-staff@pehnava.test');
  await t.services.repos.users.setRole(staff.id, 'staff');
});
afterAll(async () => {
  await t.close();
});

/**
 * The admin routes a staff login may use (issue [K]: Today, Bookings without refunds or
 * cancellation, Check-in, Units). Written out here, apart from the routes' own marks, so that the
 * test states the policy rather than reading it back.
 */
const STAFF_MAY = new Set([
  'GET /api/admin/today',
  'GET /api/admin/check-in/{unitCode}',
  'GET /api/admin/utilisation',
  'GET /api/admin/bookings',
  'GET /api/admin/bookings/{id}',
  'POST /api/admin/bookings/{id}/status',
  'POST /api/admin/bookings/{id}/tracking',
  'POST /api/admin/bookings/{id}/dispatch',
  'POST /api/admin/bookings/{id}/return',
  // A booking at risk: staff may send another size or piece; cancelling it (a refund) is 403.
  'GET /api/admin/bookings/{id}/at-risk',
  'POST /api/admin/bookings/{id}/at-risk',
  // A booking's tax documents are on its page, which staff see with its payments (decision 083).
  'GET /api/admin/bookings/{id}/tax-documents',
  'GET /api/admin/dispatches',
  'GET /api/admin/returns',
  'GET /api/admin/units',
  'GET /api/admin/units/new-tags',
  'POST /api/admin/units/tags-printed',
  'POST /api/admin/units/{unitCode}/state',
  'POST /api/admin/units/{unitCode}/blocks',
  'DELETE /api/admin/units/{unitCode}/blocks/{blockId}',
]);
/** Admin routes that move money, set prices or touch customers' accounts: never staff's. */
const ADMIN_ONLY = new Set([
  'POST /api/admin/bookings/{id}/cancel',
  'POST /api/admin/bookings/{id}/charges/{chargeId}/waive',
  'GET /api/admin/products',
  'GET /api/admin/products/{id}',
  'POST /api/admin/products',
  'PUT /api/admin/products/{id}',
  'POST /api/admin/images',
  'GET /api/admin/reports',
  'GET /api/admin/reports/export',
  // Any tax document by its number, a plan's too: the desk's and the accountant's (decision 083).
  'GET /api/admin/tax-documents',
  'GET /api/admin/refunds',
  'POST /api/admin/refunds/{id}/retry',
  'GET /api/admin/coupons',
  'POST /api/admin/coupons',
  'GET /api/admin/coupons/{id}',
  'PATCH /api/admin/coupons/{id}',
  'GET /api/admin/customers',
  'GET /api/admin/customers/{id}',
  // The shop's health at a glance (Today's health line, decision 075).
  'GET /api/admin/health',
  'POST /api/admin/customers/{id}/anonymise',
  // Where the shop delivers (decision 068).
  'GET /api/admin/pincodes/not-served',
  'POST /api/admin/pincodes/not-served',
  'DELETE /api/admin/pincodes/not-served/{prefix}',
  // What shoppers see of other shoppers' words (decision 071).
  'GET /api/admin/reviews',
  'POST /api/admin/reviews/{reviewId}/hide',
  'POST /api/admin/reviews/{reviewId}/unhide',
]);

/** Every admin endpoint, from the API's own OpenAPI document. */
async function adminEndpoints(): Promise<{ method: string; path: string; url: string }[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const fill = (path: string) =>
    path
      .replace('{unitCode}', 'NO-SUCH-UNIT-1')
      .replace(/\{[a-zA-Z]+\}/g, '0b6c3c51-3b8e-4a44-9d53-8f1ad3d3d3d3');
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path,
        url: fill(path),
      })),
    );
}

describe('who may use the admin API', () => {
  it('every admin endpoint: a visitor 401, a shopper 403, staff only on packing and returns', async () => {
    const shopper = await newShopper(t, 'console-shopper@pehnava.test');
    const endpoints = await adminEndpoints();
    const names = endpoints.map(({ method, path }) => `${method} ${path}`);
    // Every endpoint is named by the policy above, one way or the other.
    expect(new Set(names)).toEqual(new Set([...STAFF_MAY, ...ADMIN_ONLY]));
    for (const { method, path, url } of endpoints) {
      const name = `${method} ${path}`;
      const as = async (who?: Shopper) => {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
        return who
          ? who.call(method as 'GET', url, payload)
          : t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      };
      expect((await as()).statusCode, name).toBe(401);
      const mine = await as(shopper);
      expect(mine.statusCode, name).toBe(403);
      expect(mine.json(), name).toEqual({ success: false, message: ADMIN_MESSAGES.adminsOnly });
      const packer = await as(staff);
      if (STAFF_MAY.has(name)) {
        expect([401, 403], `${name}: ${packer.body}`).not.toContain(packer.statusCode);
      } else {
        expect(packer.statusCode, name).toBe(403);
        expect(packer.json(), name).toEqual({ success: false, message: ADMIN_MESSAGES.needsAdmin });
      }
      const boss = await as(admin);
      expect([401, 403], `${name}: ${boss.body}`).not.toContain(boss.statusCode);
    }
  });

  it('a staff login cannot cancel a paid booking: nothing is refunded, the booking stays', async () => {
    const { id } = await paidBooking(addDays(today(), 20));
    const res = await staff.call('POST', `/api/admin/bookings/${id}/cancel`, { reason: 'asked' });
    expect(res.statusCode).toBe(403);
    expect((await detailOf(id)).status).toBe('confirmed');
  });

  it('an admin made staff loses the money routes on the next request', async () => {
    const email = 'console-demoted@pehnava.test';
    const ops = await newShopper(t, email);
    await t.services.repos.users.setRole(ops.id, 'admin');
    const { id } = await paidBooking(addDays(today(), 21));
    const url = `/api/admin/bookings/${id}/cancel`;
    await t.services.repos.users.setRole(ops.id, 'staff');
    const again = await signIn(t, email);
    expect((await ops.call('POST', url, { reason: 'x' })).statusCode).toBe(403);
    expect((await again.call('POST', url, { reason: 'x' })).statusCode).toBe(403);
    expect((await again.call('GET', `/api/admin/bookings/${id}`)).statusCode).toBe(200);
  });
});

/** A shopper's paid booking of one piece starting on `startDate` (with protection when asked). */
async function paidBooking(startDate: string, insurance = false) {
  const s = await newShopper(t, `console-${++n}@pehnava.test`);
  const product = products[n]!;
  const created = await checkout(s, [itemFor(product, { startDate, duration: 2 })], {
    insuranceSelected: insurance,
  });
  const ids = await paidIds(t, created.orderId!);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { s, id: created.bookingId, product };
}
const detailOf = async (id: string) =>
  adminBookingDetailResponseSchema.parse(
    (await admin.call('GET', `/api/admin/bookings/${id}`)).json(),
  ).booking;
const board = async (who: Shopper = staff) => {
  const res = await who.call('GET', '/api/admin/today');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return todayResponseSchema.parse(res.json());
};
const preview = async (code: string, query = '') =>
  staff.call('GET', `/api/admin/check-in/${encodeURIComponent(code)}${query}`);
const mrpOf = async (productId: string) =>
  (
    await t.database.db
      .select({ mrpPaise: productsTable.mrpPaise })
      .from(productsTable)
      .where(eq(productsTable.id, productId))
  )[0]!.mrpPaise;

describe('the Today board', () => {
  it('gathers what to send today and tomorrow, what is due back and late, and what is owed', async () => {
    clock.set(START);
    const sendToday = await paidBooking(addDays(today(), 1));
    const sendTomorrow = await paidBooking(addDays(today(), 2));
    const unpaid = await newShopper(t, `console-${++n}@pehnava.test`);
    const pending = await checkout(unpaid, [
      itemFor(products[n]!, { startDate: addDays(today(), 9) }),
    ]);

    let now = await board();
    expect(now.date).toBe(today());
    expect(now.tomorrow).toBe(addDays(today(), 1));
    const toSend = now.dispatches.today.find((b) => b.bookingId === sendToday.id)!;
    expect(toSend.items[0]).toMatchObject({
      productId: sendToday.product.productId,
      unitCodes: [expect.any(String)],
      dispatchedAt: null,
      lateFees: 0,
    });
    expect(toSend.deliveryAddress.city).toBe(ADDRESS.city);
    expect(now.dispatches.tomorrow.map((b) => b.bookingId)).toContain(sendTomorrow.id);
    expect(now.dispatches.today.map((b) => b.bookingId)).not.toContain(sendTomorrow.id);
    expect(now.awaitingPayment.map((b) => b.bookingId)).toContain(pending.bookingId);

    // Sent from the board (as its row does), then due back: two days late, fees accrued.
    const sent = await staff.call('POST', `/api/admin/bookings/${sendToday.id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const end = (await detailOf(sendToday.id)).items[0]!.endDate;
    clock.set(new Date(`${end}T06:30:00Z`));
    now = await board();
    expect(now.returns.today.map((b) => b.bookingId)).toContain(sendToday.id);
    // The unpaid checkout's hold has long ended: it is no longer awaited.
    expect(now.awaitingPayment.map((b) => b.bookingId)).not.toContain(pending.bookingId);

    clock.set(new Date(`${addDays(end, 2)}T06:30:00Z`));
    await t.services.jobs.runNow(LATE_FEES_JOB);
    now = await board();
    const late = now.returns.overdue.find((b) => b.bookingId === sendToday.id)!;
    expect(late.items[0]).toMatchObject({ daysLate: 2, lateFees: 2 * 249 });
    const owed = now.chargesDue.find((b) => b.bookingId === sendToday.id)!;
    expect(owed).toMatchObject({ amountDue: 2 * 249, charges: 2 });
    expect(Date.parse(owed.oldestAt)).toBeLessThanOrEqual(clock.now().getTime());
  });

  it('lists a coming hold at risk when its unit goes to repair and no other unit is free', async () => {
    clock.set(START);
    const booked = await paidBooking(addDays(today(), 12));
    const code = (await detailOf(booked.id)).items[0]!.unitCode!;
    const sizes = await admin.call('GET', `/api/admin/units?productId=${booked.product._id}`);
    const item = (await detailOf(booked.id)).items[0]!;
    const sameSize = (sizes.json() as { units: { code: string; size: string }[] }).units.filter(
      (u) => u.size === item.size && u.code !== code,
    );
    // Every other unit of the size is retired first, so the hold has nowhere to go.
    for (const other of sameSize) {
      const res = await admin.call('POST', `/api/admin/units/${other.code}/state`, {
        state: 'retired',
        note: 'worn out',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const repair = await staff.call('POST', `/api/admin/units/${code}/state`, {
      state: 'repair',
      note: 'zip broken',
    });
    expect(repair.statusCode, repair.body).toBe(200);
    const risk = (await board()).atRisk.find((r) => r.bookingId === booked.id)!;
    expect(risk).toMatchObject({
      unitCode: code,
      size: item.size,
      startDate: item.startDate,
      productId: booked.product.productId,
    });
  });
});

describe('utilisation', () => {
  it("counts a product's days out against its pieces' days in service over the period", async () => {
    clock.set(START);
    const { id, product } = await paidBooking(addDays(today(), 1));
    const sent = await staff.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const item = (await detailOf(id)).items[0]!;
    clock.set(new Date(`${addDays(today(), 4)}T06:30:00Z`));
    const back = await staff.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, condition: 'good' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const from = todayInIndia(START);
    const to = addDays(from, 9);
    const units = (
      (await staff.call('GET', `/api/admin/units?productId=${product._id}`)).json() as {
        units: unknown[];
      }
    ).units.length;

    const rowOf = async (page = 1) => {
      const res = await staff.call(
        'GET',
        `/api/admin/utilisation?from=${from}&to=${to}&page=${page}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return utilisationResponseSchema.parse(res.json());
    };
    const first = await rowOf();
    let mine = first.products.find((p) => p._id === product._id);
    for (let page = 2; !mine && (page - 1) * first.pageSize < first.total; page += 1) {
      mine = (await rowOf(page)).products.find((p) => p._id === product._id);
    }
    // Sent on the first day, back on the fifth: five days out, of ten days for every piece.
    expect(mine).toEqual({
      _id: product._id,
      productId: product.productId,
      name: product.name,
      units,
      daysInService: units * 10,
      daysOut: 5,
      utilisation: Math.round((5 / (units * 10)) * 1000) / 1000,
    });
    expect(first.total).toBeGreaterThan(25);
    expect(first.products).toHaveLength(25);
    const rates = first.products.map((p) => p.utilisation);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    // A period before it was sent: nothing out.
    const before = utilisationResponseSchema.parse(
      (
        await staff.call(
          'GET',
          `/api/admin/utilisation?from=${addDays(from, -3)}&to=${addDays(from, -1)}`,
        )
      ).json(),
    );
    expect(before.products.every((p) => p.daysOut === 0)).toBe(true);
  });

  it('refuses a period that ends before it starts or is longer than a year', async () => {
    const backwards = await staff.call(
      'GET',
      '/api/admin/utilisation?from=2026-12-10&to=2026-12-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The period must end on or after its first day');
    const long = await staff.call('GET', '/api/admin/utilisation?from=2025-01-01&to=2026-12-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A period can be at most 366 days long');
    const bad = await staff.call('GET', '/api/admin/utilisation?from=2026-13-01&to=2026-12-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Date must be a real day as YYYY-MM-DD');
  });
});

describe('the bookings search', () => {
  it('finds a booking by the delivery phone, typed with spaces or a country code', async () => {
    clock.set(START);
    const { id } = await paidBooking(addDays(today(), 30));
    const s = await newShopper(t, `console-${++n}@pehnava.test`);
    const other = await checkout(s, [itemFor(products[n]!, { startDate: addDays(today(), 31) })], {
      address: { ...ADDRESS, phone: '9000011111' },
    });
    const search = async (q: string) =>
      (
        (await staff.call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`)).json() as {
          bookings: { _id: string }[];
        }
      ).bookings.map((b) => b._id);
    for (const q of ['98200 12345', '+91 98200-12345', '12345']) {
      const found = await search(q);
      expect(found, q).toContain(id);
      expect(found, q).not.toContain(other.bookingId);
    }
    expect(await search('9000011111')).toContain(other.bookingId);
    // Three digits are too few to mean a phone: they match neither.
    expect(await search('982')).not.toContain(id);
  });
});

describe('the check-in preview', () => {
  it('names the piece and its booking, and the late fee and damage a return would charge', async () => {
    clock.set(START);
    const plain = await paidBooking(addDays(today(), 1));
    const insured = await paidBooking(addDays(today(), 1), true);
    for (const { id } of [plain, insured]) {
      expect((await admin.call('POST', `/api/admin/bookings/${id}/dispatch`, {})).statusCode).toBe(
        200,
      );
    }
    const item = (await detailOf(plain.id)).items[0]!;
    clock.set(new Date(`${addDays(item.endDate, 3)}T06:30:00Z`));
    const chargesBefore = await t.database.db.select().from(bookingCharges);

    const res = await preview(item.unitCode!.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const seen = checkInPreviewResponseSchema.parse(res.json());
    const mrp = (await mrpOf(plain.product._id)) / 100;
    expect(seen).toMatchObject({
      returnedOn: today(),
      unit: { code: item.unitCode, state: 'out', size: item.size },
      booking: { bookingId: plain.id, protectedByInsurance: false, city: ADDRESS.city },
      item: { itemId: item._id, daysLate: 3, lateFeePerDay: 249, lateFee: 3 * 249 },
      damage: { good: 0, 'needs-repair': 500, 'major-damage': mrp, lost: mrp },
    });
    // Back yesterday: one day less.
    const earlier = checkInPreviewResponseSchema.parse(
      (await preview(item.unitCode!, `?returnedOn=${addDays(today(), -1)}`)).json(),
    );
    expect(earlier.item).toMatchObject({ daysLate: 2, lateFee: 2 * 249 });

    const cover = (await detailOf(insured.id)).items[0]!;
    const covered = checkInPreviewResponseSchema.parse((await preview(cover.unitCode!)).json());
    const coverMrp = await mrpOf(insured.product._id);
    expect(covered.booking.protectedByInsurance).toBe(true);
    expect(covered.damage).toEqual({
      good: 0,
      'needs-repair': 0,
      'major-damage': Math.floor((coverMrp * 25) / 100) / 100,
      lost: Math.floor((coverMrp * 25) / 100) / 100,
    });
    // A preview writes nothing.
    expect(await t.database.db.select().from(bookingCharges)).toEqual(chargesBefore);

    // Checked in as the preview said: the charges raised are the ones shown.
    const back = await staff.call('POST', `/api/admin/bookings/${plain.id}/return`, {
      items: [{ itemId: item._id, condition: 'needs-repair' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const charges = adminBookingDetailResponseSchema.parse(back.json()).booking.charges;
    const due = (kind: string) =>
      charges
        .filter((c) => c.kind === kind && c.status === 'due')
        .reduce((s, c) => s + c.amount, 0);
    expect(due('late-fee')).toBe(seen.item.lateFee);
    expect(due('damage')).toBe(seen.damage['needs-repair']);
    // Back in: it is no longer out, and the preview says so.
    const after = await preview(item.unitCode!);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(
      `Unit ${item.unitCode} is not out with a shopper: it is repair`,
    );
  });

  it('refuses an unknown code, a piece not out and a day to come, clearly', async () => {
    clock.set(START);
    const unknown = await preview('NO-SUCH-TAG');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'No unit has the code NO-SUCH-TAG' });
    const { id } = await paidBooking(addDays(today(), 25));
    const code = (await detailOf(id)).items[0]!.unitCode!;
    const home = await preview(code);
    expect(home.statusCode).toBe(409);
    expect(home.json().message).toBe(`Unit ${code} is not out with a shopper: it is in-service`);
    const future = await preview(code, `?returnedOn=${addDays(today(), 1)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The return date cannot be in the future');
    const bad = await preview(code, '?returnedOn=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Date must be a real day as YYYY-MM-DD');
  });
});
