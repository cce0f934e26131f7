import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cartResponseSchema, type Product } from '@pehnava/shared';
import { cartItems } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  addBody,
  book,
  inDays,
  newShopper,
  productsOf,
  subscribe,
  type Shopper,
} from '../../test/shopping.js';

let t: TestApp;
let premium: Product[];
let royal: Product[];
let luxury: Product[];
let n = 0;
const shopper = () => newShopper(t, `pricing-${++n}@pehnava.test`);

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  premium = await productsOf(t, 'premium');
  royal = await productsOf(t, 'royal');
  luxury = await productsOf(t, 'luxury');
});
afterAll(async () => {
  await t.close();
});

const getCart = async (s: Shopper) =>
  cartResponseSchema.parse((await s.call('GET', '/api/cart')).json());
const add = async (s: Shopper, body: object) => {
  const res = await s.call('POST', '/api/cart/add', body);
  expect(res.statusCode, res.body).toBe(200);
};
/** [product id, duration, price] of each entry, and the stored rows' paise. */
const linesOf = async (s: Shopper) => {
  const body = await getCart(s);
  const rows = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
  return {
    body,
    lines: body.cart.map((e) => [e.product._id, e.duration, e.priceAtTime]),
    paise: new Map(rows.map((r) => [r.productId, r.pricePaise])),
  };
};

describe('the free plan pays the chosen duration’s list price', () => {
  it('2, 4 and 7 days', async () => {
    const s = await shopper();
    const [a, b, c] = [premium[0]!, royal[0]!, luxury[0]!];
    await add(s, addBody(a, { duration: 2 }));
    await add(s, addBody(b, { duration: 4 }));
    await add(s, addBody(c, { duration: 7 }));
    const { lines, body } = await linesOf(s);
    expect(lines).toEqual([
      [a._id, 2, a.twoDayRentalPrice],
      [b._id, 4, b.fourDayRentalPrice],
      [c._id, 7, c.sevenDayRentalPrice],
    ]);
    expect(body.total).toBeCloseTo(
      a.twoDayRentalPrice + b.fourDayRentalPrice + c.sevenDayRentalPrice,
      2,
    );
  });
});

describe('plus and pro rent for 14 days at their plan price', () => {
  it('plus: premium free, royal 50% of the 14-day price rounded, luxury full; free delivery', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'plus');
    const [a, b, c] = [premium[1]!, royal[1]!, luxury[1]!];
    const start = inDays(6);
    // A 2-day (or any) duration from the client is replaced by 14.
    await add(s, addBody(a, { duration: 2, startDate: start }));
    await add(s, addBody(b, { duration: 7, startDate: start }));
    await add(s, addBody(c, { duration: 4, startDate: start }));
    const { lines, body, paise } = await linesOf(s);
    expect(lines).toEqual([
      [a._id, 14, 0],
      [b._id, 14, Math.round(b.fourteenDayRentalPrice / 2)],
      [c._id, 14, c.fourteenDayRentalPrice],
    ]);
    expect(body.cart.every((e) => e.endDate === addDays(start, 14))).toBe(true);
    expect(paise.get(a._id)).toBe(0);
    expect(body.total).toBeCloseTo(
      Math.round(b.fourteenDayRentalPrice / 2) + c.fourteenDayRentalPrice,
      2,
    );
    expect(body.deliveryFee).toBe(0);
    expect(body.totalWithDelivery).toBe(body.total);
  });

  it('plus: a 2-day request and a forged plan or price still store 14 days at the plus price', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'plus');
    const r = royal[2]!;
    const start = inDays(3);
    await add(s, {
      ...addBody(r, { duration: 2, startDate: start }),
      plan: 'pro',
      priceAtTime: 0,
      price: 0,
      quantity: 5,
      endDate: addDays(start, 2),
    });
    const [row] = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
    expect(row).toMatchObject({
      durationDays: 14,
      quantity: 1,
      endDate: addDays(start, 14),
      pricePaise: Math.round(r.fourteenDayRentalPrice / 2) * 100,
    });
  });

  it('pro: premium and royal free, luxury full', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'pro');
    const [a, b, c] = [premium[2]!, royal[3]!, luxury[2]!];
    await add(s, addBody(a));
    await add(s, addBody(b));
    await add(s, addBody(c));
    const { lines, body } = await linesOf(s);
    expect(lines).toEqual([
      [a._id, 14, 0],
      [b._id, 14, 0],
      [c._id, 14, c.fourteenDayRentalPrice],
    ]);
    expect(body.total).toBe(c.fourteenDayRentalPrice);
    expect(body.deliveryFee).toBe(0);
  });
});

describe('the rental limit', () => {
  it('plus with 3 of 4 items rented this period: only the first premium item added is free', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'plus');
    await book(t, s.id, { productId: luxury[3]!._id, quantity: 3, paid: true });
    // An unpaid booking does not count against the limit.
    await book(t, s.id, { productId: luxury[3]!._id, quantity: 2, paid: false });
    const [a, b] = [premium[3]!, premium[4]!];
    await add(s, addBody(a));
    await add(s, addBody(b));
    const { lines, body } = await linesOf(s);
    expect(lines).toEqual([
      [a._id, 14, 0],
      [b._id, 14, b.fourteenDayRentalPrice],
    ]);
    expect(body.total).toBe(b.fourteenDayRentalPrice);
  });

  it('counts what is already in the cart: the fifth item of an empty period pays in full', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'plus');
    const items = premium.slice(5, 10);
    for (const p of items) await add(s, addBody(p));
    const { lines } = await linesOf(s);
    expect(lines.map((l) => l[2])).toEqual([0, 0, 0, 0, items[4]!.fourteenDayRentalPrice]);
  });
});

describe('the delivery fee follows the plan in effect now', () => {
  it('a free-plan cart below ₹1,999 pays ₹99 until the shopper takes up plus; stored prices stay', async () => {
    const s = await shopper();
    const p = premium[10]!;
    await add(s, addBody(p));
    const before = await getCart(s);
    expect(before.deliveryFee).toBe(99);
    await subscribe(t, s.id, 'plus');
    const after = await getCart(s);
    expect(after.cart[0]!.priceAtTime).toBe(p.twoDayRentalPrice);
    expect(after.deliveryFee).toBe(0);
    expect(after.totalWithDelivery).toBe(p.twoDayRentalPrice);
  });
});
