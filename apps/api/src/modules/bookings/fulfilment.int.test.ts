import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FULFILMENT_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  availabilityResponseSchema,
  dispatchesResponseSchema,
  myBookingsResponseSchema,
  returnsResponseSchema,
  todayInIndia,
  unitStateResponseSchema,
  unitsResponseSchema,
  type Product,
} from '@pehnava/shared';
import { outboxMails, productUnits, unitEvents } from '../../db/schema/index.js';
import { UNITS_READY_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  signIn,
  type Shopper,
} from '../../test/shopping.js';

/*
 * The physical loop through the operator API (issue [J]): the day's dispatches and returns,
 * sending a booking's units and checking them back in, and units' states by hand; on PGlite and
 * on PostgreSQL, with the clock moved.
 */
const clock = createManualClock(new Date());
const today = () => todayInIndia(clock.now());
const inDays = (n: number) => addDays(today(), n);
let t: TestApp;
let admin: Shopper;
let products: Product[];
/** Each offered size with its number of units. */
let multiUnit: { product: Product; size: string; units: number }[];
let n = 0;
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
  admin = await newShopper(t, 'packer@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  const counts = await t.database.db
    .select({
      productId: productUnits.productId,
      size: productUnits.size,
      units: sql<number>`count(*)::int`,
    })
    .from(productUnits)
    .groupBy(productUnits.productId, productUnits.size);
  multiUnit = counts
    .filter((c) => c.units >= 1)
    .map((c) => ({
      product: products.find((p) => p._id === c.productId)!,
      size: c.size,
      units: c.units,
    }))
    .filter((c) => c.product && c.product.sizes.some((s) => s.size === c.size && s.available));
});
afterAll(async () => {
  await t.close();
});

/** A product no other test of this file has booked. */
function fresh(pick: (p: Product) => boolean = () => true): Product {
  const product = products.find((p) => !used.has(p._id) && pick(p))!;
  used.add(product._id);
  return product;
}

/** A shopper's paid booking of these lines, starting in `days` days. */
async function paidBooking(lines: { product: Product; size?: string }[], days = 10) {
  const email = `loop-${++n}@pehnava.test`;
  const s = { ...(await newShopper(t, email)), email };
  const created = await checkout(
    s,
    lines.map(({ product, size }) =>
      itemFor(product, { startDate: inDays(days), ...(size ? { size } : {}) }),
    ),
  );
  const ids = await paidIds(t, created.orderId!);
  const verified = await s.call('POST', '/api/booking/verify', {
    ...ids,
    bookingId: created.bookingId,
  });
  expect(verified.statusCode).toBe(200);
  return { s, id: created.bookingId };
}

const detail = async (id: string) =>
  adminBookingDetailResponseSchema.parse(
    (await admin.call('GET', `/api/admin/bookings/${id}`)).json(),
  ).booking;
const unitsOf = async (productId: string) =>
  unitsResponseSchema.parse(
    (await admin.call('GET', `/api/admin/units?productId=${productId}`)).json(),
  ).units;
const unitByCode = async (productId: string, code: string) =>
  (await unitsOf(productId)).find((u) => u.code === code)!;
const dispatch = (id: string, payload: object = {}) =>
  admin.call('POST', `/api/admin/bookings/${id}/dispatch`, payload);
const returnItems = (id: string, payload: object) =>
  admin.call('POST', `/api/admin/bookings/${id}/return`, payload);
const mailsOf = async (kind: string) =>
  t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, kind));

describe('who may use it', () => {
  it('refuses a visitor with 401 and a shopper with 403 on every endpoint', async () => {
    const { s, id } = await paidBooking([{ product: fresh() }]);
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/dispatches'],
      ['GET', '/api/admin/returns?overdue=true'],
      ['POST', `/api/admin/bookings/${id}/dispatch`, {}],
      ['POST', `/api/admin/bookings/${id}/return`, { items: [] }],
      ['GET', `/api/admin/units?productId=${products[0]!._id}`],
      ['POST', '/api/admin/units/PHN-X-M-1/state', { state: 'repair', note: 'x' }],
    ];
    for (const [method, url, payload] of calls) {
      const visitor = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, url).toBe(401);
      const mine = await s.call(method, url, payload);
      expect(mine.statusCode, url).toBe(403);
    }
    expect((await detail(id)).status).toBe('confirmed');
  });
});

