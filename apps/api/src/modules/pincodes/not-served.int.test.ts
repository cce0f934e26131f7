import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  FIELD_MESSAGES,
  PINCODE_MESSAGES,
  addDays,
  notServedCreatedResponseSchema,
  notServedListResponseSchema,
  notServedRemovedResponseSchema,
  pincodeResponseSchema,
  todayInIndia,
  type NotServedEntry,
  type Product,
} from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { bookings, unservedPincodes } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, itemFor } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';
import { createPincodeDirectory } from './pincode-directory.js';

/*
 * The console's list of pincodes not served (issue [O] §3; decision 068): admins add and remove
 * prefixes beside NOT_SERVED_PINCODES; GET /api/pincode and checkout follow at once; what is
 * refused changes nothing; and a change made through one API process is served by another within
 * a second (LISTEN/NOTIFY). On PGlite and on PostgreSQL.
 */
const clock = createManualClock(new Date('2026-12-01T04:30:00Z'));
const URL_LIST = '/api/admin/pincodes/not-served';
const directory = createPincodeDirectory();
const env = { NOT_SERVED_PINCODES: '744', AUTH_RATE_LIMIT_PER_IP: '1000' };
let t: TestApp;
let products: Product[];
let admin: Shopper;
let staff: Shopper;
let shopper: Shopper;

beforeAll(async () => {
  t = await createTestApp({ seed: true, clock, jobs: false, changeFeed: true, env });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'not-served-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  staff = await newShopper(t, 'not-served-staff@pehnava.test');
  await t.services.repos.users.setRole(staff.id, 'staff');
  shopper = await newShopper(t, 'not-served-shopper@pehnava.test');
});
afterAll(async () => {
  await t.close();
});

const list = async (as: Shopper = admin) => {
  const res = await as.call('GET', URL_LIST);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return notServedListResponseSchema.parse(res.json()).notServed;
};
const add = (body: object, as: Shopper = admin) => as.call('POST', URL_LIST, body);
const remove = (prefix: string, as: Shopper = admin) =>
  as.call('DELETE', `${URL_LIST}/${encodeURIComponent(prefix)}`);
