import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cartResponseSchema, type Product } from '@pehnava/shared';
import { productUnits, unitReservations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  addBody,
  book,
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  reserveUnits,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

let t: TestApp;
let products: Product[];
let owner: Shopper;
let next = 0;
/** A different rentable product for each case, so reservations never meet. */
const aProduct = () => products[next++]!;
let n = 0;
const shopper = () => newShopper(t, `avail-${++n}@pehnava.test`);

const NO_UNIT = 'This size is already booked for those dates. Please choose another date or size.';
const START = inDays(20);
const DURATION = 4;
const END = addDays(START, DURATION);
// Config defaults: a unit is blocked from 1 day before the start to 3 days after the end.
const BLOCK_FROM = addDays(START, -1);
const BLOCK_UNTIL = addDays(END, 3);

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  products = (await catalogueProducts(t)).filter(rentable);
  owner = await newShopper(t, 'booker@pehnava.test');
});
afterAll(async () => {
  await t.close();
});

const tryAdd = async (p: Product, size = sizeOf(p)) => {
  const s = await shopper();
  const res = await s.call(
    'POST',
    '/api/cart/add',
    addBody(p, { size, duration: DURATION, startDate: START }),
  );
  return { s, res };
};
const reserve = (p: Product, from: string, until: string, active = true, size = sizeOf(p)) =>
  reserveUnits(t, owner.id, { productId: p._id, size, from, until, active });

describe('a unit must be free for the dates, with lead and turnaround days', () => {
  it('refuses when every unit of the size is reserved over the dates, and adds nothing', async () => {
    const p = aProduct();
    expect(await reserve(p, START, END)).toBeGreaterThan(0);
    const { s, res } = await tryAdd(p);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: NO_UNIT });
    expect(cartResponseSchema.parse((await s.call('GET', '/api/cart')).json()).cart).toEqual([]);
  });

  it('is fine while one unit of the size is still free', async () => {
    const p = aProduct();
    const size = sizeOf(p);
    const units = await t.database.db
      .select()
      .from(productUnits)
      .where(and(eq(productUnits.productId, p._id), eq(productUnits.size, size)));
    // Give the size a second piece when the seed gave it one.
    if (units.length < 2) {
      await t.database.db.insert(productUnits).values({ productId: p._id, size, unitNumber: 99 });
    }
    const blocked = await reserveUnits(t, owner.id, {
      productId: p._id,
      size,
      from: START,
      until: END,
      leaveFree: 1,
    });
    expect(blocked).toBeGreaterThanOrEqual(1);
    expect((await tryAdd(p)).res.statusCode).toBe(200);
  });

  it('is blocked by a reservation touching the lead day before the start', async () => {
    const p = aProduct();
    await reserve(p, addDays(BLOCK_FROM, -10), BLOCK_FROM);
    expect((await tryAdd(p)).res.statusCode).toBe(409);
  });

  it('is not blocked by a reservation that ends the day before the lead day', async () => {
    const p = aProduct();
    await reserve(p, addDays(BLOCK_FROM, -10), addDays(BLOCK_FROM, -1));
    expect((await tryAdd(p)).res.statusCode).toBe(200);
  });

  it('is blocked by a reservation starting on the last turnaround day', async () => {
    const p = aProduct();
    await reserve(p, BLOCK_UNTIL, addDays(BLOCK_UNTIL, 10));
    expect((await tryAdd(p)).res.statusCode).toBe(409);
  });

  it('is not blocked by a reservation starting the day after the turnaround', async () => {
    const p = aProduct();
    await reserve(p, addDays(BLOCK_UNTIL, 1), addDays(BLOCK_UNTIL, 10));
    expect((await tryAdd(p)).res.statusCode).toBe(200);
  });

  it('is not blocked by a released (inactive) reservation', async () => {
    const p = aProduct();
    await reserve(p, START, END, false);
    expect((await tryAdd(p)).res.statusCode).toBe(200);
  });

  it('only looks at the chosen size', async () => {
    const p = products.slice(next).find((x) => x.sizes.filter((s) => s.available).length >= 2)!;
    products = products.filter((x) => x._id !== p._id);
    const [first, second] = p.sizes.filter((s) => s.available);
    await reserve(p, START, END, true, first!.size);
    expect((await tryAdd(p, first!.size)).res.statusCode).toBe(409);
    expect((await tryAdd(p, second!.size)).res.statusCode).toBe(200);
  });

  it('never counts a retired unit as free', async () => {
    const p = aProduct();
    await t.database.db
      .update(productUnits)
      .set({ state: 'retired', retiredAt: new Date() })
      .where(and(eq(productUnits.productId, p._id), eq(productUnits.size, sizeOf(p))));
    const { res } = await tryAdd(p);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_UNIT);
  });
});

describe('the cart flags a line whose dates were taken after it was added', () => {
  const linesOf = async (s: Shopper) =>
    cartResponseSchema.parse((await s.call('GET', '/api/cart')).json()).cart;

  it('answers datesAvailable: false once every unit is booked over the line, true again when released', async () => {
    const p = aProduct();
    const { s, res } = await tryAdd(p);
    expect(res.statusCode).toBe(200);
    expect((await linesOf(s)).map((l) => l.datesAvailable)).toEqual([true]);

    // Someone else books the last unit over the turnaround day of this line.
    await reserve(p, BLOCK_UNTIL, addDays(BLOCK_UNTIL, 5));
    expect((await linesOf(s)).map((l) => l.datesAvailable)).toEqual([false]);

    await t.database.db
      .update(unitReservations)
      .set({ active: false })
      .where(eq(unitReservations.blockedFrom, BLOCK_UNTIL));
    expect((await linesOf(s)).map((l) => l.datesAvailable)).toEqual([true]);
  });

  it("is not flagged by the shopper's own unpaid checkout holding the unit", async () => {
    const p = aProduct();
    const { s, res } = await tryAdd(p);
    expect(res.statusCode).toBe(200);
    const units = await t.database.db
      .select()
      .from(productUnits)
      .where(and(eq(productUnits.productId, p._id), eq(productUnits.size, sizeOf(p))));
    const { itemId } = await book(t, s.id, { productId: p._id, size: sizeOf(p), paid: false });
    await t.database.db.insert(unitReservations).values(
      units.map((unit) => ({
        unitId: unit.id,
        bookingItemId: itemId,
        blockedFrom: BLOCK_FROM,
        blockedUntil: BLOCK_UNTIL,
      })),
    );
    expect((await linesOf(s)).map((l) => l.datesAvailable)).toEqual([true]);
    // Another shopper with the same line sees it taken.
    const other = await tryAdd(p);
    expect(other.res.statusCode).toBe(409);
  });
});