describe('dispatch', () => {
  it("lists the day's pieces to send, sends them once, and says so when sent again", async () => {
    const product = fresh();
    const { id } = await paidBooking([{ product }], 12);
    const lead = t.services.inventory.days.leadDays;

    const list = dispatchesResponseSchema.parse(
      (await admin.call('GET', `/api/admin/dispatches?date=${inDays(12 - lead)}`)).json(),
    );
    const entry = list.dispatches.find((d) => d.bookingId === id)!;
    expect(entry.items).toHaveLength(1);
    const [item] = entry.items;
    expect(item!.unitCodes).toHaveLength(1);
    expect(item!.unitCodes[0]).toMatch(new RegExp(`^${product.productId}-[A-Z0-9]+-\\d+$`));
    expect(item!.dispatchedAt).toBeNull();
    expect(entry.deliveryAddress.city).toBeTruthy();
    // Not on another day's list.
    const other = dispatchesResponseSchema.parse(
      (await admin.call('GET', `/api/admin/dispatches?date=${inDays(3)}`)).json(),
    );
    expect(other.dispatches.some((d) => d.bookingId === id)).toBe(false);

    const mailsBefore = (await mailsOf('booking-status')).length;
    const sent = await dispatch(id);
    expect(sent.statusCode).toBe(200);
    const booking = adminBookingDetailResponseSchema.parse(sent.json()).booking;
    expect(sent.json().message).toBe(FULFILMENT_MESSAGES.dispatched(booking.bookingNumber));
    expect(booking.status).toBe('shipped');
    expect(booking.items[0]).toMatchObject({ unitCode: item!.unitCodes[0], returnedAt: null });
    expect(booking.items[0]!.dispatchedAt).not.toBeNull();
    expect(booking.audit.map((e) => e.action)).toContain('dispatch');
    expect((await mailsOf('booking-status')).length).toBe(mailsBefore + 1);
    const unit = await unitByCode(product._id, item!.unitCodes[0]!);
    expect(unit.state).toBe('out');
    expect(unit.current).toMatchObject({ bookingId: id, itemId: item!.itemId });

    const again = await dispatch(id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(FULFILMENT_MESSAGES.alreadyDispatched);
    const after = await detail(id);
    expect(after.audit).toHaveLength(booking.audit.length);
    expect((await mailsOf('booking-status')).length).toBe(mailsBefore + 1);
  });

  it('sends another free unit of the same size when one is named, and refuses the wrong ones', async () => {
    const pick = multiUnit.find((m) => !used.has(m.product._id) && m.units >= 2)!;
    used.add(pick.product._id);
    const { id } = await paidBooking([{ product: pick.product, size: pick.size }], 15);
    const before = await detail(id);
    const reserved = before.items[0]!.unitCode!;
    const units = await unitsOf(pick.product._id);
    const other = units.find((u) => u.size === pick.size && u.code !== reserved)!;
    const itemId = before.items[0]!._id;

    const unknown = await dispatch(id, { items: [{ itemId, unitCode: 'PHN-NOPE-M-9' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(FULFILMENT_MESSAGES.unitNotFound('PHN-NOPE-M-9'));
    const elsewhere = (await unitsOf(products.find((p) => p._id !== pick.product._id)!._id))[0]!;
    const wrong = await dispatch(id, { items: [{ itemId, unitCode: elsewhere.code }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(FULFILMENT_MESSAGES.unitWrongPiece(elsewhere.code));
    const notMine = await dispatch(id, {
      items: [{ itemId: '00000000-0000-4000-8000-000000000000', unitCode: other.code }],
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(FULFILMENT_MESSAGES.itemNotInBooking);

    // A unit being mended cannot be sent; nothing changed by the refusal.
    await admin.call('POST', `/api/admin/units/${other.code}/state`, {
      state: 'repair',
      note: 'Loose hook',
    });
    const mending = await dispatch(id, { items: [{ itemId, unitCode: other.code }] });
    expect(mending.statusCode).toBe(409);
    expect(mending.json().message).toBe(FULFILMENT_MESSAGES.unitNotReady(other.code, 'repair'));
    expect((await detail(id)).status).toBe('confirmed');

    await admin.call('POST', `/api/admin/units/${other.code}/state`, {
      state: 'in-service',
      note: 'Mended',
    });
    // Any case, spaces around: as a scanner or a hand types it.
    const sent = await dispatch(id, {
      items: [{ itemId, unitCode: ` ${other.code.toLowerCase()} ` }],
    });
    expect(sent.statusCode).toBe(200);
    const booking = adminBookingDetailResponseSchema.parse(sent.json()).booking;
    expect(booking.items[0]!.unitCode).toBe(other.code);
    expect((await unitByCode(pick.product._id, other.code)).state).toBe('out');
    const first = await unitByCode(pick.product._id, reserved);
    expect(first.state).toBe('in-service');
    expect(first.upcoming.some((h) => h.bookingId === id)).toBe(false);
  });

  it('refuses a booking not paid, and a status move to shipped sends its units too', async () => {
    const s = await newShopper(t, `loop-${++n}@pehnava.test`);
    const pending = await checkout(s, [itemFor(fresh(), { startDate: inDays(9) })]);
    const refused = await dispatch(pending.bookingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FULFILMENT_MESSAGES.cannotDispatch('pending'));

    const product = fresh();
    const { id } = await paidBooking([{ product }], 9);
    const step = (status: string) =>
      admin.call('POST', `/api/admin/bookings/${id}/status`, { status });
    expect((await step('processing')).statusCode).toBe(200);
    const shipped = await step('shipped');
    expect(shipped.statusCode).toBe(200);
    const booking = adminBookingDetailResponseSchema.parse(shipped.json()).booking;
    expect(booking.status).toBe('shipped');
    expect(booking.items[0]!.dispatchedAt).not.toBeNull();
    expect((await unitByCode(product._id, booking.items[0]!.unitCode!)).state).toBe('out');
  });
});

describe("units' states by hand", () => {
  it('a unit sent to repair hands its coming hold to a free unit of its size, or marks it at risk', async () => {
    const pick = multiUnit.find((m) => !used.has(m.product._id) && m.units === 2)!;
    used.add(pick.product._id);
    const { id } = await paidBooking([{ product: pick.product, size: pick.size }], 20);
    const code = (await detail(id)).items[0]!.unitCode!;
    const note = 'Zip broke in the last wash';

    const repaired = await admin.call('POST', `/api/admin/units/${code.toLowerCase()}/state`, {
      state: 'repair',
      note,
    });
    expect(repaired.statusCode).toBe(200);
    const answer = unitStateResponseSchema.parse(repaired.json());
    expect(answer.message).toBe(FULFILMENT_MESSAGES.unitStateChanged(code, 'repair'));
    expect(answer.unit).toMatchObject({ state: 'repair', stateNote: note, upcoming: [] });
    const moved = (await detail(id)).items[0]!.unitCode!;
    expect(moved).not.toBe(code);

    const again = await admin.call('POST', `/api/admin/units/${code}/state`, {
      state: 'repair',
      note,
    });
    expect(again.json().message).toBe(FULFILMENT_MESSAGES.unitAlreadyInState(code, 'repair'));

    // The size's other unit now goes too: nothing is free to take the hold, so it is at risk.
    const last = await admin.call('POST', `/api/admin/units/${moved}/state`, {
      state: 'retired',
      note: 'Torn beyond repair',
    });
    expect(last.statusCode).toBe(200);
    const unit = unitStateResponseSchema.parse(last.json()).unit;
    expect(unit.upcoming).toEqual([expect.objectContaining({ bookingId: id, atRisk: true })]);

    // Neither unit is offered on the product page any more.
    const calendar = availabilityResponseSchema.parse(
      (await t.app.inject({ url: `/api/product/${pick.product._id}/availability` })).json(),
    );
    expect(calendar.sizes.find((s) => s.size === pick.size)!.units).toBe(0);

    const history = await t.database.db
      .select()
      .from(unitEvents)
      .innerJoin(productUnits, eq(productUnits.id, unitEvents.unitId))
      .where(and(eq(productUnits.code, code)));
    expect(history.map((h) => [h.unit_events.fromState, h.unit_events.toState])).toEqual([
      ['in-service', 'repair'],
    ]);
  });

  it('refuses a unit that is out, a state no hand may set, and an unknown code', async () => {
    const product = fresh();
    const { id } = await paidBooking([{ product }], 7);
    await dispatch(id);
    const code = (await detail(id)).items[0]!.unitCode!;
    const out = await admin.call('POST', `/api/admin/units/${code}/state`, {
      state: 'in-service',
      note: 'x',
    });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe(FULFILMENT_MESSAGES.unitIsOut(code));
    const byHand = await admin.call('POST', `/api/admin/units/${code}/state`, {
      state: 'out',
      note: 'x',
    });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json().message).toBe(FULFILMENT_MESSAGES.unknownUnitState);
    const noNote = await admin.call('POST', `/api/admin/units/${code}/state`, {
      state: 'repair',
    });
    expect(noNote.statusCode).toBe(400);
    const unknown = await admin.call('POST', '/api/admin/units/PHN-NONE-M-1/state', {
      state: 'repair',
      note: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await admin.call('GET', '/api/admin/units?productId=PHN-NONE')).statusCode).toBe(404);
  });
});

describe('maintenance blocks', () => {
  const block = (code: string, payload: object) =>
    admin.call('POST', `/api/admin/units/${code}/blocks`, payload);
  const calendarOf = async (product: Product, size: string) =>
    availabilityResponseSchema
      .parse((await t.app.inject({ url: `/api/product/${product._id}/availability` })).json())
      .sizes.find((s) => s.size === size)!;

  it("grey the product page's dates while the unit is blocked, and free them when lifted", async () => {
    const pick = multiUnit.find((m) => !used.has(m.product._id) && m.units === 1)!;
    used.add(pick.product._id);
    const [unit] = await unitsOf(pick.product._id).then((all) =>
      all.filter((u) => u.size === pick.size),
    );
    const range = { from: inDays(30), to: inDays(33) };
    const before = await calendarOf(pick.product, pick.size);
    expect(Object.values(before.unavailableStartDates).flat()).not.toContain(inDays(31));

    expect(
      (await block(unit!.code, { ...range, to: inDays(29), reason: 'x' })).json().message,
    ).toBe(FULFILMENT_MESSAGES.blockOrder);
    expect(
      (await block(unit!.code, { from: inDays(-1), to: inDays(2), reason: 'x' })).json().message,
    ).toBe(FULFILMENT_MESSAGES.blockInPast);
    const added = await block(unit!.code, { ...range, reason: 'Re-stitching the hem' });
    expect(added.statusCode, added.body).toBe(200);
    const answer = unitStateResponseSchema.parse(added.json());
    expect(answer.message).toBe(FULFILMENT_MESSAGES.blockAdded(unit!.code));
    expect(answer.unit.blocks).toEqual([
      expect.objectContaining({ ...range, reason: 'Re-stitching the hem' }),
    ]);
    const again = await block(unit!.code, { ...range, reason: 'Re-stitching the hem' });
    expect(again.json().message).toBe(FULFILMENT_MESSAGES.alreadyBlocked);

    const during = await calendarOf(pick.product, pick.size);
    for (const dates of Object.values(during.unavailableStartDates)) {
      expect(dates).toContain(inDays(31));
    }
    // A shopper cannot add those days to the cart.
    const s = await newShopper(t, `blocked-${++n}@pehnava.test`);
    const add = await s.call('POST', '/api/cart/add', {
      productId: pick.product._id,
      size: pick.size,
      duration: 2,
      startDate: inDays(31),
    });
    expect(add.statusCode).toBe(409);

    const blockId = answer.unit.blocks[0]!.id;
    const lift = () => admin.call('DELETE', `/api/admin/units/${unit!.code}/blocks/${blockId}`);
    const lifted = await lift();
    expect(lifted.json().message).toBe(FULFILMENT_MESSAGES.blockRemoved(unit!.code));
    expect(unitStateResponseSchema.parse(lifted.json()).unit.blocks).toEqual([]);
    expect((await lift()).json().message).toBe(FULFILMENT_MESSAGES.alreadyRemoved);
    const after = await calendarOf(pick.product, pick.size);
    expect(after.unavailableStartDates).toEqual(before.unavailableStartDates);
    const unknown = await admin.call(
      'DELETE',
      `/api/admin/units/${unit!.code}/blocks/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('move a hold of those days to a free unit, or refuse naming the booking and change nothing', async () => {
    const pick = multiUnit.find((m) => !used.has(m.product._id) && m.units === 2)!;
    used.add(pick.product._id);
    const { id } = await paidBooking([{ product: pick.product, size: pick.size }], 25);
    const held = (await detail(id)).items[0]!.unitCode!;
    const range = { from: inDays(23), to: inDays(28), reason: 'Zip replaced' };

    const moved = await block(held, range);
    expect(moved.statusCode, moved.body).toBe(200);
    const other = (await detail(id)).items[0]!.unitCode!;
    expect(other).not.toBe(held);

    // Now the other unit: nowhere left to move the hold to.
    const refused = await block(other, range);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      FULFILMENT_MESSAGES.blockPromised(other, (await detail(id)).bookingNumber),
    );
    expect((await detail(id)).items[0]!.unitCode).toBe(other);
    expect((await unitByCode(pick.product._id, other)).blocks).toEqual([]);
  });
});

// Last: it moves the clock a week on.
describe('returns', () => {
  it('checks items in on different days; units go to cleaning or are retired; a job brings them back', async () => {
    const [a, b] = [fresh(), fresh()];
    const { s, id } = await paidBooking([{ product: a }, { product: b }], 5);
    const notYet = await returnItems(id, {
      items: [{ itemId: (await detail(id)).items[0]!._id, condition: 'good' }],
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(FULFILMENT_MESSAGES.cannotReturn('confirmed'));

    expect((await dispatch(id)).statusCode).toBe(200);
    const [itemA, itemB] = (await detail(id)).items;
    clock.advance(8 * 86_400_000);
    // Sessions of a week ago have ended: the operator and the shopper sign in again.
    admin = await signIn(t, 'packer@pehnava.test');
    const shopper = await signIn(t, s.email);

    const due = returnsResponseSchema.parse(
      (await admin.call('GET', `/api/admin/returns?date=${itemA!.endDate}`)).json(),
    );
    expect(due.returns.find((r) => r.bookingId === id)?.items).toHaveLength(2);

    const future = await returnItems(id, {
      items: [{ itemId: itemA!._id, condition: 'good' }],
      returnedOn: inDays(1),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(FULFILMENT_MESSAGES.returnedOnFuture);
    const badDay = await returnItems(id, {
      items: [{ itemId: itemA!._id, condition: 'good' }],
      returnedOn: '2026-02-30',
    });
    expect(badDay.statusCode).toBe(400);
    const badCondition = await returnItems(id, {
      items: [{ itemId: itemA!._id, condition: 'stained' }],
    });
    expect(badCondition.statusCode).toBe(400);
    expect(badCondition.json().message).toBe(FULFILMENT_MESSAGES.unknownCondition);

    const mailsBefore = (await mailsOf('booking-return')).length;
    const first = await returnItems(id, {
      items: [{ itemId: itemA!._id, condition: 'good', note: 'Folded neatly' }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(FULFILMENT_MESSAGES.returned);
    let booking = adminBookingDetailResponseSchema.parse(first.json()).booking;
    expect(booking.status).toBe('shipped');
    expect(booking.items[0]).toMatchObject({ condition: 'good' });
    expect(booking.items[0]!.returnedAt).not.toBeNull();
    expect(booking.items[1]).toMatchObject({ condition: null, returnedAt: null });
    const cleaning = await unitByCode(a._id, itemA!.unitCode!);
    expect(cleaning).toMatchObject({ state: 'cleaning', readyOn: inDays(1), current: null });
    expect((await mailsOf('booking-return')).length).toBe(mailsBefore + 1);

    // Overdue: B is still out past its end date.
    const overdue = returnsResponseSchema.parse(
      (await admin.call('GET', '/api/admin/returns?overdue=true')).json(),
    );
    const late = overdue.returns.find((r) => r.bookingId === id)!;
    expect(late.items.map((i) => i.itemId)).toEqual([itemB!._id]);
    expect(late.items[0]!.daysLate).toBeGreaterThan(0);

    clock.advance(86_400_000);
    await t.services.jobs.runNow(UNITS_READY_JOB);
    expect((await unitByCode(a._id, itemA!.unitCode!)).state).toBe('in-service');

    const lost = await returnItems(id, { items: [{ itemId: itemB!._id, condition: 'lost' }] });
    expect(lost.statusCode).toBe(200);
    booking = adminBookingDetailResponseSchema.parse(lost.json()).booking;
    expect(booking.status).toBe('delivered');
    expect(booking.items[1]).toMatchObject({ condition: 'lost' });
    expect((await unitByCode(b._id, itemB!.unitCode!)).state).toBe('retired');

    // The same again changes nothing; another condition for a returned item is refused.
    const audit = booking.audit.length;
    const same = await returnItems(id, { items: [{ itemId: itemB!._id, condition: 'lost' }] });
    expect(same.json().message).toBe(FULFILMENT_MESSAGES.alreadyReturned);
    const other = await returnItems(id, { items: [{ itemId: itemB!._id, condition: 'good' }] });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(FULFILMENT_MESSAGES.returnedAs('lost'));
    expect((await detail(id)).audit).toHaveLength(audit);

    // The shopper sees, per item, that it came back and how.
    const mine = myBookingsResponseSchema.parse(
      (await shopper.call('GET', '/api/booking/my')).json(),
    );
    const seen = mine.bookings.find((x) => x._id === id)!;
    expect(seen.items.map((i) => i.condition)).toEqual(['good', 'lost']);
  });
});
