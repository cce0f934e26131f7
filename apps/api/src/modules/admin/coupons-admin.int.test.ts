import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_COUPON_MESSAGES as M,
  ADMIN_MESSAGES,
  COUPON_MESSAGES,
  adminCouponResponseSchema,
  adminCouponsResponseSchema,
  type AdminCoupon,
  type Product,
} from '@pehnava/shared';
import { coupons } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, checkout, itemFor, paidIds } from '../../test/checkout.js';
import {
  addBody,
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  type Shopper,
} from '../../test/shopping.js';

/*
 * The console's Coupons API (issue [K]): every attribute created, edited and paused by an admin,
 * with the uses a shopper's checkout holds and its payment counts; a taken code is a 409, bad
 * input a 400 that writes nothing, and staff and shoppers are refused. PGlite and PostgreSQL.
 */
let t: TestApp;
let products: Product[];
let admin: Shopper;
let staff: Shopper;
let n = 0;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'coupons-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  staff = await newShopper(t, 'coupons-staff@pehnava.test');
  await t.services.repos.users.setRole(staff.id, 'staff');
});
afterAll(async () => {
  await t.close();
});

const shopper = () => newShopper(t, `coupons-shopper-${++n}@pehnava.test`);
const create = (body: object, who: Shopper = admin) => who.call('POST', '/api/admin/coupons', body);
const patch = (id: string, body: object, who: Shopper = admin) =>
  who.call('PATCH', `/api/admin/coupons/${id}`, body);
