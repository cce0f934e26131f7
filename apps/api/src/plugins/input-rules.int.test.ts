// Hostile text in every string field the API reads: a 400 naming the field, never a 500, and
// nothing changes (docs/decisions/020-text-fields-and-hostile-input.md).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponseSchema, type Product } from '@pehnava/shared';
import { cartItems, otpCodes, users, wishlistItems } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { addBody, inDays, newShopper, productsOf, sizeOf, type Shopper } from '../test/shopping.js';

let t: TestApp;
let s: Shopper;
let p: Product;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
  });
  s = await newShopper(t, 'rules@pehnava.test');
  p = (await productsOf(t, 'premium'))[0]!;
  expect((await s.call('POST', '/api/cart/add', addBody(p))).statusCode).toBe(200);
  expect((await s.call('POST', '/api/wishlist/add', { productId: p._id })).statusCode).toBe(200);
  const saved = await s.call('POST', '/api/user/update-profile', {
    name: 'Tara Iyer',
    phone: '9820012345',
    address: '12 Carter Road\nBandra, Mumbai',
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';

/** Everything a hostile request could have changed. */
async function state() {
  const db = t.database.db;
  const [me] = await db.select().from(users).where(eq(users.id, s.id));
  const [codes] = await db.select({ n: count() }).from(otpCodes);
  const [accounts] = await db.select({ n: count() }).from(users);
  return {
    me,
    codes: codes!.n,
    accounts: accounts!.n,
    cart: await db.select().from(cartItems).where(eq(cartItems.userId, s.id)),
    wishlist: await db.select().from(wishlistItems).where(eq(wishlistItems.userId, s.id)),
  };
}

const expectRefused = (res: { statusCode: number; json(): unknown }, message: string) =>
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 400,
    body: { success: false, message },
  });

describe('a NUL character in any string field', () => {
  const cases: [string, 'GET' | 'POST' | 'DELETE', string, () => object | undefined, string][] = [
    [
      'register name',
      'POST',
      '/api/user/register',
      () => ({ name: `Asha${NUL}`, email: 'asha@pehnava.test', password: 'marigold-2026' }),
      'Name contains characters that are not allowed',
    ],
    [
      'register phone',
      'POST',
      '/api/user/register',
      () => ({
        name: 'Asha',
        email: 'asha@pehnava.test',
        password: 'marigold-2026',
        phone: `98200${NUL}2345`,
      }),
      'Phone contains characters that are not allowed',
    ],
    [
      'register password',
      'POST',
      '/api/user/register',
      () => ({ name: 'Asha', email: 'asha@pehnava.test', password: `marigold${NUL}2026` }),
      'Password contains characters that are not allowed',
    ],
    [
      'update-profile name',
      'POST',
      '/api/user/update-profile',
      () => ({ name: `Tara${NUL}`, phone: '1', address: 'x' }),
      'Name contains characters that are not allowed',
    ],
    [
      'update-profile phone',
      'POST',
      '/api/user/update-profile',
      () => ({ name: 'Tara', phone: `98${NUL}`, address: 'x' }),
      'Phone contains characters that are not allowed',
    ],
    [
      'update-profile address',
      'POST',
      '/api/user/update-profile',
      () => ({ name: 'Tara', phone: '1', address: `12 Carter Road${NUL}` }),
      'Address contains characters that are not allowed',
    ],
    [
      'cart add size',
      'POST',
      '/api/cart/add',
      () => addBody(p, { size: `M${NUL}` }),
      'Size contains characters that are not allowed',
    ],
    [
      'cart add product id',
      'POST',
      '/api/cart/add',
      () => addBody(p, { productId: `${p._id}${NUL}` }),
      'Product id contains characters that are not allowed',
    ],
    [
      'cart add start date',
      'POST',
      '/api/cart/add',
      () => addBody(p, { startDate: `${inDays(3)}${NUL}` }),
      'Start date contains characters that are not allowed',
    ],
    [
      'cart remove size',
      'DELETE',
      '/api/cart/remove/PRODUCT',
      () => ({ size: `M${NUL}`, duration: 2, startDate: inDays(10) }),
      'Size contains characters that are not allowed',
    ],
    [
      'cart remove start date',
      'DELETE',
      '/api/cart/remove/PRODUCT',
      () => ({ startDate: `${inDays(10)}${NUL}` }),
      'Start date contains characters that are not allowed',
    ],
    [
      'cart remove product id',
      'DELETE',
      `/api/cart/remove/x%00`,
      () => ({}),
      'Product id contains characters that are not allowed',
    ],
    [
      'coupon code',
      'POST',
      '/api/coupon/apply',
      () => ({ code: `WELCOME50${NUL}`, subtotal: 10 }),
      'Coupon code contains characters that are not allowed',
    ],
    [
      'wishlist add',
      'POST',
      '/api/wishlist/add',
      () => ({ productId: `${p._id}${NUL}` }),
      'Product id contains characters that are not allowed',
    ],
    [
      'wishlist remove',
      'POST',
      '/api/wishlist/remove',
      () => ({ productId: `${p._id}${NUL}` }),
      'Product id contains characters that are not allowed',
    ],
    [
      'wishlist status',
      'POST',
      '/api/wishlist/status',
      () => ({ productIds: [p._id, `x${NUL}`] }),
      'Product id contains characters that are not allowed',
    ],
    [
      'product detail id',
      'GET',
      '/api/product/list/x%00',
      () => undefined,
      'Product id contains characters that are not allowed',
    ],
  ];

  it.each(cases)('%s: 400 naming the field, nothing changed', async (_, method, url, body, msg) => {
    const before = await state();
    const res = await s.call(method, url.replace('PRODUCT', p._id), body());
    expectRefused(res, msg);
    expect(await state()).toEqual(before);
  });

  it('in the e-mail or a password at login: the usual answers, never a 500', async () => {
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: `rules${NUL}@pehnava.test`, password: 'x' },
    });
    expectRefused(email, 'Please enter a valid email address');
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'rules@pehnava.test', password: `x${NUL}` },
    });
    expect(password.statusCode).toBe(401);
  });
});

