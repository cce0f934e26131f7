import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  backupSizesFor,
  createBookingResponseSchema,
  dispatchesResponseSchema,
  myBookingsResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import {
  bookingCharges,
  bookingItems,
  bookings,
  productUnits,
  unitReservations,
} from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, paidIds } from '../../test/checkout.js';
import {
  catalogueProducts,
  newShopper,
  rentable,
  sizeOf,
  subscribe,
  type Shopper,
} from '../../test/shopping.js';

/*
 * A back-up size (issue [O] §2, decision 074): a second size of a line's piece for the same dates,
 * priced by plan outside the subtotal, held like any piece, sent in the same parcel and checked in
 * with its seal. On PGlite and on PostgreSQL (races: the payment model, invariant 10).
 */
const START = new Date();
const clock = createManualClock(START);
const today = () => todayInIndia(clock.now());
let t: TestApp;
/** Clothing with at least two sizes on offer, cheapest first. */
let sized: Product[];
let accessory: Product;
let ops: Shopper;
let n = 0;
let next = 0;

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
  sized = products
    .filter((p) => backupSizesFor(p, sizeOf(p)).length > 0)
    .sort((a, b) => a.twoDayRentalPrice - b.twoDayRentalPrice);
  accessory = products.find((p) =>
    p.filters.some((f) => f.type === 'category' && f.value === 'Accessories'),
  )!;
  ops = await newShopper(t, 'backup-desk@pehnava.test');
  await t.services.repos.users.setRole(ops.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

const shopper = () => newShopper(t, `backup-${++n}@pehnava.test`);
const piece = () => sized[next++]!;
const line = (p: Product, extra: Record<string, unknown> = {}) => ({
  productId: p._id,
  size: sizeOf(p),
  duration: 2,
  quantity: 1,
  startDate: addDays(today(), 3),
  ...extra,
});
const create = (s: Shopper, items: object[], extra: Record<string, unknown> = {}) =>
  s.call('POST', '/api/booking/create', {
    cartItems: items,
    address: ADDRESS,
    ...extra,
  });

const holdsOf = (bookingId: string) =>
  t.database.db
    .select({
      size: productUnits.size,
      backup: unitReservations.backup,
      from: unitReservations.blockedFrom,
      until: unitReservations.blockedUntil,
    })
    .from(unitReservations)
    .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
    .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
    .where(and(eq(bookingItems.bookingId, bookingId), eq(unitReservations.active, true)))
    .orderBy(unitReservations.backup);

const bookingCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0]!.n;

