import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_MESSAGES,
  applyCouponResponseSchema,
  cartResponseSchema,
  formatRupees,
  type Product,
} from '@pehnava/shared';
import { couponUses, coupons } from '../../db/schema/index.js';
import { callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  addBody,
  book,
  newShopper,
  productsOf,
  subscribe,
  type Shopper,
} from '../../test/shopping.js';

let t: TestApp;
let premium: Product[];
let luxury: Product[];
let n = 0;
const shopper = () => newShopper(t, `coupon-${++n}@pehnava.test`);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  premium = await productsOf(t, 'premium');
  luxury = await productsOf(t, 'luxury');
});
afterAll(async () => {
  await t.close();
});

const apply = (s: Shopper, code: unknown, subtotal?: unknown) =>
  s.call('POST', '/api/coupon/apply', subtotal === undefined ? { code } : { code, subtotal });
const applied = async (s: Shopper, code: string, subtotal?: unknown) => {
  const res = await apply(s, code, subtotal);
  expect(res.statusCode, res.body).toBe(200);
  return applyCouponResponseSchema.parse(res.json());
};
const refused = async (s: Shopper, code: unknown, message: string) => {
  const res = await apply(s, code);
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 400,
    body: { success: false, message },
  });
};
/** Add products for `days` days; returns the cart total as the server computes it. */
const fill = async (s: Shopper, items: Product[], duration: 2 | 4 | 7 = 2) => {
  for (const p of items) {
    const res = await s.call('POST', '/api/cart/add', addBody(p, { duration }));
    expect(res.statusCode, res.body).toBe(200);
  }
  return cartResponseSchema.parse((await s.call('GET', '/api/cart')).json()).total;
};
/** Cart total ≥ `min` from premium items at 7 days (from the end of the list, unused elsewhere). */
const fillTo = async (s: Shopper, min: number) => {
  let total = 0;
  for (const p of [...premium].reverse()) {
    if (total >= min) break;
    total = await fill(s, [p], 7);
  }
  expect(total).toBeGreaterThanOrEqual(min);
  return total;
};
const rupees = (x: number) => Math.round(x * 100) / 100;
const fee = (afterDiscount: number) => (afterDiscount < 1999 ? 99 : 0);

