import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  AT_RISK_MESSAGES,
  BOOKING_MESSAGES,
  FULFILMENT_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  atRiskChoiceResponseSchema,
  atRiskResponseSchema,
  bookingNumber,
  dispatchesResponseSchema,
  formatRupees,
  myBookingsResponseSchema,
  reportItemResponseSchema,
  todayInIndia,
  todayResponseSchema,
  unitStateResponseSchema,
  type Product,
} from '@pehnava/shared';
import {
  bookingItems,
  outboxMails,
  productUnits,
  refunds,
  unitReservations,
} from '../../db/schema/index.js';
import { UNITS_READY_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { usingPostgres } from '../../test/database.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

/*
 * A booking at risk (issue [N]): a piece set aside for it went to repair and no other of its size
 * was free. The shopper (from the mail's link) and an operator see the same choices (another
 * size, another piece at no extra cost, or cancelling with a full refund) and make them through
 * one call. Fit-window exchanges not yet sent are on the day's dispatch lists. On PGlite and on
 * PostgreSQL; the race of two shoppers for the last free piece on PostgreSQL only.
 */
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
let products: Product[];
/** Units per product and size, as seeded. */
let unitCounts: Map<string, number>;
let admin: Shopper;
let staff: Shopper;
let n = 0;
/** Products a test has taken (their units are retired or sent to repair): never taken twice. */
const used = new Set<string>();

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
  unitCounts = new Map();
  for (const unit of await t.database.db
    .select({ productId: productUnits.productId, size: productUnits.size })
    .from(productUnits)) {
    const key = `${unit.productId}/${unit.size}`;
    unitCounts.set(key, (unitCounts.get(key) ?? 0) + 1);
  }
  admin = await newShopper(t, 'at-risk-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  staff = await newShopper(t, 'at-risk-staff@pehnava.test');
  await t.services.repos.users.setRole(staff.id, 'staff');
});
afterAll(async () => {
  await t.close();
});

const unitsOf = (p: Product, size: string) => unitCounts.get(`${p._id}/${size}`) ?? 0;
/** The product's sizes offered and with at least `min` units. */
const sizesWith = (p: Product, min = 1) =>
  p.sizes.filter((s) => s.available && unitsOf(p, s.size) >= min).map((s) => s.size);

/** A product no other test took, meeting `test`; taken now. */
function take(test: (p: Product) => boolean): Product {
  const product = products.find((p) => !used.has(p._id) && test(p));
  if (!product) throw new Error('no product in the seeded catalogue fits this test');
  used.add(product._id);
  return product;
}

/** Retire every unit of the product in `size` after the first `keep` (as onePiece does). */
async function keepUnits(product: Product, size: string, keep: number) {
  await t.database.db
    .update(productUnits)
    .set({ state: 'retired', retiredAt: clock.now() })
    .where(
      and(
        eq(productUnits.productId, product._id),
        eq(productUnits.size, size),
        gt(productUnits.unitNumber, keep),
      ),
    );
}