describe('a back-up size at checkout', () => {
  it('holds a second size for the same days and adds ₹199 outside the subtotal on Free', async () => {
    const s = await shopper();
    const p = piece();
    const backupSize = backupSizesFor(p, sizeOf(p))[0]!;
    const res = await create(s, [line(p, { backupSize })]);
    expect(res.statusCode, res.body).toBe(200);
    const created = createBookingResponseSchema.parse(res.json());
    const subtotal = p.twoDayRentalPrice;
    expect(created.subtotal).toBe(subtotal);
    expect(created.backupFees).toBe(199);
    // Delivery and its threshold look at the subtotal only.
    expect(created.deliveryFee).toBe(subtotal < 1999 ? 99 : 0);
    expect(created.totalPrice).toBe(subtotal + created.deliveryFee + 199);
    expect(created.amount).toBe(Math.round(created.totalPrice * 100));

    const holds = await holdsOf(created.bookingId);
    expect(holds).toHaveLength(2);
    expect(holds[0]).toMatchObject({ size: sizeOf(p), backup: false });
    expect(holds[1]).toMatchObject({ size: backupSize, backup: true });
    expect(holds[1]!.from).toBe(holds[0]!.from);
    expect(holds[1]!.until).toBe(holds[0]!.until);

    const verified = await s.call('POST', '/api/booking/verify', {
      ...(await paidIds(t, created.orderId!)),
      bookingId: created.bookingId,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const mine = myBookingsResponseSchema.parse((await s.call('GET', '/api/booking/my')).json());
    const booking = mine.bookings.find((b) => b._id === created.bookingId)!;
    expect(booking.backupFees).toBe(199);
    expect(booking.items[0]).toMatchObject({
      size: sizeOf(p),
      backupSize,
      backupFee: 199,
      backupSealIntact: null,
    });
    expect(booking.items[0]!.backupUnitCode).toContain(`-${backupSize.toUpperCase()}-`);
    expect(booking.items[0]!.unitCode).not.toContain(booking.items[0]!.backupUnitCode!);
  });

  it('keeps coupons and damage protection to the subtotal', async () => {
    const s = await shopper();
    const p = piece();
    const backupSize = backupSizesFor(p, sizeOf(p))[0]!;
    const res = await create(s, [line(p, { backupSize })], {
      couponCode: 'WELCOME50',
      insuranceSelected: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = createBookingResponseSchema.parse(res.json());
    const subtotal = p.twoDayRentalPrice;
    const discount = Math.round(subtotal * 50) / 100;
    expect(created.discountAmount).toBe(discount);
    expect(created.insuranceAmount).toBe(Math.round((subtotal - discount) * 10) / 100);
    expect(created.backupFees).toBe(199);
    expect(created.totalPrice).toBe(
      Math.round(
        (subtotal - discount + created.deliveryFee + created.insuranceAmount + 199) * 100,
      ) / 100,
    );
  });

  it('costs ₹99 on Plus and nothing on Pro', async () => {
    for (const [plan, fee] of [
      ['plus', 99],
      ['pro', 0],
    ] as const) {
      const s = await shopper();
      await subscribe(t, s.id, plan);
      const p = piece();
      const res = await create(s, [line(p, { backupSize: backupSizesFor(p, sizeOf(p))[0] })]);
      expect(res.statusCode, res.body).toBe(200);
      const created = createBookingResponseSchema.parse(res.json());
      expect(created.backupFees).toBe(fee);
      const [item] = await t.database.db
        .select()
        .from(bookingItems)
        .where(eq(bookingItems.bookingId, created.bookingId));
      expect(item!.backupFeePaise).toBe(fee * 100);
      expect(item!.backupSize).not.toBeNull();
    }
  });

  it('refuses a back-up that is not a size of the piece, with a clear message, making nothing', async () => {
    const s = await shopper();
    const p = piece();
    const offered = backupSizesFor(p, sizeOf(p));
    const before = await bookingCount();
    const cases: [object, string][] = [
      [line(p, { backupSize: sizeOf(p) }), BACKUP_MESSAGES.sameSize],
      [line(p, { backupSize: 'XXXL-not-a-size' }), BACKUP_MESSAGES.sizeUnknown(p.name, offered)],
      [line(accessory, { backupSize: 'M' }), BACKUP_MESSAGES.notOffered(accessory.name)],
    ];
    for (const [item, message] of cases) {
      const res = await create(s, [item]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await bookingCount()).toBe(before);
  });

  it('is refused when its size is taken for those days, and the line alone still books', async () => {
    const p = piece();
    const backupSize = backupSizesFor(p, sizeOf(p))[0]!;
    // Every piece of the back-up size is booked by other shoppers for the same days.
    const pieces = await t.database.db
      .select()
      .from(productUnits)
      .where(and(eq(productUnits.productId, p._id), eq(productUnits.size, backupSize)));
    for (let i = 0; i < pieces.length; i++) {
      const other = await shopper();
      const took = await create(other, [{ ...line(p), size: backupSize }]);
      expect(took.statusCode, took.body).toBe(200);
    }
    const s = await shopper();
    const before = await bookingCount();
    const refused = await create(s, [line(p, { backupSize })]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BACKUP_MESSAGES.taken(p.name, backupSize));
    expect(await bookingCount()).toBe(before);
    const alone = await create(s, [line(p)]);
    expect(alone.statusCode, alone.body).toBe(200);
  });
});

describe('a back-up size in the parcel and back', () => {
  /** A paid booking with a back-up, sent out. */
  async function sent() {
    const s = await shopper();
    const p = piece();
    const backupSize = backupSizesFor(p, sizeOf(p))[0]!;
    const created = createBookingResponseSchema.parse(
      (await create(s, [line(p, { backupSize, startDate: addDays(today(), 1) })])).json(),
    );
    const verified = await s.call('POST', '/api/booking/verify', {
      ...(await paidIds(t, created.orderId!)),
      bookingId: created.bookingId,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return { s, p, backupSize, id: created.bookingId };
  }

  it('is on the send list beside its line, and leaves with it', async () => {
    const { p, backupSize, id } = await sent();
    const list = dispatchesResponseSchema.parse(
      (await ops.call('GET', `/api/admin/dispatches?date=${today()}`)).json(),
    );
    const entry = list.dispatches.find((b) => b.bookingId === id)!;
    expect(entry.items).toHaveLength(1);
    expect(entry.items[0]!.unitCodes).toHaveLength(1);
    expect(entry.items[0]!.backup).toMatchObject({ size: backupSize, sealIntact: null });
    expect(entry.items[0]!.backup!.unitCode).toMatch(new RegExp(`^${p.productId}-`));
    const dispatched = await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const out = await t.database.db
      .select({ state: productUnits.state })
      .from(productUnits)
      .innerJoin(unitReservations, eq(unitReservations.unitId, productUnits.id))
      .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
      .where(eq(bookingItems.bookingId, id));
    expect(out.map((u) => u.state)).toEqual(['out', 'out']);
  });

  it('asks at check-in whether its seal is intact, and charges a worn back-up its rental price', async () => {
    const intact = await sent();
    const worn = await sent();
    for (const { id } of [intact, worn]) {
      expect((await ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {})).statusCode).toBe(
        200,
      );
    }
    const itemOf = async (id: string) =>
      adminBookingDetailResponseSchema.parse(
        (await ops.call('GET', `/api/admin/bookings/${id}`)).json(),
      ).booking.items[0]!;

    // Not asked: refused, nothing recorded.
    const unasked = await ops.call('POST', `/api/admin/bookings/${intact.id}/return`, {
      items: [{ itemId: (await itemOf(intact.id))._id, condition: 'good' }],
    });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().message).toBe(BACKUP_MESSAGES.sealAnswerNeeded(intact.p.name));
    expect((await itemOf(intact.id)).returnedAt).toBeNull();

    const kept = await ops.call('POST', `/api/admin/bookings/${intact.id}/return`, {
      items: [{ itemId: (await itemOf(intact.id))._id, condition: 'good', backupSealIntact: true }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await itemOf(intact.id)).backupSealIntact).toBe(true);
    expect(
      await t.database.db
        .select()
        .from(bookingCharges)
        .where(eq(bookingCharges.bookingId, intact.id)),
    ).toEqual([]);

    const broken = await ops.call('POST', `/api/admin/bookings/${worn.id}/return`, {
      items: [{ itemId: (await itemOf(worn.id))._id, condition: 'good', backupSealIntact: false }],
    });
    expect(broken.statusCode, broken.body).toBe(200);
    expect((await itemOf(worn.id)).backupSealIntact).toBe(false);
    const charges = await t.database.db
      .select()
      .from(bookingCharges)
      .where(eq(bookingCharges.bookingId, worn.id));
    expect(charges.map((c) => [c.kind, c.amountPaise, c.reason])).toEqual([
      [
        'backup-worn',
        worn.p.twoDayRentalPrice * 100,
        BACKUP_MESSAGES.wornReason(worn.p.name, worn.backupSize, 2),
      ],
    ]);
    // Checked in again the same way: nothing more.
    const again = await ops.call('POST', `/api/admin/bookings/${worn.id}/return`, {
      items: [{ itemId: (await itemOf(worn.id))._id, condition: 'good', backupSealIntact: false }],
    });
    expect(again.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(bookingCharges)
        .where(eq(bookingCharges.bookingId, worn.id)),
    ).toHaveLength(1);
  });

  it('lets a cancellation go of both pieces', async () => {
    const { s, id } = await sent();
    const cancelled = await s.call('POST', `/api/booking/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await holdsOf(id)).toEqual([]);
  });
});