describe('POST /api/coupon/apply needs a session', () => {
  it('answers 401 without a token', async () => {
    const res = await callAs(t, undefined, 'POST', '/api/coupon/apply', {
      code: 'WELCOME50',
      subtotal: 1000,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Please login to continue' });
  });
});

describe('what is refused before any coupon is looked at', () => {
  it('an empty code: Coupon code required', async () => {
    const s = await shopper();
    await fill(s, [premium[0]!]);
    await refused(s, '', 'Coupon code required');
    await refused(s, '   ', 'Coupon code required');
    const missing = await s.call('POST', '/api/coupon/apply', { subtotal: 5000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Coupon code required');
  });

  it('an empty cart: Your cart is empty, whatever subtotal the client claims', async () => {
    const s = await shopper();
    const res = await apply(s, 'WELCOME50', 5000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Your cart is empty' });
  });

  it('an unknown code: Invalid coupon', async () => {
    const s = await shopper();
    await fill(s, [premium[0]!]);
    await refused(s, 'NOSUCHCODE', 'Invalid coupon');
  });
});

describe('WELCOME50', () => {
  it('takes 50% off a new shopper’s cart, with the fee on what is left', async () => {
    const s = await shopper();
    const total = await fill(s, [premium[1]!, premium[2]!]);
    const body = await applied(s, 'WELCOME50');
    const discount = rupees(total / 2);
    expect(body).toEqual({
      success: true,
      discountAmount: discount,
      newTotal: rupees(total - discount),
      coupon: { code: 'WELCOME50' },
      message: COUPON_MESSAGES.applied(discount),
      deliveryFee: fee(total - discount),
      totalWithDelivery: rupees(total - discount + fee(total - discount)),
    });
    expect(body.message).toMatch(/^Coupon applied: -₹[\d,.]+$/);
  });

  it('matches the code case-insensitively and answers with it upper-case', async () => {
    const s = await shopper();
    const total = await fill(s, [premium[3]!]);
    for (const code of ['welcome50', ' Welcome50 ', 'wElCoMe50']) {
      const body = await applied(s, code);
      expect(body.coupon.code).toBe('WELCOME50');
      expect(body.discountAmount).toBe(rupees(total / 2));
    }
  });

  it('ignores the subtotal the client sends', async () => {
    const s = await shopper();
    const total = await fill(s, [premium[4]!]);
    for (const subtotal of [100_000, 0, -50, 'lots']) {
      const body = await applied(s, 'WELCOME50', subtotal);
      expect(body.discountAmount).toBe(rupees(total / 2));
      expect(body.newTotal).toBe(rupees(total - rupees(total / 2)));
    }
  });

  it('holds and counts nothing: applying again and again is fine', async () => {
    const s = await shopper();
    await fill(s, [premium[5]!]);
    await applied(s, 'WELCOME50');
    await applied(s, 'WELCOME50');
    expect(
      await t.database.db.select().from(couponUses).where(eq(couponUses.userId, s.id)),
    ).toEqual([]);
  });

  it('is refused once the shopper has a booking with a completed payment', async () => {
    const s = await shopper();
    await fill(s, [premium[6]!]);
    // A booking still awaiting payment does not end the first order.
    await book(t, s.id, { productId: luxury[0]!._id, paid: false });
    await applied(s, 'WELCOME50');
    await book(t, s.id, { productId: luxury[0]!._id, paid: true });
    await refused(s, 'WELCOME50', 'This coupon is only for your first order.');
    await refused(s, 'welcome50', 'This coupon is only for your first order.');
  });

  it('is refused while the shopper’s own use of it is held or counted, not once released', async () => {
    const s = await shopper();
    await fill(s, [premium[7]!]);
    const [welcome] = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'WELCOME50'));
    const { bookingId } = await book(t, s.id, { productId: luxury[1]!._id, paid: false });
    const [use] = await t.database.db
      .insert(couponUses)
      .values({ couponId: welcome!.id, userId: s.id, bookingId, discountPaise: 100 })
      .returning();
    await refused(s, 'WELCOME50', 'You have already used this coupon.');
    await t.database.db
      .update(couponUses)
      .set({ status: 'released' })
      .where(eq(couponUses.id, use!.id));
    await applied(s, 'WELCOME50');
  });
});

describe('FESTIVE20', () => {
  it('needs a subtotal of ₹3,000', async () => {
    const s = await shopper();
    const total = await fill(s, [premium[8]!]);
    expect(total).toBeLessThan(3000);
    await refused(s, 'FESTIVE20', COUPON_MESSAGES.belowMinimum(3000, rupees(3000 - total)));
    await refused(
      s,
      'festive20',
      `This coupon needs a subtotal of at least ₹3,000. Add items worth ${formatRupees(rupees(3000 - total))} more to use it.`,
    );
  });

  it('takes 20% off from ₹3,000', async () => {
    const s = await shopper();
    const total = await fillTo(s, 3000);
    expect(total * 0.2).toBeLessThan(1500);
    const body = await applied(s, 'FESTIVE20');
    expect(body.discountAmount).toBe(rupees(total * 0.2));
    expect(body.newTotal).toBe(rupees(total - rupees(total * 0.2)));
    expect(body.deliveryFee).toBe(fee(body.newTotal));
  });

  it('takes at most ₹1,500 off', async () => {
    const s = await shopper();
    const dearest = [...luxury].sort((a, b) => b.sevenDayRentalPrice - a.sevenDayRentalPrice)[0]!;
    const total = await fill(s, [dearest], 7);
    expect(total * 0.2).toBeGreaterThan(1500);
    const body = await applied(s, 'FESTIVE20');
    expect(body.discountAmount).toBe(1500);
    expect(body.newTotal).toBe(rupees(total - 1500));
    expect(body.message).toBe('Coupon applied: -₹1,500');
  });
});

describe('FLAT300', () => {
  it('takes ₹300 off a subtotal of ₹1,500 or more, and not below', async () => {
    const s = await shopper();
    const small = await fill(s, [premium[9]!]);
    expect(small).toBeLessThan(1500);
    await refused(s, 'FLAT300', COUPON_MESSAGES.belowMinimum(1500, rupees(1500 - small)));

    const total = await fillTo(s, 1500);
    const body = await applied(s, 'flat300');
    expect(body).toMatchObject({
      discountAmount: 300,
      newTotal: rupees(total - 300),
      coupon: { code: 'FLAT300' },
      message: 'Coupon applied: -₹300',
      deliveryFee: fee(total - 300),
      totalWithDelivery: rupees(total - 300 + fee(total - 300)),
    });
  });

  it('a paid plan delivers free whatever the discount', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'pro');
    const total = await fill(s, [luxury[2]!]);
    const body = await applied(s, 'FLAT300');
    expect(body.deliveryFee).toBe(0);
    expect(body.totalWithDelivery).toBe(rupees(total - 300));
  });
});

describe('a cart that costs nothing', () => {
  it('a Plus cart of free items has nothing for a coupon to take off', async () => {
    const s = await shopper();
    await subscribe(t, s.id, 'plus');
    expect(await fill(s, [premium[12]!])).toBe(0);
    await refused(s, 'WELCOME50', COUPON_MESSAGES.nothingToDiscount);
    await refused(s, 'FLAT300', COUPON_MESSAGES.belowMinimum(1500, 1500));
  });
});

describe('the terms of other coupons', () => {
  const now = Date.now();
  beforeAll(async () => {
    await t.database.db.insert(coupons).values([
      { code: 'LATER10', type: 'percent', value: 10, validFrom: new Date(now + DAY_MS) },
      { code: 'GONE10', type: 'percent', value: 10, validTo: new Date(now - DAY_MS) },
      { code: 'OFF10', type: 'percent', value: 10, active: false },
      { code: 'ONCE10', type: 'percent', value: 10, totalLimit: 1 },
    ]);
  });

  it('refuses a coupon not yet valid, expired, switched off or used up by others', async () => {
    const s = await shopper();
    await fill(s, [premium[10]!]);
    await refused(s, 'LATER10', COUPON_MESSAGES.notYetValid);
    await refused(s, 'gone10', 'Sorry, this coupon has expired.');
    await refused(s, 'OFF10', 'Invalid coupon');
    await applied(s, 'ONCE10');

    const other = await shopper();
    const [once] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'ONCE10'));
    const { bookingId } = await book(t, other.id, { productId: luxury[3]!._id, paid: true });
    await t.database.db.insert(couponUses).values({
      couponId: once!.id,
      userId: other.id,
      bookingId,
      status: 'counted',
      discountPaise: 100,
    });
    await refused(s, 'ONCE10', 'Sorry, this coupon has been fully redeemed.');
  });
});

describe('a coupon applies to the caller’s own cart only', () => {
  it('another shopper’s cart is neither counted nor discounted', async () => {
    const owner = await shopper();
    const other = await shopper();
    const dear = await fill(owner, [luxury[4]!], 7);
    const res = await apply(other, 'WELCOME50', dear);
    expect(res.json()).toEqual({ success: false, message: 'Your cart is empty' });

    const own = await fill(other, [premium[11]!]);
    const body = await applied(other, 'WELCOME50', dear);
    expect(body.discountAmount).toBe(rupees(own / 2));
    expect((await applied(owner, 'WELCOME50')).discountAmount).toBe(rupees(dear / 2));
  });
});
