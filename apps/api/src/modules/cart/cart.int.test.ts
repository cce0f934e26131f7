import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_SUBSCRIPTION,
  addDays,
  cartChangeResponseSchema,
  cartResponseSchema,
  todayInIndia,
  type Product,
  type AddToCartBody,
} from '@pehnava/shared';
import { cartItems, productSizes } from '../../db/schema/index.js';
import { callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createCartRepository } from './cart.repository.js';
import { systemClock } from '../../lib/clock.js';
import { createCartService } from './cart.service.js';
import {
  addBody,
  catalogueProducts,
  inDays,
  newShopper,
  productsOf,
  rentable,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

let t: TestApp;
let premium: Product[];
let luxury: Product[];
let n = 0;
const shopper = () => newShopper(t, `cart-${++n}@pehnava.test`);

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  premium = await productsOf(t, 'premium');
  luxury = await productsOf(t, 'luxury');
});
afterAll(async () => {
  await t.close();
});

const getCart = async (s: Shopper) => {
  const res = await s.call('GET', '/api/cart');
  expect(res.statusCode).toBe(200);
  return cartResponseSchema.parse(res.json());
};
const rowsOf = (s: Shopper) =>
  t.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
const expectError = (
  res: Awaited<ReturnType<Shopper['call']>>,
  status: number,
  message: string,
) => {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status,
    body: { success: false, message },
  });
};