const created = async (body: object): Promise<AdminCoupon> => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return adminCouponResponseSchema.parse(res.json()).coupon;
};
const patched = async (id: string, body: object) => {
  const res = await patch(id, body);
  expect(res.statusCode, res.body).toBe(200);
  return adminCouponResponseSchema.parse(res.json());
};
const list = async (query = '') => {
  const res = await admin.call('GET', `/api/admin/coupons${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return adminCouponsResponseSchema.parse(res.json());
};
const listed = async (code: string) =>
  (await list(`?q=${encodeURIComponent(code)}`)).coupons.find((c) => c.code === code)!;
const rowOf = async (code: string) =>
  (await t.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!;
const couponCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(coupons))[0]!.n;
/** A shopper with one piece in the cart (applying a coupon reads the cart). */
const withCart = async () => {
  const s = await shopper();
  const res = await s.call(
    'POST',
    '/api/cart/add',
    addBody(products[n]!, { startDate: inDays(40) }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return s;
};
const apply = (s: Shopper, code: string) => s.call('POST', '/api/coupon/apply', { code });
/** A pending checkout of one piece with the coupon: it holds a use. */
const checkoutWith = async (code: string) => {
  const s = await shopper();
  const booking = await checkout(s, [itemFor(products[n]!, { startDate: inDays(20 + n) })], {
    couponCode: code,
  });
  return { s, booking };
};
const pay = async (s: Shopper, booking: { orderId?: string | null; bookingId: string }) => {
  const ids = await paidIds(t, booking.orderId!);
  const res = await s.call('POST', '/api/booking/verify', { ...ids, bookingId: booking.bookingId });
  expect(res.statusCode, res.body).toBe(200);
};

describe('an admin creates a coupon and a shopper uses it', () => {
  it('stores every attribute (money in paise), and counts the use: held, then counted', async () => {
    const coupon = await created({
      code: 'diwali-k1',
      description: 'Diwali mailer',
      type: 'flat',
      value: 250.5,
      minSubtotal: 1000.25,
      maxDiscount: 250,
      perUserLimit: 1,
      totalLimit: 100,
      validFrom: new Date(Date.now() - DAY_MS).toISOString(),
      validTo: '2099-12-31T23:59:00+05:30',
    });
    expect(coupon).toMatchObject({
      code: 'DIWALI-K1',
      description: 'Diwali mailer',
      type: 'flat',
      value: 250.5,
      minSubtotal: 1000.25,
      maxDiscount: 250,
      firstOrderOnly: false,
      perUserLimit: 1,
      totalLimit: 100,
      validTo: '2099-12-31T18:29:00.000Z',
      active: true,
      status: 'active',
      uses: { held: 0, counted: 0 },
    });
    expect(await rowOf('DIWALI-K1')).toMatchObject({
      value: 25050,
      minSubtotalPaise: 100025,
      maxDiscountPaise: 25000,
    });

    const percent = await created({ code: 'Wedding10', type: 'percent', value: 10 });
    expect(percent).toMatchObject({ code: 'WEDDING10', value: 10, minSubtotal: 0 });
    expect(percent).toMatchObject({ maxDiscount: null, perUserLimit: null, validFrom: null });

    const { s, booking } = await checkoutWith('wedding10');
    expect((await listed('WEDDING10')).uses).toEqual({ held: 1, counted: 0 });
    await pay(s, booking);
    expect((await listed('WEDDING10')).uses).toEqual({ held: 0, counted: 1 });
    const read = await admin.call('GET', `/api/admin/coupons/${percent.id}`);
    expect(adminCouponResponseSchema.parse(read.json()).coupon.uses).toEqual({
      held: 0,
      counted: 1,
    });

    // A single-use coupon is used up while one checkout holds it.
    await created({ code: 'ONCE-K', type: 'percent', value: 5, totalLimit: 1 });
    await checkoutWith('ONCE-K');
    expect(await listed('ONCE-K')).toMatchObject({
      status: 'used-up',
      uses: { held: 1, counted: 0 },
    });
  });
});

describe('pausing and expiring', () => {
  it('a paused coupon is refused when applied and at checkout; resumed, it applies again', async () => {
    const coupon = await created({ code: 'PAUSE-K', type: 'percent', value: 15 });
    // A checkout made before the pause keeps its use, and its payment counts it.
    const early = await checkoutWith('PAUSE-K');
    const s = await withCart();
    expect((await apply(s, 'pause-k')).statusCode).toBe(200);

    const paused = await patched(coupon.id, { active: false });
    expect(paused.message).toBe(M.paused('PAUSE-K'));
    expect(paused.coupon).toMatchObject({ active: false, status: 'paused' });
    const refused = await apply(s, 'pause-k');
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: { success: false, message: COUPON_MESSAGES.invalid },
    });
    const late = await shopper();
    const res = await late.call('POST', '/api/booking/create', {
      cartItems: [itemFor(products[n]!, { startDate: inDays(60) })],
      address: ADDRESS,
      couponCode: 'PAUSE-K',
    });
    expect({ status: res.statusCode, message: res.json().message }).toEqual({
      status: 400,
      message: COUPON_MESSAGES.invalid,
    });
    await pay(early.s, early.booking);
    expect((await listed('PAUSE-K')).uses).toEqual({ held: 0, counted: 1 });

    const resumed = await patched(coupon.id, { active: true });
    expect(resumed.message).toBe(M.resumed('PAUSE-K'));
    expect(resumed.coupon.status).toBe('active');
    expect((await apply(s, 'PAUSE-K')).statusCode).toBe(200);
  });

  it('an expired coupon is refused as expired, one not yet started as not active yet', async () => {
    const coupon = await created({ code: 'SOON-K', type: 'flat', value: 100 });
    const s = await withCart();
    const soon = await patched(coupon.id, {
      validFrom: new Date(Date.now() + DAY_MS).toISOString(),
    });
    expect(soon.coupon.status).toBe('scheduled');
    expect((await apply(s, 'SOON-K')).json().message).toBe(COUPON_MESSAGES.notYetValid);
    const gone = await patched(coupon.id, {
      validFrom: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      validTo: new Date(Date.now() - DAY_MS).toISOString(),
    });
    expect(gone.coupon.status).toBe('expired');
    expect((await apply(s, 'SOON-K')).json().message).toBe(COUPON_MESSAGES.expired);
  });
});

describe('editing', () => {
  it('changes any attribute, checks the coupon as merged, and refuses what does not fit', async () => {
    const coupon = await created({
      code: 'EDIT-K',
      type: 'flat',
      value: 300,
      validFrom: '2026-01-01T00:00:00+05:30',
    });
    const { coupon: edited, message } = await patched(coupon.id, {
      code: 'edit-k2',
      description: 'Now a percent',
      type: 'percent',
      value: 20,
      minSubtotal: 2999.99,
      maxDiscount: 750.5,
      firstOrderOnly: true,
      perUserLimit: 2,
      totalLimit: 50,
      validTo: '2099-01-01T00:00:00+05:30',
    });
    expect(message).toBe(M.saved('EDIT-K2'));
    expect(edited).toMatchObject({
      id: coupon.id,
      code: 'EDIT-K2',
      description: 'Now a percent',
      type: 'percent',
      value: 20,
      minSubtotal: 2999.99,
      maxDiscount: 750.5,
      firstOrderOnly: true,
      perUserLimit: 2,
      totalLimit: 50,
      validFrom: '2025-12-31T18:30:00.000Z',
      active: true,
    });
    expect(await rowOf('EDIT-K2')).toMatchObject({ value: 20, maxDiscountPaise: 75050 });

    // Only the value: read in the stored type (percent). Clearing a cap with null.
    const cleared = await patched(coupon.id, { value: 35, maxDiscount: null, totalLimit: null });
    expect(cleared.coupon).toMatchObject({ value: 35, maxDiscount: null, totalLimit: null });

    const before = await rowOf('EDIT-K2');
    for (const [body, said] of [
      [{ value: 101 }, M.percent],
      [{ type: 'flat' }, M.typeNeedsValue],
      [{ validTo: '2025-06-01T00:00:00+05:30' }, M.validOrder],
      [{ perUserLimit: 5, totalLimit: 3 }, M.limitsOrder],
      [{}, M.nothingToChange],
      [{ code: 'no spaces' }, M.code],
    ] as const) {
      const res = await patch(coupon.id, body);
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(body)).toEqual({
        status: 400,
        body: { success: false, message: said },
      });
    }
    expect(await rowOf('EDIT-K2')).toEqual(before);

    const missing = await patch('0b6c3c51-3b8e-4a44-9d53-8f1ad3d3d3d3', { active: false });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 404,
      body: { success: false, message: M.notFound },
    });
    expect((await admin.call('GET', '/api/admin/coupons/not-a-uuid')).json().message).toBe(
      M.notFound,
    );
  });
});

describe('a code is taken once, in any case', () => {
  it('creating or renaming to a taken code is a 409 that changes nothing', async () => {
    const count = await couponCount();
    const dup = await create({ code: 'festive20', type: 'percent', value: 5 });
    expect({ status: dup.statusCode, body: dup.json() }).toEqual({
      status: 409,
      body: { success: false, message: M.codeTaken('FESTIVE20') },
    });
    const mine = await created({ code: 'RENAME-K', type: 'percent', value: 5 });
    const renamed = await patch(mine.id, { code: 'Welcome50', description: 'x' });
    expect({ status: renamed.statusCode, body: renamed.json() }).toEqual({
      status: 409,
      body: { success: false, message: M.codeTaken('WELCOME50') },
    });
    expect(await rowOf('RENAME-K')).toMatchObject({ description: '' });
    expect(await couponCount()).toBe(count + 1);
  });

  it('two admins creating the same code at once: one is created, the other told it is taken', async () => {
    const answers = await Promise.all([
      create({ code: 'RACE-K', type: 'percent', value: 5 }),
      create({ code: 'race-k', type: 'flat', value: 50 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      success: false,
      message: M.codeTaken('RACE-K'),
    });
    const rows = await t.database.db
      .select()
      .from(coupons)
      .where(sql`upper(${coupons.code}) = 'RACE-K'`);
    expect(rows).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('is a 400 with a clear message, and nothing is written', async () => {
    const count = await couponCount();
    const base = { code: 'BAD-K', type: 'percent', value: 10 };
    for (const [body, said] of [
      [{ ...base, code: 'ab' }, M.code],
      [{ ...base, code: 'HAS SPACE' }, M.code],
      [{ ...base, code: 'x'.repeat(31) }, M.code],
      [{ ...base, type: 'bogo' }, M.type],
      [{ ...base, value: '10' }, M.value],
      [{ ...base, value: 0 }, M.percent],
      [{ ...base, value: 12.5 }, M.percent],
      [{ ...base, type: 'flat', value: 99.999 }, M.flat],
      [{ ...base, minSubtotal: -1 }, M.minSubtotal],
      [{ ...base, maxDiscount: 0 }, M.maxDiscount],
      [{ ...base, perUserLimit: 1.5 }, M.perUserLimit],
      [{ ...base, totalLimit: 0 }, M.totalLimit],
      [{ ...base, perUserLimit: 3, totalLimit: 2 }, M.limitsOrder],
      [{ ...base, validFrom: 'next week' }, M.validFrom],
      [
        { ...base, validFrom: '2026-12-02T00:00:00Z', validTo: '2026-12-01T00:00:00Z' },
        M.validOrder,
      ],
      [{ ...base, firstOrderOnly: 'yes' }, M.firstOrderOnly],
      [
        { ...base, description: 'tab\there' },
        'Description contains characters that are not allowed',
      ],
    ] as const) {
      const res = await create(body);
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(body)).toEqual({
        status: 400,
        body: { success: false, message: said },
      });
    }
    const filter = await admin.call('GET', '/api/admin/coupons?active=maybe');
    expect(filter.json()).toEqual({ success: false, message: M.activeFilter });
    expect(await couponCount()).toBe(count);
  });
});

describe('who may', () => {
  it('staff and shoppers are refused every coupon route, and nothing is written', async () => {
    const { id } = await created({ code: 'GUARD-K', type: 'percent', value: 5 });
    const count = await couponCount();
    const s = await shopper();
    for (const [who, message] of [
      [staff, ADMIN_MESSAGES.needsAdmin],
      [s, ADMIN_MESSAGES.adminsOnly],
    ] as const) {
      for (const res of [
        await who.call('GET', '/api/admin/coupons'),
        await who.call('GET', `/api/admin/coupons/${id}`),
        await who.call('POST', '/api/admin/coupons', { code: 'SNEAK-K', type: 'flat', value: 1 }),
        await who.call('PATCH', `/api/admin/coupons/${id}`, { active: false }),
      ]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({
          status: 403,
          body: { success: false, message },
        });
      }
    }
    expect(await couponCount()).toBe(count);
    expect((await rowOf('GUARD-K')).active).toBe(true);
  });
});

describe('the list', () => {
  it('searches codes in any case, filters paused ones and pages by 25', async () => {
    for (let i = 0; i < 26; i += 1) {
      await created({ code: `PAGE-K${String(i).padStart(2, '0')}`, type: 'percent', value: 5 });
    }
    const first = await list('?q=page-k');
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(first.coupons).toHaveLength(25);
    // Newest first.
    expect(first.coupons[0]!.code).toBe('PAGE-K25');
    const second = await list('?q=PAGE-K&page=2');
    expect(second.coupons.map((c) => c.code)).toEqual(['PAGE-K00']);

    await patched(second.coupons[0]!.id, { active: false });
    const paused = await list('?q=page-k&active=false');
    expect(paused.coupons.map((c) => c.code)).toEqual(['PAGE-K00']);
    expect((await list('?q=page-k&active=true')).total).toBe(25);
    // The seeded coupons are there too, with their terms in rupees.
    expect(await listed('FESTIVE20')).toMatchObject({
      type: 'percent',
      value: 20,
      minSubtotal: 3000,
      maxDiscount: 1500,
    });
    expect(await listed('FLAT300')).toMatchObject({ type: 'flat', value: 300, minSubtotal: 1500 });
  });
});
