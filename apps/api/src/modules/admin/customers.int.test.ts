import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  CUSTOMER_MESSAGES,
  adminCustomerDetailResponseSchema,
  adminCustomersResponseSchema,
  anonymiseCustomerResponseSchema,
  bookingNumber,
  type Product,
} from '@pehnava/shared';
import {
  bookingCharges,
  bookingEvents,
  bookingItems,
  bookings,
  cartItems,
  subscriptions,
  users,
  wishlistItems,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADDRESS, checkout, itemFor, paidIds } from '../../test/checkout.js';
import {
  addBody,
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  subscribe,
  type Shopper,
} from '../../test/shopping.js';
import { ANONYMISED_ACTION } from './customers.service.js';

/*
 * The Customers screen's API (issue [K]): find a customer by name, e-mail or phone; read their
 * bookings, plan, charges and mails; anonymise them on request, exactly as deleting the account
 * does (DECISIONS.md 'Accounts'), once, by admins only. On PGlite and on PostgreSQL.
 */
let t: TestApp;
let products: Product[];
let admin: Shopper;
let otherAdmin: Shopper;
let staff: Shopper;
let n = 0;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    jobs: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'customers-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
  otherAdmin = await newShopper(t, 'customers-admin-2@pehnava.test');
  await t.services.repos.users.setRole(otherAdmin.id, 'admin');
  staff = await newShopper(t, 'customers-staff@pehnava.test');
  await t.services.repos.users.setRole(staff.id, 'staff');
});
afterAll(async () => {
  await t.close();
});

/** A new shopper with this name and profile phone, and their e-mail. */
async function customer(name: string, phone = '') {
  const email = `customer-${++n}@pehnava.test`;
  const s = await newShopper(t, email);
  const res = await s.call('POST', '/api/user/update-profile', { name, phone });
  expect(res.statusCode, res.body).toBe(200);
  return Object.assign(s, { email });
}