describe('cart endpoints need a session', () => {
  it.each([
    ['GET', '/api/cart', undefined],
    ['POST', '/api/cart/add', { productId: 'x', size: 'M', duration: 2, startDate: inDays(3) }],
    ['DELETE', '/api/cart/remove/x', { size: 'M', duration: 2, startDate: inDays(3) }],
    ['DELETE', '/api/cart/clear', undefined],
  ] as const)('%s %s answers 401 without a token', async (method, url, payload) => {
    const res = await callAs(t, undefined, method, url, payload);
    expectError(res, 401, 'Please login to continue');
  });

  it('answers 401 to a token that is not valid', async () => {
    const res = await callAs(t, 'not-a-token', 'GET', '/api/cart');
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/cart', () => {
  it('is empty, free of charge and private for a new shopper', async () => {
    const s = await shopper();
    const res = await s.call('GET', '/api/cart');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(cartResponseSchema.parse(res.json())).toEqual({
      success: true,
      cart: [],
      total: 0,
      deliveryFee: 0,
      totalWithDelivery: 0,
    });
  });

  it('lists entries in the order added with their products, total and the ₹99 fee below ₹1,999', async () => {
    const s = await shopper();
    const [a, b] = premium;
    const start = inDays(5);
    const added = await s.call('POST', '/api/cart/add', addBody(b!, { startDate: start }));
    expect(added.statusCode).toBe(200);
    expect(cartChangeResponseSchema.parse(added.json())).toEqual({
      success: true,
      message: 'Item added to cart!',
    });
    await s.call('POST', '/api/cart/add', addBody(a!, { duration: 4, startDate: start }));

    const body = await getCart(s);
    expect(body.cart.map((e) => e.product._id)).toEqual([b!._id, a!._id]);
    expect(body.cart[0]).toEqual({
      product: b,
      size: sizeOf(b!),
      duration: 2,
      quantity: 1,
      startDate: start,
      endDate: addDays(start, 2),
      priceAtTime: b!.twoDayRentalPrice,
      datesAvailable: true,
    });
    expect(body.cart[1]).toMatchObject({
      duration: 4,
      endDate: addDays(start, 4),
      priceAtTime: a!.fourDayRentalPrice,
    });
    const total = b!.twoDayRentalPrice + a!.fourDayRentalPrice;
    expect(total).toBeLessThan(1999);
    expect(body.total).toBeCloseTo(total, 2);
    expect(body.deliveryFee).toBe(99);
    expect(body.totalWithDelivery).toBeCloseTo(total + 99, 2);
  });

  it('delivers free for a free-plan cart of ₹1,999 or more', async () => {
    const s = await shopper();
    const dear = luxury.find((p) => p.sevenDayRentalPrice >= 1999)!;
    await s.call('POST', '/api/cart/add', addBody(dear, { duration: 7 }));
    const body = await getCart(s);
    expect(body.total).toBe(dear.sevenDayRentalPrice);
    expect(body.deliveryFee).toBe(0);
    expect(body.totalWithDelivery).toBe(dear.sevenDayRentalPrice);
  });

  it('skips a line whose product is no longer in the catalogue', async () => {
    const s = await shopper();
    const [kept, gone] = premium;
    await s.call('POST', '/api/cart/add', addBody(kept!));
    await s.call('POST', '/api/cart/add', addBody(gone!));
    const real = t.app.services.catalogue;
    const service = createCartService({
      repository: createCartRepository(t.database.db),
      catalogue: {
        snapshot: async () => {
          const snapshot = await real.snapshot();
          const byId = new Map(snapshot.byId);
          byId.delete(gone!._id);
          return { ...snapshot, byId };
        },
      },
      subscriptions: { mySubscription: async () => FREE_SUBSCRIPTION },
      inventory: t.services.inventory,
      clock: systemClock,
    });
    const view = await service.view(s.id);
    expect(view.cart.map((e) => e.product._id)).toEqual([kept!._id]);
    expect(view.total).toBe(kept!.twoDayRentalPrice);
  });
});

describe('POST /api/cart/add: the checks, in order', () => {
  let s: Shopper;
  let p: Product;
  beforeAll(async () => {
    s = await shopper();
    p = premium[3]!;
  });
  const add = (body: object) => s.call('POST', '/api/cart/add', body);

  it('404 for an unknown product, whatever its id looks like', async () => {
    expectError(
      await add(addBody(p, { productId: '00000000-0000-4000-8000-000000000000' })),
      404,
      'Product not found',
    );
    expectError(await add(addBody(p, { productId: 'PHN-LEH-0001' })), 404, 'Product not found');
    expectError(await add(addBody(p, { productId: '' })), 400, 'Product not found');
  });

  it('refuses a product that is out of stock, before looking at the dates', async () => {
    const soldOut = (await catalogueProducts(t)).find((x) => !x.isAvailable)!;
    expect(soldOut).toBeDefined();
    expectError(
      await add({ productId: soldOut._id, size: 'M', duration: 2, startDate: inDays(-3) }),
      400,
      'This product is currently out of stock',
    );
  });

  it('needs a start date: missing or blank', async () => {
    expectError(
      await add({ productId: p._id, size: sizeOf(p), duration: 2 }),
      400,
      'Start date is required',
    );
    expectError(await add(addBody(p, { startDate: '   ' })), 400, 'Start date is required');
    // With the size missing too, the start date is named first (SPEC.md §5's order).
    expectError(await add({ productId: p._id, duration: 2 }), 400, 'Start date is required');
  });

  it('needs a real YYYY-MM-DD date', async () => {
    for (const startDate of ['2026-02-30', '10/12/2026', 'tomorrow', `${inDays(5)}T00:00:00Z`]) {
      expectError(await add(addBody(p, { startDate })), 400, 'Please choose a valid start date');
    }
  });

  it('takes today in India up to 90 days ahead, nothing before or after', async () => {
    expectError(
      await add(addBody(p, { startDate: inDays(-1) })),
      400,
      'Start date cannot be in the past',
    );
    expectError(
      await add(addBody(p, { startDate: inDays(91) })),
      400,
      'Start date must be within the next 90 days',
    );
    const today = todayInIndia(new Date());
    const first = await s.call('POST', '/api/cart/add', addBody(premium[4]!, { startDate: today }));
    expect(first.statusCode).toBe(200);
    const last = await s.call(
      'POST',
      '/api/cart/add',
      addBody(premium[5]!, { startDate: inDays(90) }),
    );
    expect(last.statusCode).toBe(200);
  });

  it('needs a size the product is offered in, and its switch on', async () => {
    expectError(await add(addBody(p, { size: '' })), 400, 'Please select a size');
    expectError(
      await add({ productId: p._id, duration: 2, startDate: inDays(4) }),
      400,
      'Please select a size',
    );
    expectError(await add(addBody(p, { size: 'XXXXL' })), 400, 'Selected size is not available');

    const switchedOff = (await catalogueProducts(t)).find(
      (x) => rentable(x) && x.sizes.some((sz) => !sz.available),
    );
    expect(switchedOff).toBeDefined();
    const offSize = switchedOff!.sizes.find((sz) => !sz.available)!.size;
    expectError(
      await add(addBody(switchedOff!, { size: offSize })),
      400,
      'Selected size is not available',
    );
  });

  it('lets a free-plan shopper choose 2, 4 or 7 days only', async () => {
    const msg = 'Please choose a rental period of 2, 4, 7 or 14 days';
    expectError(await add(addBody(p, { duration: 14 })), 400, msg);
    expectError(await add(addBody(p, { duration: 3 })), 400, msg);
    expectError(await add(addBody(p, { duration: 'two' })), 400, msg);
    expectError(await add({ productId: p._id, size: sizeOf(p), startDate: inDays(4) }), 400, msg);
    expect((await rowsOf(s)).map((r) => r.productId)).not.toContain(p._id);
  });

  it('refuses a product already in the cart, whatever size or dates', async () => {
    const q = premium[6]!;
    expect((await add(addBody(q))).statusCode).toBe(200);
    expectError(
      await add(addBody(q, { duration: 7, startDate: inDays(20) })),
      409,
      'This product is already in your cart',
    );
    expect((await rowsOf(s)).filter((r) => r.productId === q._id)).toHaveLength(1);
  });

  it('lets only one of two concurrent adds of the same product through', async () => {
    const q = premium[7]!;
    const results = await Promise.all([add(addBody(q)), add(addBody(q, { duration: 4 }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expect(conflict.json().message).toBe('This product is already in your cart');
    expect((await rowsOf(s)).filter((r) => r.productId === q._id)).toHaveLength(1);
  });
});

describe('the unique index decides a race the early check cannot see', () => {
  it('answers 409 when the row appeared between the check and the insert', async () => {
    const s = await shopper();
    const p = premium[16]!;
    expect((await s.call('POST', '/api/cart/add', addBody(p))).statusCode).toBe(200);
    const repository = createCartRepository(t.database.db);
    // As if another request's insert had not been visible to this one's check.
    const blind = { ...repository, listItems: async () => [] };
    const service = createCartService({
      repository: blind,
      catalogue: t.app.services.catalogue,
      subscriptions: { mySubscription: async () => FREE_SUBSCRIPTION },
      inventory: t.services.inventory,
      clock: systemClock,
    });
    await expect(
      service.add(s.id, addBody(p, { duration: 4 }) as AddToCartBody),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'This product is already in your cart',
    });
    expect(await rowsOf(s)).toHaveLength(1);
  });
});

describe('POST /api/cart/add: what the client sends beyond the four fields changes nothing', () => {
  it('ignores a price, subtotal, plan, quantity, end date or total in the body', async () => {
    const s = await shopper();
    const [p, q] = [premium[8]!, premium[9]!];
    const start = inDays(12);
    for (const [product, quantity] of [
      [p, 0],
      [q, -3],
    ] as const) {
      const res = await s.call('POST', '/api/cart/add', {
        ...addBody(product, { duration: 7, startDate: start }),
        price: 1,
        priceAtTime: 0,
        pricePaise: 0,
        subtotal: 0,
        total: 0,
        plan: 'pro',
        quantity,
        endDate: '2099-01-01',
        userId: '00000000-0000-4000-8000-000000000000',
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await rowsOf(s);
    expect(
      rows.map((r) => [r.productId, r.quantity, r.pricePaise, r.endDate, r.durationDays]),
    ).toEqual([
      [p._id, 1, Math.round(p.sevenDayRentalPrice * 100), addDays(start, 7), 7],
      [q._id, 1, Math.round(q.sevenDayRentalPrice * 100), addDays(start, 7), 7],
    ]);
    const body = await getCart(s);
    expect(body.cart.map((e) => [e.quantity, e.priceAtTime, e.endDate])).toEqual([
      [1, p.sevenDayRentalPrice, addDays(start, 7)],
      [1, q.sevenDayRentalPrice, addDays(start, 7)],
    ]);
    expect(body.total).toBeCloseTo(p.sevenDayRentalPrice + q.sevenDayRentalPrice, 2);
  });
});

describe('DELETE /api/cart/remove/:productId', () => {
  it('removes the matching entry only, and says when there is none', async () => {
    const s = await shopper();
    const [p, q] = [premium[10]!, premium[11]!];
    const start = inDays(8);
    await s.call('POST', '/api/cart/add', addBody(p, { startDate: start }));
    await s.call('POST', '/api/cart/add', addBody(q, { startDate: start }));
    const key = { size: sizeOf(p), duration: 2, startDate: start };

    for (const wrong of [
      { ...key, size: 'XXXXL' },
      { ...key, duration: 4 },
      { ...key, startDate: inDays(9) },
    ]) {
      expectError(
        await s.call('DELETE', `/api/cart/remove/${p._id}`, wrong),
        404,
        'This item is not in your cart',
      );
    }
    for (const [id, body] of [
      ['not-a-uuid', key],
      [p._id, { ...key, startDate: 'soon' }],
      [p._id, { ...key, startDate: '2026-02-30' }],
    ] as const) {
      expectError(
        await s.call('DELETE', `/api/cart/remove/${id}`, body),
        404,
        'This item is not in your cart',
      );
    }
    // Not a duration at all (durationSchema): refused as such, like at add.
    expectError(
      await s.call('DELETE', `/api/cart/remove/${p._id}`, { ...key, duration: 1e10 }),
      400,
      'Please choose a rental period of 2, 4, 7 or 14 days',
    );

    const res = await s.call('DELETE', `/api/cart/remove/${p._id}`, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Item removed from cart' });
    expect((await getCart(s)).cart.map((e) => e.product._id)).toEqual([q._id]);
    expectError(
      await s.call('DELETE', `/api/cart/remove/${p._id}`, key),
      404,
      'This item is not in your cart',
    );
  });
});

describe('DELETE /api/cart/remove/:productId by the product alone', () => {
  it('needs no body: a cart holds one line per product', async () => {
    const s = await shopper();
    const [p, q, r] = [premium[19]!, premium[20]!, premium[21]!];
    for (const product of [p, q, r]) {
      expect((await s.call('POST', '/api/cart/add', addBody(product))).statusCode).toBe(200);
    }
    const remove = (
      id: string,
      options: { headers?: Record<string, string>; payload?: string | object } = {},
    ) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/cart/remove/${id}`,
        ...options,
        headers: { authorization: `Bearer ${s.token}`, ...options.headers },
      });

    expect((await remove(p._id)).json()).toEqual({
      success: true,
      message: 'Item removed from cart',
    });
    // An empty body, with or without a JSON content type, is no body.
    const empty = await remove(q._id, {
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect((await remove(r._id, { payload: {} })).statusCode).toBe(200);
    expect((await getCart(s)).cart).toEqual([]);
    expectError(await remove(r._id), 404, 'This item is not in your cart');
  });

  it('takes any of size, duration and start date, each of which must match', async () => {
    const s = await shopper();
    const p = premium[22]!;
    const start = inDays(12);
    await s.call('POST', '/api/cart/add', addBody(p, { startDate: start, duration: 4 }));
    for (const wrong of [{ size: 'XXXXL' }, { duration: 7 }, { startDate: inDays(13) }]) {
      expectError(
        await s.call('DELETE', `/api/cart/remove/${p._id}`, wrong),
        404,
        'This item is not in your cart',
      );
    }
    expect((await getCart(s)).cart).toHaveLength(1);
    for (const [body, status] of [
      [{ duration: [[4]] }, 400],
      [{ duration: '4.0' }, 400],
      [{ duration: '4' }, 200],
    ] as const) {
      expect((await s.call('DELETE', `/api/cart/remove/${p._id}`, body)).statusCode).toBe(status);
    }
    expect((await getCart(s)).cart).toEqual([]);
  });
});

describe('DELETE /api/cart/clear', () => {
  it('empties the cart, and answers the same when it is already empty', async () => {
    const s = await shopper();
    await s.call('POST', '/api/cart/add', addBody(premium[12]!));
    await s.call('POST', '/api/cart/add', addBody(premium[13]!));
    for (let i = 0; i < 2; i += 1) {
      const res = await s.call('DELETE', '/api/cart/clear');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Cart cleared' });
      expect((await getCart(s)).cart).toEqual([]);
    }
  });
});

describe('one shopper can never read or change another shopper’s cart', () => {
  let owner: Shopper;
  let other: Shopper;
  let p: Product;
  const start = inDays(15);
  beforeAll(async () => {
    owner = await shopper();
    other = await shopper();
    p = premium[14]!;
    expect(
      (await owner.call('POST', '/api/cart/add', addBody(p, { startDate: start }))).statusCode,
    ).toBe(200);
  });
  const ownerStillHasIt = async () =>
    expect((await getCart(owner)).cart.map((e) => e.product._id)).toEqual([p._id]);

  it('GET shows only the caller’s own entries', async () => {
    expect((await getCart(other)).cart).toEqual([]);
  });

  it('add goes to the caller’s own cart (the owner’s entry is no conflict)', async () => {
    const res = await other.call('POST', '/api/cart/add', addBody(p, { duration: 4 }));
    expect(res.statusCode).toBe(200);
    expect((await getCart(other)).cart.map((e) => [e.product._id, e.duration])).toEqual([
      [p._id, 4],
    ]);
    await ownerStillHasIt();
    await other.call('DELETE', '/api/cart/clear');
  });

  it('remove cannot reach the owner’s entry', async () => {
    const res = await other.call('DELETE', `/api/cart/remove/${p._id}`, {
      size: sizeOf(p),
      duration: 2,
      startDate: start,
    });
    expectError(res, 404, 'This item is not in your cart');
    await ownerStillHasIt();
  });

  it('clear empties only the caller’s cart', async () => {
    expect((await other.call('DELETE', '/api/cart/clear')).statusCode).toBe(200);
    await ownerStillHasIt();
  });
});

describe('sizes switched off after the seed', () => {
  it('reads the admin’s switch from the catalogue', async () => {
    const s = await shopper();
    const p = premium[15]!;
    const size = sizeOf(p);
    const thisSize = and(eq(productSizes.productId, p._id), eq(productSizes.size, size));
    await t.database.db.update(productSizes).set({ available: false }).where(thisSize);
    t.app.services.catalogue.invalidate();
    try {
      expectError(
        await s.call('POST', '/api/cart/add', addBody(p, { size })),
        400,
        'Selected size is not available',
      );
    } finally {
      await t.database.db.update(productSizes).set({ available: true }).where(thisSize);
      t.app.services.catalogue.invalidate();
    }
    expect((await s.call('POST', '/api/cart/add', addBody(p, { size }))).statusCode).toBe(200);
  });
});
