// The cart view kept in memory (decision 058) against the database it stands for, on PGlite and
// PostgreSQL: every kind of write that can change a shopper's cart answer reaches it, whoever made
// it (the shopper through the API, another shopper, an operator, another process writing straight
// to the tables), and the shopper's own writes are seen at once.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, cartResponseSchema, type CartResponse, type Product } from '@pehnava/shared';
import {
  plans,
  productUnits,
  products as productsTable,
  subscriptions,
  unitReservations,
  users,
} from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  addBody,
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  reserveUnits,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';
import { createCartService } from './cart.service.js';

let t: TestApp;
let products: Product[];
let owner: Shopper;
let next = 0;
/** A different rentable product for each case, so their reservations never meet. */
const aProduct = () => products[next++]!;
let n = 0;
const shopper = () => newShopper(t, `kept-${++n}@pehnava.test`);
const clock = createManualClock(new Date());

/**
 * How long another connection's write may take to reach the kept views (its NOTIFY): a wait for
 * a feed that never delivers, not a speed limit (a NOTIFY usually lands within milliseconds;
 * a loaded machine may take longer).
 */
const NOTIFY_WITHIN_MS = 10_000;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    clock,
    changeFeed: true,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  products = (await catalogueProducts(t)).filter(rentable);
  owner = await newShopper(t, 'kept-owner@pehnava.test');
  t.services.changeFeed.subscribe((change) => changes.push(change));
});
afterAll(async () => {
  await t?.close();
});

const cartOf = async (s: Shopper) => {
  const res = await s.call('GET', '/api/cart');
  expect(res.statusCode, res.body).toBe(200);
  return cartResponseSchema.parse(res.json());
};

/** The cart as the database says it is now, read without the kept views. */
async function storedCartOf(s: Shopper): Promise<Omit<CartResponse, 'success'>> {
  const { services } = t;
  const fresh = createCartService({
    repository: services.repos.cart,
    catalogue: services.catalogue,
    subscriptions: services.subscriptions,
    inventory: services.inventory,
    clock,
  });
  return fresh.view(s.id);
}