/** A paid booking of one piece for `s`, delivered to `phone`. */
async function paidBooking(s: Shopper, phone: string = ADDRESS.phone) {
  const created = await checkout(s, [itemFor(products[++n]!, { startDate: inDays(25 + n) })], {
    address: { ...ADDRESS, phone },
  });
  const verified = await s.call('POST', '/api/booking/verify', {
    ...(await paidIds(t, created.orderId!)),
    bookingId: created.bookingId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return created.bookingId;
}

const search = async (q: string, who: Shopper = admin) => {
  const res = await who.call('GET', `/api/admin/customers?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return adminCustomersResponseSchema.parse(res.json());
};
const found = async (q: string) => (await search(q)).customers.map((c) => c.id);
const detailOf = async (id: string) => {
  const res = await admin.call('GET', `/api/admin/customers/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminCustomerDetailResponseSchema.parse(res.json());
};
const anonymise = (id: string, who: Shopper = admin, reason = 'Asked by e-mail on 3 Dec') =>
  who.call('POST', `/api/admin/customers/${id}/anonymise`, { reason });

describe('finding a customer', () => {
  it('by any part of the name or e-mail in any case, or by the digits of a phone', async () => {
    const anjali = await customer('Anjali Deshmukh', '98111 22233');
    const other = await customer('Rohan Kapoor', '9000011111');
    // A shopper with no phone on the account, found by the phone they gave at checkout.
    const meher = await customer('Meher Sethi');
    await paidBooking(meher, '9000077777');

    for (const q of [
      'deshMUKH',
      'anjali d',
      anjali.email.toUpperCase(),
      anjali.email.slice(2, 12),
    ]) {
      expect(await found(q), q).toContain(anjali.id);
    }
    expect(await found('deshmukh')).not.toContain(other.id);
    for (const q of ['98111 22233', '+91 98111-22233', '919811122233', '22233']) {
      const ids = await found(q);
      expect(ids, q).toContain(anjali.id);
      expect(ids, q).not.toContain(other.id);
    }
    expect(await found('90000 77777')).toEqual([meher.id]);
    // Three digits are too few to mean a phone.
    expect(await found('981')).not.toContain(anjali.id);
    expect(await found('no-such-customer-anywhere')).toEqual([]);
  });

  it('lists each with plan, paid bookings and charges due; 25 a page with the total', async () => {
    const priya = await customer('Priya Raman', '9822233344');
    const id = await paidBooking(priya);
    await subscribe(t, priya.id, 'plus');
    const [item] = await t.database.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, id));
    await t.database.db.insert(bookingCharges).values({
      bookingId: id,
      bookingItemId: item!.id,
      kind: 'damage',
      amountPaise: 500_00,
      reason: 'A torn hem',
      createdAt: new Date(),
    });
    const { customers, total, page, pageSize } = await search('priya raman');
    expect({ total, page, pageSize }).toEqual({ total: 1, page: 1, pageSize: 25 });
    expect(customers[0]).toMatchObject({
      id: priya.id,
      name: 'Priya Raman',
      phone: '9822233344',
      role: 'user',
      plan: 'plus',
      bookings: 1,
      amountDue: 500,
    });

    const all = await search('');
    expect(all.customers).toHaveLength(Math.min(25, all.total));
    const second = await admin.call('GET', '/api/admin/customers?page=2');
    expect(adminCustomersResponseSchema.parse(second.json()).page).toBe(2);
    const bad = await admin.call('GET', '/api/admin/customers?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);

    // The detail: profile, plan, bookings, the charge due and the mails (no bodies).
    const detail = await detailOf(priya.id);
    expect(detail.customer).toMatchObject({ name: 'Priya Raman', plan: 'plus', amountDue: 500 });
    expect(detail.subscription).toMatchObject({ plan: 'plus', isActive: true });
    expect(detail.bookings).toEqual([
      expect.objectContaining({
        bookingId: id,
        bookingNumber: bookingNumber(id),
        status: 'confirmed',
        paymentStatus: 'completed',
      }),
    ]);
    expect(detail.chargesDue).toEqual([
      expect.objectContaining({ bookingId: id, kind: 'damage', amount: 500, reason: 'A torn hem' }),
    ]);
    const kinds = detail.mails.map((m) => m.kind);
    expect(kinds).toContain('otp');
    expect(kinds).toContain('booking-confirmed');
    expect(detail.mails.find((m) => m.kind === 'otp')!.subject).toBe(
      'Your Pehnava verification code',
    );
    for (const mail of detail.mails) {
      expect(Object.keys(mail).sort()).toEqual(['createdAt', 'kind', 'status', 'subject']);
    }
  });

  it('answers an unknown customer 404 and a malformed id 400', async () => {
    const missing = await admin.call(
      'GET',
      '/api/admin/customers/0b6c3c51-3b8e-4a44-9d53-8f1ad3d3d3d3',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: CUSTOMER_MESSAGES.notFound });
    const bad = await admin.call('GET', '/api/admin/customers/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});

describe('anonymising a customer', () => {
  it('removes the account, cart, wishlist, plan and sessions; keeps paid bookings bare', async () => {
    const leaving = await customer('Kiran Bedi', '9833344455');
    const paid = await paidBooking(leaving);
    const unpaid = await checkout(leaving, [itemFor(products[++n]!, { startDate: inDays(40) })]);
    expect((await leaving.call('POST', '/api/cart/add', addBody(products[++n]!))).statusCode).toBe(
      200,
    );
    const saved = await leaving.call('POST', '/api/wishlist/add', { productId: products[n]!._id });
    expect(saved.statusCode).toBe(200);
    await subscribe(t, leaving.id, 'pro');

    const res = await anonymise(leaving.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(anonymiseCustomerResponseSchema.parse(res.json())).toEqual({
      success: true,
      message: CUSTOMER_MESSAGES.anonymised(1),
      keptBookings: 1,
    });

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, leaving.id))).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, leaving.id))).toEqual([]);
    expect(
      await db.select().from(wishlistItems).where(eq(wishlistItems.userId, leaving.id)),
    ).toEqual([]);
    expect(
      await db.select().from(subscriptions).where(eq(subscriptions.userId, leaving.id)),
    ).toEqual([]);
    const profile = await leaving.call('GET', '/api/user/profile');
    expect(profile.statusCode).toBe(401);

    const [kept] = await db.select().from(bookings).where(eq(bookings.id, paid));
    expect(kept).toMatchObject({ userId: null, paymentStatus: 'completed' });
    expect(kept!.deliveryAddress).toEqual({
      ...ADDRESS,
      name: '',
      phone: '',
      street: '',
      landmark: '',
    });
    expect(await db.select().from(bookings).where(eq(bookings.id, unpaid.bookingId))).toEqual([]);
    // The booking kept says who anonymised the shopper and why, and nothing of what was removed.
    const events = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, paid));
    const entry = events.find((e) => e.action === ANONYMISED_ACTION)!;
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: 'customers-admin@pehnava.test',
      actorRole: 'admin',
      note: 'Asked by e-mail on 3 Dec',
    });
    expect(JSON.stringify(entry)).not.toMatch(/Kiran|9833344455|customer-\d+@/);

    // The log records it too, naming the customer by id only.
    const logged = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'customer anonymised by an operator');
    expect(logged).toEqual([
      expect.objectContaining({
        customerId: leaving.id,
        operatorId: admin.id,
        keptBookings: 1,
        reason: 'Asked by e-mail on 3 Dec',
      }),
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/Kiran|9833344455|customer-\d+@/);

    expect(await found('Kiran Bedi')).toEqual([]);
    expect(await found('98333 44455')).toEqual([]);

    // Twice: a clear 404, and nothing changes.
    const again = await anonymise(leaving.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: CUSTOMER_MESSAGES.notFound });
    expect(await db.select().from(bookings).where(eq(bookings.id, paid))).toEqual([kept]);
    expect(
      (await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, paid))).length,
    ).toBe(events.length);
  });

  it('two admins at once: one anonymises, the other is told it is gone, nothing breaks', async () => {
    const s = await customer('Dev Malhotra', '9844455566');
    const paid = await paidBooking(s);
    const answers = await Promise.all([anonymise(s.id), anonymise(s.id, otherAdmin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((a) => a.statusCode === 404)!.json().message).toBe(
      CUSTOMER_MESSAGES.notFound,
    );
    const events = await t.database.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, paid));
    expect(events.filter((e) => e.action === ANONYMISED_ACTION)).toHaveLength(1);
    const [kept] = await t.database.db.select().from(bookings).where(eq(bookings.id, paid));
    expect(kept).toMatchObject({ userId: null, paymentStatus: 'completed' });
    expect((await admin.call('GET', `/api/admin/customers/${s.id}`)).statusCode).toBe(404);
  });

  it("refuses an operator's account and your own (409), and a missing reason (400)", async () => {
    const cases: [Shopper, string][] = [
      [admin, CUSTOMER_MESSAGES.notYourself],
      [otherAdmin, CUSTOMER_MESSAGES.operatorAccount('admin')],
      [staff, CUSTOMER_MESSAGES.operatorAccount('staff')],
    ];
    for (const [who, message] of cases) {
      const res = await anonymise(who.id);
      expect(res.statusCode, message).toBe(409);
      expect(res.json()).toEqual({ success: false, message });
      expect((await who.call('GET', '/api/user/profile')).statusCode).toBe(200);
    }
    const s = await customer('Isha Rao');
    for (const body of [{}, { reason: '   ' }]) {
      const res = await admin.call('POST', `/api/admin/customers/${s.id}/anonymise`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Reason is required' });
    }
    expect((await s.call('GET', '/api/user/profile')).statusCode).toBe(200);
  });

  it('is for admins only: staff and shoppers get 403 and change nothing', async () => {
    const s = await customer('Neel Joshi', '9855566677');
    const shopper = await customer('Someone Else');
    const calls = [
      ['GET', '/api/admin/customers?q=neel'],
      ['GET', `/api/admin/customers/${s.id}`],
      ['POST', `/api/admin/customers/${s.id}/anonymise`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { reason: 'asked' } : undefined;
      const byStaff = await staff.call(method, url, payload);
      expect(byStaff.statusCode, url).toBe(403);
      expect(byStaff.json()).toEqual({ success: false, message: ADMIN_MESSAGES.needsAdmin });
      const byShopper = await shopper.call(method, url, payload);
      expect(byShopper.statusCode, url).toBe(403);
      expect(byShopper.json()).toEqual({ success: false, message: ADMIN_MESSAGES.adminsOnly });
    }
    expect((await s.call('GET', '/api/user/profile')).statusCode).toBe(200);
    expect(await found('neel joshi')).toEqual([s.id]);
  });
});