const detailOf = async (id: string) => {
  const res = await admin.call('GET', `/api/admin/bookings/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminBookingDetailResponseSchema.parse(res.json()).booking;
};

/** A shopper's paid booking of one piece in `size`, starting `inDays` days from today, 2 days. */
async function paidBooking(product: Product, size: string, inDays: number, who?: Shopper) {
  clock.set(START);
  const email = `at-risk-${++n}@pehnava.test`;
  const s = who ?? (await newShopper(t, email));
  const created = await checkout(s, [
    itemFor(product, { size, startDate: addDays(today(), inDays), duration: 2 }),
  ]);
  const ids = await paidIds(t, created.orderId!);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const id = created.bookingId;
  const detail = await detailOf(id);
  return { s, email, id, item: detail.items[0]!, total: detail.totalPrice };
}

/** Send a unit to repair as the desk does; its coming holds move or are marked at risk. */
async function repair(code: string) {
  const res = await staff.call('POST', `/api/admin/units/${code}/state`, {
    state: 'repair',
    note: 'zip broken',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A paid booking at risk: the product's size keeps one unit, booked 10 days ahead and then sent
 * to repair, with no other unit of the size to take the hold over.
 */
async function atRiskBooking(product: Product, size: string, inDays = 10) {
  await keepUnits(product, size, 1);
  const booked = await paidBooking(product, size, inDays);
  await repair(booked.item.unitCode!);
  const [hold] = await holdsOf(booked.item._id);
  expect(hold!.atRiskSince).not.toBeNull();
  return booked;
}

/** The active holds of a line, with their unit's code and size. */
const holdsOf = (itemId: string) =>
  t.database.db
    .select({
      id: unitReservations.id,
      unitId: unitReservations.unitId,
      code: productUnits.code,
      size: productUnits.size,
      blockedFrom: unitReservations.blockedFrom,
      blockedUntil: unitReservations.blockedUntil,
      dispatchedAt: unitReservations.dispatchedAt,
      atRiskSince: unitReservations.atRiskSince,
    })
    .from(unitReservations)
    .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
    .where(and(eq(unitReservations.bookingItemId, itemId), eq(unitReservations.active, true)));

/**
 * Whether `count` units of the product in `size` are free over [from, until], read from the
 * tables themselves: reservable (not in repair or retired) with no active hold or block meeting
 * those days, and the size offered.
 */
async function reallyFree(
  product: Product,
  size: string,
  from: string,
  until: string,
  count: number,
): Promise<boolean> {
  if (!product.sizes.some((s) => s.size === size && s.available)) return false;
  const units = (
    await t.database.db
      .select()
      .from(productUnits)
      .where(and(eq(productUnits.productId, product._id), eq(productUnits.size, size)))
  ).filter((unit) => unit.state !== 'repair' && unit.state !== 'retired');
  if (units.length < count) return false;
  const holds = await t.database.db
    .select()
    .from(unitReservations)
    .where(
      and(
        eq(unitReservations.active, true),
        inArray(
          unitReservations.unitId,
          units.map((unit) => unit.id),
        ),
      ),
    );
  const free = units.filter(
    (unit) =>
      !holds.some(
        (hold) => hold.unitId === unit.id && hold.blockedFrom <= until && hold.blockedUntil >= from,
      ),
  );
  return free.length >= count;
}

const choicesAs = (who: Shopper, id: string, asAdmin = false) =>
  who.call('GET', asAdmin ? `/api/admin/bookings/${id}/at-risk` : `/api/booking/${id}/at-risk`);
const choose = (who: Shopper, id: string, body: object, asAdmin = false) =>
  who.call(
    'POST',
    asAdmin ? `/api/admin/bookings/${id}/at-risk` : `/api/booking/${id}/at-risk`,
    body,
  );

async function choicesOf(who: Shopper, id: string, asAdmin = false) {
  const res = await choicesAs(who, id, asAdmin);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return atRiskResponseSchema.parse(res.json());
}

const board = async () => {
  const res = await staff.call('GET', '/api/admin/today');
  expect(res.statusCode, res.body).toBe(200);
  return todayResponseSchema.parse(res.json());
};

const mailsOf = async (kind: string, email: string) =>
  (await t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, kind))).filter(
    (m) => m.recipient === email,
  );

const refundsOf = (bookingId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));

describe('fit-window exchanges on the dispatch lists', () => {
  it('lists an exchange not yet sent today only, with what to send and what to collect', async () => {
    const product = take((p) => sizesWith(p).length >= 2);
    const [size, newSize] = sizesWith(product);
    const booked = await paidBooking(product, size!, 1);
    const { s, id, item } = booked;
    expect((await admin.call('POST', `/api/admin/bookings/${id}/dispatch`, {})).statusCode).toBe(
      200,
    );
    clock.set(new Date(START.getTime() + 20 * 3_600_000));
    const delivered = await admin.call('POST', `/api/admin/bookings/${id}/status`, {
      status: 'delivered',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const reported = await s.call('POST', `/api/booking/${id}/items/${item._id}/report`, {
      reason: 'fit',
      want: 'exchange',
      size: newSize,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reportItemResponseSchema.parse(reported.json()).booking.items[0]!.report!.outcome).toBe(
      'exchange',
    );
    const setAside = (await holdsOf(item._id)).filter((hold) => !hold.dispatchedAt);
    expect(setAside.map((hold) => hold.size)).toEqual([newSize]);

    // A booking that starts a lead from today: a normal entry on the same list.
    const lead = t.config.RESERVATION_LEAD_DAYS;
    const other = take((p) => sizesWith(p).length >= 1);
    clock.set(new Date(START.getTime() + 20 * 3_600_000));
    const plainShopper = await newShopper(t, `at-risk-${++n}@pehnava.test`);
    const plain = await checkout(plainShopper, [
      itemFor(other, { startDate: addDays(today(), lead), duration: 2 }),
    ]);
    expect(
      (
        await plainShopper.call('POST', '/api/booking/verify', {
          ...(await paidIds(t, plain.orderId!)),
          bookingId: plain.bookingId,
        })
      ).statusCode,
    ).toBe(200);

    const expected = {
      bookingId: id,
      exchange: true,
      items: [
        expect.objectContaining({
          itemId: item._id,
          size: newSize,
          quantity: 1,
          unitCodes: [setAside[0]!.code],
          collectCodes: [item.unitCode],
          dispatchedAt: null,
        }),
      ],
    };
    // Read raw: the contract's defaults would hide a missing `exchange` or `collectCodes`.
    type Entry = { bookingId: string; exchange: boolean; items: { collectCodes: string[] }[] };
    const listOf = async (query = '') => {
      const res = await staff.call('GET', `/api/admin/dispatches${query}`);
      expect(res.statusCode, res.body).toBe(200);
      dispatchesResponseSchema.parse(res.json());
      return (res.json() as { dispatches: Entry[] }).dispatches;
    };
    // (Before 04:00 in India the booking also starts a lead from today: its own entry is then on
    // the list too, not an exchange.)
    const exchangeOf = (list: Entry[]) => list.filter((e) => e.bookingId === id && e.exchange);
    const todays = await listOf();
    expect(exchangeOf(todays)).toEqual([expect.objectContaining(expected)]);
    for (const entry of todays.filter((e) => !e.exchange)) {
      expect(entry.items.map((i) => i.collectCodes)).toEqual(entry.items.map(() => []));
    }
    const normal = todays.find((e) => e.bookingId === plain.bookingId)!;
    expect(normal).toMatchObject({ exchange: false });
    expect(normal.items.map((i) => i.collectCodes)).toEqual([[]]);
    expect(await listOf(`?date=${today()}`)).toEqual(todays);

    const tomorrow = addDays(today(), 1);
    expect((await listOf(`?date=${tomorrow}`)).filter((e) => e.exchange)).toEqual([]);

    const boardRes = await staff.call('GET', '/api/admin/today');
    expect(boardRes.statusCode, boardRes.body).toBe(200);
    const raw = boardRes.json() as { dispatches: { today: Entry[]; tomorrow: Entry[] } };
    expect(exchangeOf(raw.dispatches.today)).toEqual([expect.objectContaining(expected)]);
    expect(raw.dispatches.tomorrow.filter((e) => e.exchange)).toEqual([]);
    todayResponseSchema.parse(raw);

    // Sent: gone from the list; the first piece is still collected by its tag.
    const sent = await staff.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(exchangeOf(await listOf())).toEqual([]);
    expect(exchangeOf((await board()).dispatches.today)).toEqual([]);
    const back = await staff.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, unitCode: item.unitCode!, condition: 'good' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const units = await t.database.db
      .select()
      .from(productUnits)
      .where(inArray(productUnits.code, [item.unitCode!, setAside[0]!.code]));
    const stateOf = (code: string) => units.find((u) => u.code === code)!.state;
    expect(stateOf(setAside[0]!.code)).toBe('out');
    expect(stateOf(item.unitCode!)).not.toBe('out');
    expect(exchangeOf(await listOf())).toEqual([]);
  });
});

describe('a booking at risk', () => {
  /** A product with three sizes or more offered, each with a unit. */
  const threeSizes = (p: Product) => sizesWith(p).length >= 3;

  it('shows the shopper and the desk the same choices, free sizes as they really are', async () => {
    const product = take(threeSizes);
    const [size, none] = sizesWith(product);
    // Nothing is free in `none` at all.
    await keepUnits(product, none!, 0);
    const stranger = await newShopper(t, `at-risk-stranger-${++n}@pehnava.test`);
    const { s, email, id, item, total } = await atRiskBooking(product, size!);

    // The mail links to the choices.
    const mails = await mailsOf('booking-at-risk', email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`/orders/${id}/choose`);

    const mine = await choicesOf(s, id);
    expect(mine).toMatchObject({
      success: true,
      bookingId: id,
      bookingNumber: bookingNumber(id),
      status: 'confirmed',
      cancellable: true,
      refund: total,
    });
    expect(mine.lines).toHaveLength(1);
    const line = mine.lines[0]!;
    expect(line).toMatchObject({
      itemId: item._id,
      productId: product.productId,
      name: product.name,
      size,
      quantity: 1,
      startDate: item.startDate,
      endDate: item.endDate,
      unitCodes: [item.unitCode],
    });
    // Every size of the product, free exactly when the tables say so.
    const [hold] = await holdsOf(item._id);
    expect(line.sizes.map((x) => x.size)).toEqual(product.sizes.map((x) => x.size));
    for (const offered of line.sizes) {
      expect(offered.free, offered.size).toBe(
        await reallyFree(product, offered.size, hold!.blockedFrom, hold!.blockedUntil, 1),
      );
    }
    const freeOf = (x: string) => line.sizes.find((o) => o.size === x)!.free;
    expect(freeOf(size!)).toBe(false);
    expect(freeOf(none!)).toBe(false);
    expect(line.sizes.some((o) => o.free)).toBe(true);

    // The desk (admin or staff) sees the same; another shopper and a visitor do not.
    expect((await choicesOf(admin, id, true)).lines).toEqual(mine.lines);
    expect(await choicesOf(staff, id, true)).toEqual(mine);
    const theirs = await choicesAs(stranger, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(BOOKING_MESSAGES.bookingNotFound);
    expect(
      (
        await choose(stranger, id, {
          choice: 'size',
          itemId: item._id,
          size: sizesWith(product)[2],
        })
      ).statusCode,
    ).toBe(404);
    expect((await choose(stranger, id, { choice: 'cancel' })).statusCode).toBe(404);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/booking/${id}/at-risk` });
    expect(visitor.statusCode).toBe(401);
    const visitorPost = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${id}/at-risk`,
      payload: { choice: 'cancel' },
    });
    expect(visitorPost.statusCode).toBe(401);
    expect((await choicesAs(s, id, true)).statusCode).toBe(403);
    expect((await choicesAs(s, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const risk = (await board()).atRisk.filter((r) => r.bookingId === id);
    expect(risk).toEqual([
      expect.objectContaining({
        productId: product.productId,
        size,
        startDate: item.startDate,
        unitCode: item.unitCode,
      }),
    ]);
    // Nobody chose anything: still at risk, nothing refunded.
    expect((await holdsOf(item._id))[0]!.atRiskSince).not.toBeNull();
    expect(await refundsOf(id)).toEqual([]);
  });

  it('moves the line to another size that is free: once, at the same price, mailed', async () => {
    const product = take(threeSizes);
    const [size, wanted] = sizesWith(product);
    const { s, email, id, item, total } = await atRiskBooking(product, size!);
    expect((await choicesOf(s, id)).lines[0]!.sizes.find((x) => x.size === wanted)!.free).toBe(
      true,
    );
    const [before] = await holdsOf(item._id);
    const myItem = async () =>
      myBookingsResponseSchema
        .parse((await s.call('GET', '/api/booking/my')).json())
        .bookings.find((b) => b._id === id)!.items[0]!;
    expect((await myItem()).atRisk).toBe(true);
    expect((await detailOf(id)).items[0]!.atRisk).toBe(true);

    const res = await choose(s, id, { choice: 'size', itemId: item._id, size: wanted });
    expect(res.statusCode, res.body).toBe(200);
    const answer = atRiskChoiceResponseSchema.parse(res.json());
    expect(answer.message).toBe(AT_RISK_MESSAGES.movedToSize(wanted!));
    expect(answer.choices).toMatchObject({
      bookingId: id,
      status: 'confirmed',
      lines: [],
      cancellable: false,
      refund: 0,
    });
    expect((await choicesOf(s, id)).lines).toEqual([]);

    // The line is in the new size, the hold on a unit of it, on track; the price as paid.
    const my = myBookingsResponseSchema.parse((await s.call('GET', '/api/booking/my')).json());
    const mine = my.bookings.find((b) => b._id === id)!;
    expect(mine.items.map((i) => [i.size, i.atRisk])).toEqual([[wanted, false]]);
    expect(mine.totalPrice).toBe(total);
    const detail = await detailOf(id);
    expect(detail.totalPrice).toBe(total);
    expect(detail.items[0]).toMatchObject({
      size: wanted,
      totalPrice: item.totalPrice,
      listingId: expect.objectContaining({ _id: product._id }),
    });
    expect(detail.audit.map((e) => e.action)).toContain('at-risk');
    const holds = await holdsOf(item._id);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({
      size: wanted,
      atRiskSince: null,
      blockedFrom: before!.blockedFrom,
      blockedUntil: before!.blockedUntil,
    });
    expect(holds[0]!.id).not.toBe(before!.id);
    expect((await board()).atRisk.filter((r) => r.bookingId === id)).toEqual([]);
    const mails = await mailsOf('booking-piece-changed', email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Booking ${bookingNumber(id)}: your piece is set aside`);

    // The same choice again: a 409 that changes nothing.
    const again = await choose(s, id, { choice: 'size', itemId: item._id, size: wanted });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: AT_RISK_MESSAGES.notAtRisk });
    const desk = await choose(admin, id, { choice: 'size', itemId: item._id, size: wanted }, true);
    expect(desk.statusCode).toBe(409);
    expect(desk.json().message).toBe(AT_RISK_MESSAGES.notAtRisk);
    const cancelNow = await choose(s, id, { choice: 'cancel' });
    expect(cancelNow.statusCode).toBe(409);
    expect(cancelNow.json().message).toBe(AT_RISK_MESSAGES.notAtRisk);
    expect(await holdsOf(item._id)).toEqual(holds);
    expect(await mailsOf('booking-piece-changed', email)).toHaveLength(1);
    expect((await detailOf(id)).status).toBe('confirmed');
    expect(await refundsOf(id)).toEqual([]);
  });

  it('takes another piece of its own size once one comes free', async () => {
    const product = take((p) => sizesWith(p, 2).length >= 1);
    const size = sizesWith(product, 2)[0]!;
    await keepUnits(product, size, 2);
    // The size's other piece is taken for the same days, then let go by its booking's cancelling.
    const { s, email, id, item } = await paidBooking(product, size, 10);
    const other = await paidBooking(product, size, 10);
    await repair(item.unitCode!);
    expect((await holdsOf(item._id))[0]!.atRiskSince).not.toBeNull();
    const ownFree = async () =>
      (await choicesOf(s, id)).lines[0]!.sizes.find((x) => x.size === size)!.free;
    expect(await ownFree()).toBe(false);
    const refused = await choose(s, id, { choice: 'size', itemId: item._id, size });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AT_RISK_MESSAGES.sizeNotFree(size));
    expect((await other.s.call('POST', `/api/booking/${other.id}/cancel`, {})).statusCode).toBe(
      200,
    );
    expect(await ownFree()).toBe(true);

    const res = await choose(s, id, { choice: 'size', itemId: item._id, size });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(AT_RISK_MESSAGES.movedToSize(size));
    expect(await holdsOf(item._id)).toEqual([
      expect.objectContaining({ code: other.item.unitCode, size, atRiskSince: null }),
    ]);
    expect((await detailOf(id)).items[0]!.size).toBe(size);
    expect(await mailsOf('booking-piece-changed', email)).toHaveLength(1);
  });

  it('refuses a size not free, a size not made, and an item not named or not its own', async () => {
    const product = take(threeSizes);
    const [size, none] = sizesWith(product);
    await keepUnits(product, none!, 0);
    const { s, email, id, item, total } = await atRiskBooking(product, size!);
    // A booking on track, of another shopper.
    const plainProduct = take((p) => sizesWith(p).length >= 1);
    const plainSize = sizesWith(plainProduct)[0]!;
    const plain = await paidBooking(plainProduct, plainSize, 12);
    const before = await holdsOf(item._id);
    const choicesBefore = await choicesOf(s, id);
    expect(choicesBefore).toMatchObject({ cancellable: true, refund: total });

    const cases: [object, number, string][] = [
      [{ choice: 'size', itemId: item._id, size: none }, 409, AT_RISK_MESSAGES.sizeNotFree(none!)],
      [{ choice: 'size', itemId: item._id, size }, 409, AT_RISK_MESSAGES.sizeNotFree(size!)],
      [
        { choice: 'size', itemId: item._id, size: 'XXXXL' },
        400,
        AT_RISK_MESSAGES.sizeUnknown('XXXXL'),
      ],
      [{ choice: 'size', itemId: item._id }, 400, AT_RISK_MESSAGES.sizeNeeded],
      [{ choice: 'size', size: none }, 400, AT_RISK_MESSAGES.itemNotFound],
      [{ choice: 'size', itemId: 'not-an-id', size: none }, 400, AT_RISK_MESSAGES.itemNotFound],
      [{ choice: 'piece', itemId: item._id }, 400, AT_RISK_MESSAGES.productNeeded],
    ];
    for (const [body, status, message] of cases) {
      const res = await choose(s, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const unknownChoice = await choose(s, id, { choice: 'swap', itemId: item._id });
    expect(unknownChoice.statusCode).toBe(400);
    expect(unknownChoice.json().message).toBe(AT_RISK_MESSAGES.choiceInvalid);
    // Another booking's line is not part of this one.
    const foreign = await choose(s, id, { choice: 'size', itemId: plain.item._id, size: none });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(AT_RISK_MESSAGES.itemNotFound);
    // A booking on track has no choices to make, and cannot be cancelled this way.
    const onTrack = await choicesOf(plain.s, plain.id);
    expect(onTrack).toMatchObject({
      lines: [],
      cancellable: false,
      refund: 0,
      status: 'confirmed',
    });
    for (const body of [
      { choice: 'size', itemId: plain.item._id, size: plainSize },
      { choice: 'cancel' },
    ]) {
      const res = await choose(plain.s, plain.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toBe(AT_RISK_MESSAGES.notAtRisk);
    }
    expect((await detailOf(plain.id)).status).toBe('confirmed');
    expect(await refundsOf(plain.id)).toEqual([]);

    // Nothing changed: still at risk, the same choices, no mail.
    expect(await holdsOf(item._id)).toEqual(before);
    expect(before[0]!.atRiskSince).not.toBeNull();
    expect(await choicesOf(s, id)).toEqual(choicesBefore);
    expect((await detailOf(id)).items[0]!.size).toBe(size);
    expect(await mailsOf('booking-piece-changed', email)).toEqual([]);
    expect((await board()).atRisk.map((r) => r.bookingId)).toContain(id);
  });

  it('moves the line to another piece at no extra cost, as the desk chooses it', async () => {
    const filterOf = (p: Product, type: string) => p.filters.find((f) => f.type === type)?.value;
    /**
     * What may replace a line of `p` in `size`: another piece of the same tier and department,
     * offered in the size, costing no more for the line's 2 days.
     */
    const mayReplace = (p: Product, size: string) => (o: Product) =>
      o._id !== p._id &&
      o.isAvailable &&
      o.category === p.category &&
      filterOf(o, 'category') === filterOf(p, 'category') &&
      o.twoDayRentalPrice <= p.twoDayRentalPrice &&
      o.sizes.some((x) => x.size === size && x.available);
    const product = take(
      (p) =>
        sizesWith(p).length >= 1 &&
        products.some(
          (o) =>
            !used.has(o._id) &&
            sizesWith(o).includes(sizesWith(p)[0]!) &&
            mayReplace(p, sizesWith(p)[0]!)(o),
        ),
    );
    const size = sizesWith(product)[0]!;
    const { s, email, id, item, total } = await atRiskBooking(product, size);

    const { lines } = await choicesOf(s, id);
    const pieces = lines[0]!.pieces;
    expect(pieces.length).toBeGreaterThanOrEqual(1);
    expect(pieces.length).toBeLessThanOrEqual(4);
    const all = await catalogueProducts(t);
    const offered = pieces.map((piece) => all.find((p) => p._id === piece._id)!);
    offered.forEach((other, i) => {
      expect(mayReplace(product, size)(other), other.productId).toBe(true);
      expect(pieces[i]).toMatchObject({ productId: other.productId, name: other.name });
    });
    // The closest first: the same kind, then the nearest price.
    const rank = (o: Product) => [
      Number(filterOf(o, 'subCategory') === filterOf(product, 'subCategory')),
      o.twoDayRentalPrice,
    ];
    for (let i = 1; i < offered.length; i += 1) {
      const [kindBefore, priceBefore] = rank(offered[i - 1]!);
      const [kind, price] = rank(offered[i]!);
      expect(kindBefore! > kind! || (kindBefore === kind && priceBefore! >= price!)).toBe(true);
    }
    const chosen = pieces[0]!;
    used.add(chosen._id);

    // Not one of those offered: another tier, dearer, the same piece, or none at all.
    const notOffered = [
      products.find((p) => p.category !== product.category)!._id,
      product._id,
      '00000000-0000-4000-8000-000000000000',
    ];
    const dearer = products.find(
      (o) =>
        o.category === product.category &&
        o.twoDayRentalPrice > product.twoDayRentalPrice &&
        o.sizes.some((x) => x.size === size && x.available),
    );
    if (dearer) notOffered.push(dearer._id);
    for (const productId of notOffered) {
      const res = await choose(staff, id, { choice: 'piece', itemId: item._id, productId }, true);
      expect(res.statusCode, productId).toBe(400);
      expect(res.json().message).toBe(AT_RISK_MESSAGES.pieceNotOffered);
    }
    expect((await holdsOf(item._id))[0]!.atRiskSince).not.toBeNull();

    const res = await choose(
      staff,
      id,
      { choice: 'piece', itemId: item._id, productId: chosen._id },
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = atRiskChoiceResponseSchema.parse(res.json());
    expect(answer.message).toBe(AT_RISK_MESSAGES.movedToPiece(chosen.name, size));
    expect(answer.choices).toMatchObject({ lines: [], cancellable: false, refund: 0 });

    // The new piece, at the price paid.
    const detail = await detailOf(id);
    expect(detail.totalPrice).toBe(total);
    expect(detail.items[0]).toMatchObject({
      size,
      totalPrice: item.totalPrice,
      originalPrice: item.originalPrice,
      listingId: expect.objectContaining({ _id: chosen._id, productId: chosen.productId }),
    });
    expect(detail.audit.find((e) => e.action === 'at-risk')?.actor.email).toBe(
      'at-risk-staff@pehnava.test',
    );
    const holds = await holdsOf(item._id);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ size, atRiskSince: null });
    const [unit] = await t.database.db
      .select()
      .from(productUnits)
      .where(eq(productUnits.id, holds[0]!.unitId));
    expect(unit!.productId).toBe(chosen._id);
    expect((await board()).atRisk.filter((r) => r.bookingId === id)).toEqual([]);
    expect(await mailsOf('booking-piece-changed', email)).toHaveLength(1);
    const my = myBookingsResponseSchema.parse((await s.call('GET', '/api/booking/my')).json());
    expect(my.bookings.find((b) => b._id === id)!.items[0]!.listingId._id).toBe(chosen._id);
  });

  it('cancels with a full refund when the shopper asks, confirmed or processing', async () => {
    for (const status of ['confirmed', 'processing'] as const) {
      const product = take((p) => sizesWith(p).length >= 1);
      const { s, email, id, item, total } = await atRiskBooking(product, sizesWith(product)[0]!);
      if (status === 'processing') {
        const moved = await admin.call('POST', `/api/admin/bookings/${id}/status`, {
          status: 'processing',
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect((await choicesOf(s, id)).status).toBe('processing');
      }
      const res = await choose(s, id, { choice: 'cancel' });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      const answer = atRiskChoiceResponseSchema.parse(res.json());
      expect(answer.message).toBe(AT_RISK_MESSAGES.cancelled(formatRupees(total)));
      expect(answer.choices).toMatchObject({
        status: 'cancelled',
        lines: [],
        cancellable: false,
        refund: 0,
      });

      const detail = await detailOf(id);
      expect(detail.status).toBe('cancelled');
      expect(detail.refunds.map((r) => r.amount)).toEqual([total]);
      const rows = await refundsOf(id);
      expect(rows.map((r) => [r.amountPaise, r.reason, r.idempotencyKey])).toEqual([
        [Math.round(total * 100), 'cancellation', `cancel:${id}`],
      ]);
      expect(await holdsOf(item._id)).toEqual([]);
      expect((await board()).atRisk.filter((r) => r.bookingId === id)).toEqual([]);
      expect(await mailsOf('booking-cancelled', email)).toHaveLength(1);

      // Again: already cancelled, nothing more refunded.
      const again = await choose(s, id, { choice: 'cancel' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: BOOKING_MESSAGES.alreadyCancelled });
      const late = await choose(s, id, { choice: 'size', itemId: item._id, size: item.size });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(BOOKING_MESSAGES.alreadyCancelled);
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await mailsOf('booking-cancelled', email)).toHaveLength(1);
    }
  });

  it('lets an admin cancel for the shopper, not staff', async () => {
    const product = take((p) => sizesWith(p).length >= 1);
    const { email, id, item, total } = await atRiskBooking(product, sizesWith(product)[0]!);

    const refused = await choose(staff, id, { choice: 'cancel' }, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.needsAdmin);
    expect((await detailOf(id)).status).toBe('confirmed');
    expect((await holdsOf(item._id))[0]!.atRiskSince).not.toBeNull();
    expect(await refundsOf(id)).toEqual([]);

    const res = await choose(admin, id, { choice: 'cancel' }, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(atRiskChoiceResponseSchema.parse(res.json()).message).toBe(
      AT_RISK_MESSAGES.cancelled(formatRupees(total)),
    );
    const detail = await detailOf(id);
    expect(detail.status).toBe('cancelled');
    expect(detail.audit.find((e) => e.action === 'cancel')?.actor.email).toBe(
      'at-risk-admin@pehnava.test',
    );
    const rows = await refundsOf(id);
    expect(rows.map((r) => [r.amountPaise, r.reason, r.idempotencyKey])).toEqual([
      [Math.round(total * 100), 'cancellation', `cancel:${id}`],
    ]);
    expect(await mailsOf('booking-cancelled', email)).toHaveLength(1);
    const again = await choose(admin, id, { choice: 'cancel' }, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MESSAGES.alreadyCancelled);
    expect(await refundsOf(id)).toHaveLength(1);
  });
});

describe('a fit-window exchange at risk', () => {
  const unsentOf = async (itemId: string) =>
    (await holdsOf(itemId)).filter((hold) => !hold.dispatchedAt);

  /**
   * A fit-window exchange at risk: a product of three sizes or more is booked in its first size,
   * sent and delivered; the shopper asks to exchange it for the second size, which has one piece,
   * and that piece then goes to repair. The clock is left 20 hours on.
   */
  async function exchangeAtRisk() {
    const product = take((p) => sizesWith(p).length >= 3);
    const [size, exchangeSize, wanted] = sizesWith(product) as [string, string, string];
    await keepUnits(product, exchangeSize, 1);
    const booked = await paidBooking(product, size, 1);
    const { s, id, item } = booked;
    const sent = await admin.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    clock.set(new Date(START.getTime() + 20 * 3_600_000));
    const delivered = await admin.call('POST', `/api/admin/bookings/${id}/status`, {
      status: 'delivered',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const reported = await s.call('POST', `/api/booking/${id}/items/${item._id}/report`, {
      reason: 'fit',
      want: 'exchange',
      size: exchangeSize,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const [setAside] = await unsentOf(item._id);
    expect(setAside).toMatchObject({ size: exchangeSize, atRiskSince: null });
    await repair(setAside!.code);
    const [hold] = await unsentOf(item._id);
    expect(hold).toMatchObject({ id: setAside!.id, code: setAside!.code });
    expect(hold!.atRiskSince).not.toBeNull();
    return { ...booked, product, size, exchangeSize, wanted, hold: hold! };
  }

  it('may only move to another free size: the line keeps its size, and the exchange goes out', async () => {
    const { s, email, id, item, product, size, exchangeSize, wanted, hold } =
      await exchangeAtRisk();

    // The mail offers another size only, not cancelling.
    const mails = await mailsOf('booking-at-risk', email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('choose another size for it yourself');
    expect(mails[0]!.textBody).not.toContain('cancel');
    expect(mails[0]!.textBody).toContain(`/orders/${id}/choose`);

    // One line, in the exchange's size, with the sizes to choose from and nothing to cancel.
    const mine = await choicesOf(s, id);
    expect(mine).toMatchObject({
      success: true,
      bookingId: id,
      bookingNumber: bookingNumber(id),
      status: 'delivered',
      cancellable: false,
      refund: 0,
    });
    expect(mine.lines).toHaveLength(1);
    const line = mine.lines[0]!;
    expect(line).toMatchObject({
      itemId: item._id,
      productId: product.productId,
      name: product.name,
      size: exchangeSize,
      quantity: 1,
      startDate: item.startDate,
      endDate: item.endDate,
      unitCodes: [hold.code],
      pieces: [],
    });
    expect(line.sizes.map((x) => x.size)).toEqual(product.sizes.map((x) => x.size));
    for (const offered of line.sizes) {
      expect(offered.free, offered.size).toBe(
        await reallyFree(product, offered.size, hold.blockedFrom, hold.blockedUntil, 1),
      );
    }
    const freeOf = (x: string) => line.sizes.find((o) => o.size === x)!.free;
    expect(freeOf(exchangeSize)).toBe(false);
    expect(freeOf(wanted)).toBe(true);
    expect(await choicesOf(staff, id, true)).toEqual(mine);

    // The board and My Bookings show it at risk, the board in the size the exchange sends.
    const myItem = async () =>
      myBookingsResponseSchema
        .parse((await s.call('GET', '/api/booking/my')).json())
        .bookings.find((b) => b._id === id)!.items[0]!;
    expect(await myItem()).toMatchObject({
      size,
      atRisk: true,
      report: { outcome: 'exchange', size: exchangeSize },
    });
    expect((await board()).atRisk.filter((r) => r.bookingId === id)).toEqual([
      expect.objectContaining({
        productId: product.productId,
        size: exchangeSize,
        startDate: item.startDate,
        unitCode: hold.code,
      }),
    ]);

    // Not cancelled (the booking is with its shopper), not another piece, not its own size.
    const otherProduct = products.find((p) => p._id !== product._id)!;
    const refusals: [Shopper, boolean, object, number, string][] = [
      [s, false, { choice: 'cancel' }, 409, AT_RISK_MESSAGES.tooLate('delivered')],
      [admin, true, { choice: 'cancel' }, 409, AT_RISK_MESSAGES.tooLate('delivered')],
      [
        s,
        false,
        { choice: 'piece', itemId: item._id, productId: product._id },
        400,
        AT_RISK_MESSAGES.pieceNotOffered,
      ],
      [
        staff,
        true,
        { choice: 'piece', itemId: item._id, productId: otherProduct._id },
        400,
        AT_RISK_MESSAGES.pieceNotOffered,
      ],
      [
        s,
        false,
        { choice: 'size', itemId: item._id, size: exchangeSize },
        409,
        AT_RISK_MESSAGES.sizeNotFree(exchangeSize),
      ],
    ];
    const before = await holdsOf(item._id);
    for (const [who, asAdmin, body, status, message] of refusals) {
      const res = await choose(who, id, body, asAdmin);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toEqual({ success: false, message });
    }
    expect(await holdsOf(item._id)).toEqual(before);
    expect(await choicesOf(s, id)).toEqual(mine);
    expect((await detailOf(id)).status).toBe('delivered');
    expect(await refundsOf(id)).toEqual([]);
    expect(await mailsOf('booking-piece-changed', email)).toEqual([]);

    // Another free size: only the exchange moves; the line keeps the size first sent.
    const res = await choose(s, id, { choice: 'size', itemId: item._id, size: wanted });
    expect(res.statusCode, res.body).toBe(200);
    const answer = atRiskChoiceResponseSchema.parse(res.json());
    expect(answer.message).toBe(AT_RISK_MESSAGES.movedToSize(wanted));
    expect(answer.choices).toMatchObject({
      bookingId: id,
      status: 'delivered',
      lines: [],
      cancellable: false,
      refund: 0,
    });
    const sentBefore = before.filter((h) => h.dispatchedAt);
    expect(sentBefore).toEqual([expect.objectContaining({ code: item.unitCode, size })]);
    const after = await holdsOf(item._id);
    expect(after.filter((h) => h.dispatchedAt)).toEqual(sentBefore);
    const moved = after.filter((h) => !h.dispatchedAt);
    expect(moved).toEqual([
      expect.objectContaining({
        size: wanted,
        atRiskSince: null,
        blockedFrom: hold.blockedFrom,
        blockedUntil: hold.blockedUntil,
      }),
    ]);
    expect(moved[0]!.id).not.toBe(hold.id);
    expect(await myItem()).toMatchObject({
      size,
      atRisk: false,
      report: { outcome: 'exchange', size: wanted },
    });
    const detail = await detailOf(id);
    expect(detail.items[0]!.size).toBe(size);
    expect(detail.audit.map((e) => e.action)).toContain('at-risk');
    expect((await board()).atRisk.filter((r) => r.bookingId === id)).toEqual([]);
    expect(await mailsOf('booking-piece-changed', email)).toHaveLength(1);
    const again = await choose(s, id, { choice: 'size', itemId: item._id, size: wanted });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AT_RISK_MESSAGES.notAtRisk);

    // The exchange goes out in the new size; the first piece comes back by its tag.
    const sent = await staff.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(FULFILMENT_MESSAGES.exchangeDispatched(bookingNumber(id)));
    const back = await staff.call('POST', `/api/admin/bookings/${id}/return`, {
      items: [{ itemId: item._id, unitCode: item.unitCode!, condition: 'good' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const units = await t.database.db
      .select()
      .from(productUnits)
      .where(inArray(productUnits.code, [item.unitCode!, moved[0]!.code, hold.code]));
    const stateOf = (code: string) => units.find((u) => u.code === code)!.state;
    expect(stateOf(moved[0]!.code)).toBe('out');
    expect(stateOf(item.unitCode!)).toBe('cleaning');
    expect(stateOf(hold.code)).toBe('repair');
    expect((await detailOf(id)).items[0]!.size).toBe(size);
  });

  /* The mails are drawn with the booking's fit-window reports, so they name the exchange's size. */
  it('names the size the exchange sends in its mails', async () => {
    const { s, email, id, item, product, size, exchangeSize, wanted } = await exchangeAtRisk();
    const [atRiskMail] = await mailsOf('booking-at-risk', email);
    expect(atRiskMail!.textBody).toContain(`${product.name} (${exchangeSize})`);
    expect(atRiskMail!.textBody).not.toContain(`${product.name} (${size})`);
    const res = await choose(s, id, { choice: 'size', itemId: item._id, size: wanted });
    expect(res.statusCode, res.body).toBe(200);
    const [changed] = await mailsOf('booking-piece-changed', email);
    expect(changed!.textBody).toContain(`${product.name} (${wanted})`);
    expect(changed!.textBody).not.toContain(`${product.name} (${size})`);
  });
});

describe('a unit back in service', () => {
  const myItem = async (s: Shopper, id: string) =>
    myBookingsResponseSchema
      .parse((await s.call('GET', '/api/booking/my')).json())
      .bookings.find((b) => b._id === id)!.items[0]!;

  /** The booking is on track again: no choices left, off the board, not flagged. */
  async function expectOnTrack(s: Shopper, id: string, itemId: string, unitCode: string) {
    expect(await holdsOf(itemId)).toEqual([
      expect.objectContaining({ code: unitCode, atRiskSince: null }),
    ]);
    expect(await choicesOf(s, id)).toMatchObject({
      status: 'confirmed',
      lines: [],
      cancellable: false,
      refund: 0,
    });
    expect((await board()).atRisk.filter((r) => r.bookingId === id)).toEqual([]);
    expect((await myItem(s, id)).atRisk).toBe(false);
    expect((await detailOf(id)).items[0]!.atRisk).toBe(false);
    // Nothing left to choose.
    const cancel = await choose(s, id, { choice: 'cancel' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(AT_RISK_MESSAGES.notAtRisk);
    expect(await refundsOf(id)).toEqual([]);
  }

  it('mended by hand: its holds are on track again, and the booking goes out', async () => {
    const product = take((p) => sizesWith(p).length >= 1);
    const { s, id, item } = await atRiskBooking(product, sizesWith(product)[0]!);
    expect((await choicesOf(s, id)).lines).toHaveLength(1);
    expect((await myItem(s, id)).atRisk).toBe(true);
    expect((await board()).atRisk.map((r) => r.bookingId)).toContain(id);
    // In repair, its piece cannot go.
    const early = await admin.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(FULFILMENT_MESSAGES.unitNotReady(item.unitCode!, 'repair'));

    const mended = await staff.call('POST', `/api/admin/units/${item.unitCode}/state`, {
      state: 'in-service',
      note: 'zip replaced',
    });
    expect(mended.statusCode, mended.body).toBe(200);
    const unit = unitStateResponseSchema.parse(mended.json());
    expect(unit.message).toBe(FULFILMENT_MESSAGES.unitStateChanged(item.unitCode!, 'in-service'));
    expect(unit.unit.upcoming.filter((r) => r.bookingId === id).map((r) => r.atRisk)).toEqual([
      false,
    ]);
    await expectOnTrack(s, id, item._id, item.unitCode!);

    const sent = await admin.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(FULFILMENT_MESSAGES.dispatched(bookingNumber(id)));
    expect((await detailOf(id)).status).toBe('shipped');
  });

  it('cleaned and ready (the units-ready job): its holds are on track again', async () => {
    const product = take((p) => sizesWith(p).length >= 1);
    const { s, id, item } = await atRiskBooking(product, sizesWith(product)[0]!);
    // Mended, then to cleaning: ready tomorrow, still at risk until then.
    const cleaning = await staff.call('POST', `/api/admin/units/${item.unitCode}/state`, {
      state: 'cleaning',
      note: 'mended, to be cleaned',
    });
    expect(cleaning.statusCode, cleaning.body).toBe(200);
    const readyOn = addDays(today(), t.config.UNIT_CLEANING_DAYS);
    expect(unitStateResponseSchema.parse(cleaning.json()).unit).toMatchObject({
      state: 'cleaning',
      readyOn,
    });
    const unitOf = async () =>
      (
        await t.database.db.select().from(productUnits).where(eq(productUnits.code, item.unitCode!))
      )[0]!;
    expect(readyOn > today()).toBe(true);
    await t.services.jobs.runNow(UNITS_READY_JOB);
    expect((await unitOf()).state).toBe('cleaning');
    expect((await holdsOf(item._id))[0]!.atRiskSince).not.toBeNull();
    expect((await choicesOf(s, id)).lines).toHaveLength(1);
    expect((await myItem(s, id)).atRisk).toBe(true);
    expect((await board()).atRisk.map((r) => r.bookingId)).toContain(id);

    // Its ready day: the job brings it back into service, and its holds with it.
    clock.set(new Date(`${readyOn}T06:30:00Z`));
    await t.services.jobs.runNow(UNITS_READY_JOB);
    expect((await unitOf()).state).toBe('in-service');
    await expectOnTrack(s, id, item._id, item.unitCode!);
    clock.set(START);
  });
});

describe.runIf(usingPostgres())('two shoppers choosing at once, on PostgreSQL', () => {
  it('gives the last free piece of a size to one booking at risk, the other a 409', async () => {
    const product = take((p) => sizesWith(p, 2).length >= 1 && sizesWith(p).length >= 2);
    const size = sizesWith(product, 2)[0]!;
    const wanted = sizesWith(product).find((x) => x !== size)!;
    await keepUnits(product, size, 2);
    await keepUnits(product, wanted, 1);
    // Two bookings of the same days take the size's two units; both go to repair.
    const a = await paidBooking(product, size, 10);
    const b = await paidBooking(product, size, 10);
    expect(a.item.unitCode).not.toBe(b.item.unitCode);
    await repair(a.item.unitCode!);
    await repair(b.item.unitCode!);
    for (const booked of [a, b]) {
      expect((await holdsOf(booked.item._id))[0]!.atRiskSince).not.toBeNull();
      const line = (await choicesOf(booked.s, booked.id)).lines[0]!;
      expect(line.sizes.find((x) => x.size === wanted)!.free).toBe(true);
    }

    const answers = await Promise.all(
      [a, b].map((booked) =>
        choose(booked.s, booked.id, { choice: 'size', itemId: booked.item._id, size: wanted }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const won = answers.findIndex((res) => res.statusCode === 200);
    const [winner, loser] = won === 0 ? [a, b] : [b, a];
    expect(answers[1 - won]!.json()).toEqual({
      success: false,
      message: AT_RISK_MESSAGES.sizeNotFree(wanted),
    });

    expect(await holdsOf(winner.item._id)).toEqual([
      expect.objectContaining({ size: wanted, atRiskSince: null }),
    ]);
    expect(await holdsOf(loser.item._id)).toEqual([
      expect.objectContaining({ code: loser.item.unitCode, size, atRiskSince: expect.any(Date) }),
    ]);
    expect((await detailOf(winner.id)).items[0]!.size).toBe(wanted);
    expect((await detailOf(loser.id)).items[0]!.size).toBe(size);
    const left = (await choicesOf(loser.s, loser.id)).lines[0]!;
    expect(left.sizes.find((x) => x.size === wanted)!.free).toBe(false);

    // The size's one unit is held once over those days; one booking is still at risk.
    const onWanted = await t.database.db
      .select({ id: unitReservations.id })
      .from(unitReservations)
      .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
      .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
      .where(
        and(
          eq(productUnits.productId, product._id),
          eq(productUnits.size, wanted),
          eq(unitReservations.active, true),
          isNull(unitReservations.dispatchedAt),
        ),
      );
    expect(onWanted).toHaveLength(1);
    const stillAtRisk = (await board()).atRisk.filter(
      (r) => r.bookingId === a.id || r.bookingId === b.id,
    );
    expect(stillAtRisk.map((r) => r.bookingId)).toEqual([loser.id]);
  });

  // A fresh-clone CI run once answered the test above's loser "Someone else was changing the same
  // thing at that moment": both transactions had written their new hold on the one unit at the
  // same instant, each then waited for the other's row to end, and PostgreSQL broke the deadlock
  // by failing one. Here several move at once, in transactions kept open a moment after the move.
  it('moving several holds onto one unit at once: one moves, the others find it taken', async () => {
    const movers = 3;
    const product = take((p) => sizesWith(p, movers).length >= 1 && sizesWith(p).length >= 2);
    const size = sizesWith(product, movers)[0]!;
    const wanted = sizesWith(product).find((x) => x !== size)!;
    await keepUnits(product, size, movers);
    await keepUnits(product, wanted, 1);
    const booked: Awaited<ReturnType<typeof paidBooking>>[] = [];
    for (let i = 0; i < movers; i += 1) booked.push(await paidBooking(product, size, 10));
    const [target] = await t.database.db
      .select({ id: productUnits.id })
      .from(productUnits)
      .where(
        and(
          eq(productUnits.productId, product._id),
          eq(productUnits.size, wanted),
          eq(productUnits.unitNumber, 1),
        ),
      );

    for (let round = 0; round < 30; round += 1) {
      const holds = await Promise.all(
        booked.map(async ({ item }) => ({ ...(await holdsOf(item._id))[0]!, itemId: item._id })),
      );
      // Each transaction opens and reads first; the moves then start together.
      let arrived = 0;
      let go: () => void = () => {};
      const started = new Promise<void>((resolve) => (go = resolve));
      const moved = await Promise.all(
        holds.map((hold) =>
          t.services.uow.run(async (tx) => {
            await tx.inventory.holdsOfBooking(booked[0]!.id);
            if (++arrived === holds.length) go();
            await started;
            const done = await tx.inventory.moveHold(hold, target!.id);
            await new Promise((resolve) => setTimeout(resolve, 20));
            return done;
          }),
        ),
      );
      expect(moved.filter(Boolean)).toHaveLength(1);
      // The one that moved goes back to its own size's free unit, for the next round.
      const winner = holds[moved.indexOf(true)]!;
      const [moverNow] = await holdsOf(winner.itemId);
      const home = await t.services.repos.inventory.freeUnits(
        product._id,
        size,
        moverNow!.blockedFrom,
        moverNow!.blockedUntil,
      );
      expect(
        await t.services.uow.run((tx) =>
          tx.inventory.moveHold({ ...moverNow!, itemId: winner.itemId }, home[0]!),
        ),
      ).toBe(true);
    }
  });
});