describe('other control and invisible characters', () => {
  it('refuses a tab or another control character inside a one-line field, naming it', async () => {
    for (const name of ['Ta\tra', 'Ta\u0007ra', 'Ta\u009bra', 'Ta\u202era', 'Ta\ud800ra']) {
      expectRefused(
        await s.call('POST', '/api/user/update-profile', { name }),
        'Name contains characters that are not allowed',
      );
    }
    expectRefused(
      await s.call('POST', '/api/user/update-profile', { phone: '98\n20' }),
      'Phone contains characters that are not allowed',
    );
  });

  it('counts a value of only invisible characters as empty', async () => {
    expectRefused(
      await s.call('POST', '/api/user/update-profile', { name: '\u200b\u200c\u200d\u2060\ufeff ' }),
      'Name cannot be empty',
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: '\u200b\u00a0', email: 'blank@pehnava.test', password: 'marigold-2026' },
      }),
      'Please enter your name',
    );
    expectRefused(
      await s.call('POST', '/api/coupon/apply', { code: '\u200b' }),
      'Coupon code required',
    );
  });

  it('keeps line breaks in the address (Windows line ends become \\n), trims the ends', async () => {
    const res = await s.call('POST', '/api/user/update-profile', {
      address: '\u200b 12 Carter Road\r\nBandra\rMumbai \n',
      name: '\ufeffTara Iyer\u200b',
    });
    expect(res.statusCode).toBe(200);
    const me = profileResponseSchema.parse((await s.call('GET', '/api/user/profile')).json());
    expect(me.user).toMatchObject({
      name: 'Tara Iyer',
      address: '12 Carter Road\nBandra\nMumbai',
    });
  });

  it('keeps joiners inside Indic names', async () => {
    const name = '\u0915\u094d\u200d\u0937 Arjun'; // a half-form conjunct: virama, then ZWJ
    const res = await s.call('POST', '/api/user/update-profile', { name });
    expect(res.statusCode).toBe(200);
    expect(
      profileResponseSchema.parse((await s.call('GET', '/api/user/profile')).json()).user.name,
    ).toBe(name);
  });

  it('bounds every field', async () => {
    expectRefused(
      await s.call('POST', '/api/user/update-profile', { address: 'a'.repeat(501) }),
      'Address must be at most 500 characters long',
    );
    expectRefused(
      await s.call('POST', '/api/cart/add', addBody(p, { size: 'M'.repeat(41) })),
      'Size must be at most 40 characters long',
    );
    expectRefused(
      await s.call('POST', '/api/wishlist/status', { productIds: ['a'.repeat(101)] }),
      'Product id must be at most 100 characters long',
    );
  });

  it('names the field when it is not text at all', async () => {
    expectRefused(
      await s.call('POST', '/api/user/update-profile', { phone: 9820012345 }),
      'Phone must be text',
    );
    expectRefused(
      await s.call('POST', '/api/user/update-profile', { address: ['12 Carter Road'] }),
      'Address must be text',
    );
  });
});

describe('durations', () => {
  it.each([[[[2]]], ['0x2'], ['2e0'], [' 2'], ['02'], [2.5], [3], [true], [null]])(
    'refuses %j at cart add',
    async (duration) => {
      const before = await state();
      expectRefused(
        await s.call('POST', '/api/cart/add', addBody(p, { duration })),
        'Please choose a rental period of 2, 4, 7 or 14 days',
      );
      expect(await state()).toEqual(before);
    },
  );

  it('takes the number or its plain decimal string', async () => {
    const [, q] = await productsOf(t, 'premium');
    const res = await s.call('POST', '/api/cart/add', addBody(q!, { duration: '4' }));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.productId, q!._id));
    expect(row!.durationDays).toBe(4);
    expect(
      (await s.call('DELETE', `/api/cart/remove/${q!._id}`, { duration: '4', size: sizeOf(q!) }))
        .statusCode,
    ).toBe(200);
  });
});