const servedOn = async (app: TestApp, pincode: string) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/pincode/${pincode}` });
  expect(res.statusCode, res.body).toBe(200);
  return pincodeResponseSchema.parse(res.json()).served;
};
const rows = () => t.database.db.select().from(unservedPincodes);

const CONFIGURED: NotServedEntry = {
  prefix: '744',
  note: '',
  createdAt: null,
  source: 'configuration',
  pincodes: directory.countWithPrefix('744'),
};

describe('the list of pincodes not served', () => {
  it('lists configuration’s, then an admin adds a prefix with a note, and removes it', async () => {
    expect(await list()).toEqual([CONFIGURED]);
    expect(CONFIGURED.pincodes).toBe(22);

    const res = await add({ prefix: ' 302 ', note: '  Courier paused in Jaipur  ' });
    expect(res.statusCode, res.body).toBe(201);
    const { entry, message } = notServedCreatedResponseSchema.parse(res.json());
    expect(entry).toEqual({
      prefix: '302',
      note: 'Courier paused in Jaipur',
      createdAt: expect.any(String) as string,
      source: 'console',
      pincodes: 31,
    });
    expect(message).toBe(PINCODE_MESSAGES.prefixAdded('302', 31));
    expect(await list()).toEqual([entry, CONFIGURED]);
    const [row] = await rows();
    expect(row).toMatchObject({ prefix: '302', createdBy: admin.id });

    const gone = await remove('302');
    expect(gone.statusCode, gone.body).toBe(200);
    expect(notServedRemovedResponseSchema.parse(gone.json())).toEqual({
      success: true,
      message: PINCODE_MESSAGES.prefixRemoved('302'),
      prefix: '302',
    });
    expect(await list()).toEqual([CONFIGURED]);
    expect(await rows()).toEqual([]);
  });

  it('a whole pincode is a prefix too; the note may be left out', async () => {
    const res = await add({ prefix: '682028' });
    expect(res.statusCode, res.body).toBe(201);
    expect(notServedCreatedResponseSchema.parse(res.json())).toMatchObject({
      message: PINCODE_MESSAGES.prefixAdded('682028', 1),
      entry: { prefix: '682028', note: '', pincodes: 1 },
    });
    expect(await servedOn(t, '682028')).toBe(false);
    expect(await servedOn(t, '682001')).toBe(true);
    expect((await remove('682028')).statusCode).toBe(200);
    expect(await servedOn(t, '682028')).toBe(true);
  });

  it('refuses a bad prefix, one covering no pincode or the warehouse’s, with 400; nothing changes', async () => {
    const cases: [object, string][] = [
      [{ prefix: '0' }, PINCODE_MESSAGES.prefixInvalid],
      [{ prefix: '012' }, PINCODE_MESSAGES.prefixInvalid],
      [{ prefix: '' }, PINCODE_MESSAGES.prefixInvalid],
      [{ prefix: '1234567' }, PINCODE_MESSAGES.prefixInvalid],
      [{ prefix: '30a' }, PINCODE_MESSAGES.prefixInvalid],
      [{ prefix: 302 }, PINCODE_MESSAGES.prefixInvalid],
      [{}, PINCODE_MESSAGES.prefixInvalid],
      [{ prefix: '999' }, PINCODE_MESSAGES.prefixCoversNone('999')],
      [{ prefix: '100000' }, PINCODE_MESSAGES.prefixCoversNone('100000')],
      [{ prefix: '4' }, PINCODE_MESSAGES.prefixCoversWarehouse('4', '400001')],
      [{ prefix: '400' }, PINCODE_MESSAGES.prefixCoversWarehouse('400', '400001')],
      [{ prefix: '400001' }, PINCODE_MESSAGES.prefixCoversWarehouse('400001', '400001')],
      [{ prefix: '302', note: 'x'.repeat(201) }, FIELD_MESSAGES.tooLong('Note', 200)],
      [{ prefix: '302', note: 'a\u0000b' }, FIELD_MESSAGES.notAllowed('Note')],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ success: false, message });
    }
    expect(await rows()).toEqual([]);
    expect(await list()).toEqual([CONFIGURED]);
  });

  it('refuses a prefix listed already, or inside one listed, with 409; nothing changes', async () => {
    expect((await add({ prefix: '302', note: 'first' })).statusCode).toBe(201);
    const cases: [string, string][] = [
      ['302', PINCODE_MESSAGES.prefixListed('302')],
      ['3020', PINCODE_MESSAGES.prefixCoveredBy('3020', '302')],
      ['302001', PINCODE_MESSAGES.prefixCoveredBy('302001', '302')],
      ['744', PINCODE_MESSAGES.prefixInConfiguration('744')],
      ['7441', PINCODE_MESSAGES.prefixCoveredBy('7441', '744')],
    ];
    for (const [prefix, message] of cases) {
      const res = await add({ prefix, note: 'again' });
      expect(res.statusCode, prefix).toBe(409);
      expect(res.json(), prefix).toEqual({ success: false, message });
    }
    expect((await rows()).map((r) => [r.prefix, r.note])).toEqual([['302', 'first']]);

    // Two admins adding the same prefix at once: one is listed, the other told so.
    const both = await Promise.all([add({ prefix: '1100' }), add({ prefix: '1100' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await remove('1100')).statusCode).toBe(200);
    expect((await remove('302')).statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('removing: one not listed is a 404, configuration’s a 409, a bad prefix a 400', async () => {
    const cases: [string, number, string][] = [
      ['5', 404, PINCODE_MESSAGES.prefixNotListed('5')],
      ['744', 409, PINCODE_MESSAGES.prefixInConfiguration('744')],
      ['0', 400, PINCODE_MESSAGES.prefixInvalid],
      ['abc', 400, PINCODE_MESSAGES.prefixInvalid],
    ];
    for (const [prefix, status, message] of cases) {
      const res = await remove(prefix);
      expect(res.statusCode, prefix).toBe(status);
      expect(res.json(), prefix).toEqual({ success: false, message });
    }
    expect(await list()).toEqual([CONFIGURED]);
  });

  it('is for admins: a visitor 401, a shopper and a staff login 403, and nothing changes', async () => {
    const calls = [
      ['GET', URL_LIST, undefined],
      ['POST', URL_LIST, { prefix: '302' }],
      ['DELETE', `${URL_LIST}/744`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const mine = await shopper.call(method, url, payload);
      expect(mine.statusCode, `${method} ${url}`).toBe(403);
      expect(mine.json()).toEqual({ success: false, message: ADMIN_MESSAGES.adminsOnly });
      const packer = await staff.call(method, url, payload);
      expect(packer.statusCode, `${method} ${url}`).toBe(403);
      expect(packer.json()).toEqual({ success: false, message: ADMIN_MESSAGES.needsAdmin });
    }
    expect(await rows()).toEqual([]);
  });
});

describe('the shop follows the list at once', () => {
  const JAIPUR = { ...ADDRESS, city: 'Jaipur', state: 'Rajasthan', pincode: '302001' };
  const bookingsOf = (userId: string) =>
    t.database.db.select().from(bookings).where(eq(bookings.userId, userId));

  it('a prefix added: the lookup says not served and checkout refuses it; removed: served again', async () => {
    const buyer = await newShopper(t, 'not-served-buyer@pehnava.test');
    const item = itemFor(products[0]!, { startDate: addDays(todayInIndia(clock.now()), 10) });
    const checkout = () =>
      buyer.call('POST', '/api/booking/create', { cartItems: [item], address: JAIPUR });
    expect(await servedOn(t, '302001')).toBe(true);

    expect((await add({ prefix: '302', note: 'Monsoon floods' })).statusCode).toBe(201);
    expect(await servedOn(t, '302001')).toBe(false);
    expect(await servedOn(t, '302017')).toBe(false);
    expect(await servedOn(t, '301001')).toBe(true);
    const refused = await checkout();
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message: PINCODE_MESSAGES.notServed('302001'),
    });
    expect(await bookingsOf(buyer.id)).toEqual([]);

    expect((await remove('302')).statusCode).toBe(200);
    expect(await servedOn(t, '302001')).toBe(true);
    const ok = await checkout();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await bookingsOf(buyer.id)).toHaveLength(1);
  });

  it('a row written by hand (SQL, another tool) is served within a second through the change feed', async () => {
    await t.database.db.insert(unservedPincodes).values({ prefix: '5600', note: 'by hand' });
    await expect.poll(() => servedOn(t, '560001'), { timeout: 1000, interval: 25 }).toBe(false);
    await t.database.db.delete(unservedPincodes).where(eq(unservedPincodes.prefix, '5600'));
    await expect.poll(() => servedOn(t, '560001'), { timeout: 1000, interval: 25 }).toBe(true);
  });
});

describe.runIf(usingPostgres())('two API processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  let boss: Shopper;

  beforeAll(async () => {
    const database = await createTestDatabase();
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 4 });
    a = await createTestApp({ database, jobs: false, changeFeed: true, env });
    b = await createTestApp({ database: second, jobs: false, changeFeed: true, env });
    boss = await newShopper(a, 'not-served-boss@pehnava.test');
    await a.services.repos.users.setRole(boss.id, 'admin');
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** Milliseconds until `check` holds, or undefined after `ms`. */
  const within = async (ms: number, check: () => Promise<boolean>) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return undefined;
  };

  it('a prefix added through one is refused by the other within a second, and served again once removed', async () => {
    expect(await servedOn(b, '781001')).toBe(true);
    const res = await boss.call('POST', URL_LIST, { prefix: '781', note: 'Assam: courier paused' });
    expect(res.statusCode, res.body).toBe(201);
    // The process that wrote it serves it before it answered.
    expect(await servedOn(a, '781001')).toBe(false);
    const seen = await within(1000, async () => !(await servedOn(b, '781001')));
    expect(seen, 'the other process refused it within a second').toBeDefined();
    expect(() => b.services.pincodes.deliveryTo('781001')).toThrow(
      PINCODE_MESSAGES.notServed('781001'),
    );

    const gone = await boss.call('DELETE', `${URL_LIST}/781`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await servedOn(a, '781001')).toBe(true);
    const back = await within(1000, () => servedOn(b, '781001'));
    expect(back, 'the other process served it again within a second').toBeDefined();
  });
});