/** The kept view (service level: images as stored) once it equals the stored one, or the last. */
async function keptSettles(s: Shopper) {
  const started = Date.now();
  for (;;) {
    const kept = await t.services.cart.view(s.id);
    const stored = await storedCartOf(s);
    if (
      JSON.stringify(kept) === JSON.stringify(stored) ||
      Date.now() - started > NOTIFY_WITHIN_MS
    ) {
      return { kept, stored };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every change the feed has handed on, in order. */
const changes: string[] = [];

/** Wait until the feed has handed on `change` after the first `seen` changes. */
async function changeArrives(change: string, seen: number) {
  const started = Date.now();
  while (!changes.slice(seen).includes(change)) {
    if (Date.now() - started > NOTIFY_WITHIN_MS) throw new Error(`${change} did not arrive`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A shopper with one product in the cart, its view read (and so kept). The read waits for the
 * add's own change to arrive: a read it overtakes is not kept, as it may be older than the change.
 */
async function shopperWithLine(product = aProduct(), start = inDays(20)) {
  const s = await shopper();
  // A new account's row sends no change (no cart is kept for it yet): the one awaited is the add's.
  const seen = changes.length;
  const added = await s.call('POST', '/api/cart/add', addBody(product, { startDate: start }));
  expect(added.statusCode, added.body).toBe(200);
  await changeArrives(`u:${s.id}`, seen);
  const cart = await cartOf(s);
  expect(cart.cart.map((line) => line.datesAvailable)).toEqual([true]);
  return { s, product, start };
}

describe('the cart view kept in memory', () => {
  it('answers a second read without the database', async () => {
    const { s } = await shopperWithLine();
    const reads = vi.spyOn(t.services.repos.cart, 'readCart');
    try {
      const again = await cartOf(s);
      expect(again.cart).toHaveLength(1);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it("shows the shopper's own adds and removes at once", async () => {
    const { s, product } = await shopperWithLine();
    const second = aProduct();
    expect((await s.call('POST', '/api/cart/add', addBody(second))).statusCode).toBe(200);
    expect((await cartOf(s)).cart.map((line) => line.product._id)).toEqual([
      product._id,
      second._id,
    ]);
    expect((await s.call('DELETE', `/api/cart/remove/${product._id}`)).statusCode).toBe(200);
    expect((await cartOf(s)).cart.map((line) => line.product._id)).toEqual([second._id]);
    expect((await s.call('DELETE', '/api/cart/clear')).statusCode).toBe(200);
    expect((await cartOf(s)).cart).toEqual([]);
  });

  it("shows a line's dates taken by another shopper's booking, and free again when it ends", async () => {
    const { s, product, start } = await shopperWithLine();
    const size = sizeOf(product);
    await reserveUnits(t, owner.id, {
      productId: product._id,
      size,
      from: addDays(start, -2),
      until: addDays(start, 5),
    });
    let { kept, stored } = await keptSettles(s);
    expect(stored.cart.map((line) => line.datesAvailable)).toEqual([false]);
    expect(kept).toEqual(stored);

    // The holds are let go (a cancellation, or a hold that ran out).
    const units = t.database.db
      .select({ id: productUnits.id })
      .from(productUnits)
      .where(and(eq(productUnits.productId, product._id), eq(productUnits.size, size)));
    await t.database.db
      .update(unitReservations)
      .set({ active: false })
      .where(sql`${unitReservations.unitId} in (${units})`);
    ({ kept, stored } = await keptSettles(s));
    expect(stored.cart.map((line) => line.datesAvailable)).toEqual([true]);
    expect(kept).toEqual(stored);
  });

  it('shows a line without a free unit once its units go to repair', async () => {
    const { s, product } = await shopperWithLine();
    await t.database.db
      .update(productUnits)
      .set({ state: 'repair' })
      .where(and(eq(productUnits.productId, product._id), eq(productUnits.size, sizeOf(product))));
    const { kept, stored } = await keptSettles(s);
    expect(stored.cart.map((line) => line.datesAvailable)).toEqual([false]);
    expect(kept).toEqual(stored);
  });

  it('follows the plan: bought elsewhere, its limit changed, and its end passing', async () => {
    const { s } = await shopperWithLine();
    expect((await cartOf(s)).deliveryFee).toBeGreaterThan(0);
    const now = clock.now();
    // An hour left of it, so the session outlives it.
    const end = new Date(now.getTime() + 3_600_000);
    await t.database.db
      .insert(subscriptions)
      .values({ userId: s.id, planId: 'pro', startDate: now, endDate: end, autoRenew: false });
    let { kept, stored } = await keptSettles(s);
    expect(stored.deliveryFee).toBe(0);
    expect(kept).toEqual(stored);

    // A change to the plans themselves reaches every kept view.
    const [pro] = await t.database.db.select().from(plans).where(eq(plans.id, 'pro'));
    await t.database.db
      .update(plans)
      .set({ rentalLimit: pro!.rentalLimit })
      .where(eq(plans.id, 'pro'));
    const reads = vi.spyOn(t.services.repos.cart, 'readCart');
    try {
      ({ kept, stored } = await keptSettles(s));
      expect(kept).toEqual(stored);
      expect(reads).toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }

    // No write marks the plan's end: the kept view knows it.
    clock.set(new Date(end.getTime() + 1_000));
    try {
      const after = await cartOf(s);
      expect(after.deliveryFee).toBeGreaterThan(0);
    } finally {
      clock.set(now);
    }
  });

  it('stops answering a session its account no longer honours', async () => {
    const { s } = await shopperWithLine();
    await t.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, s.id));
    const started = Date.now();
    let status = 200;
    while (Date.now() - started < NOTIFY_WITHIN_MS) {
      status = (await s.call('GET', '/api/cart')).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });

  it('joins a kept cart to the catalogue as it is now', async () => {
    const { s, product } = await shopperWithLine();
    await t.database.db
      .update(productsTable)
      .set({ name: 'Renamed While Kept' })
      .where(eq(productsTable.id, product._id));
    t.services.catalogue.invalidate();
    expect((await cartOf(s)).cart.map((line) => line.product.name)).toEqual(['Renamed While Kept']);
  });

  it('sends each origin its own image addresses', async () => {
    const { s } = await shopperWithLine();
    const image = async (host: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/cart',
        headers: { authorization: `Bearer ${s.token}`, host },
      });
      return cartResponseSchema.parse(res.json()).cart[0]!.product.images[0]!;
    };
    expect(await image('shop.example.in')).toMatch(/^http:\/\/shop\.example\.in\//);
    expect(await image('partner.example.com')).toMatch(/^http:\/\/partner\.example\.com\//);
    expect(await image('shop.example.in')).toMatch(/^http:\/\/shop\.example\.in\//);
  });

  it("shows the lines of a shopper's own cart written by another process", async () => {
    const { s } = await shopperWithLine();
    await t.database.exec(`delete from cart_items where user_id = '${s.id}'`);
    const { kept, stored } = await keptSettles(s);
    expect(stored.cart).toEqual([]);
    expect(kept).toEqual(stored);
  });
});
