import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingNumber, type Product } from '@pehnava/shared';
import {
  bookingItems,
  bookings,
  couponUses,
  coupons,
  outboxMails,
  productUnits,
  unitReservations,
} from '../../db/schema/index.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { REFUNDS_JOB, SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { callAs } from '../../test/accounts.js';
import { ADDRESS, checkout, itemFor, paidIds } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import {
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  sizeOf,
  type Shopper,
} from '../../test/shopping.js';

/*
 * Races on PostgreSQL, with two app instances (as two API processes) on one database: many
 * shoppers for the last unit, many for a single-use coupon, and one payment result arriving
 * many times by both paths at once.
 */
describe.runIf(usingPostgres())('checkout races on PostgreSQL', () => {
  const clock = createManualClock(new Date());
  const env = { AUTH_RATE_LIMIT_PER_IP: '100000', JWT_SECRET: 'r'.repeat(40) };
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  let products: Product[];

  beforeAll(async () => {
    const database = await createTestDatabase({ seeded: true });
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 15 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env });
    b = await createTestApp({ seed: true, database: second, clock, jobs: false, env });
    products = (await catalogueProducts(a)).filter((p) => rentable(p) && p.category !== 'luxury');
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /**
   * `count` shoppers signed up (in parallel) through app a, half of them then calling through app
   * b: one session secret, so a token works on both, as behind a load balancer.
   */
  async function shoppers(prefix: string, count: number): Promise<Shopper[]> {
    const made = await Promise.all(
      Array.from({ length: count }, (_, i) => newShopper(a, `${prefix}-${i}@pehnava.test`)),
    );
    return made.map((s, i) =>
      i % 2 === 0
        ? s
        : { ...s, call: (method, url, payload) => callAs(b, s.token, method, url, payload) },
    );
  }

  it('50 shoppers checking out the last free units at once leave as many bookings as units', async () => {
    const p = products[0]!;
    const size = sizeOf(p);
    const units = await a.database.db
      .select()
      .from(productUnits)
      .where(and(eq(productUnits.productId, p._id), eq(productUnits.size, size)));
    const crowd = await shoppers('unit', 50);
    // Overlapping dates: each starts a day after the one before, for 4 days.
    const results = await Promise.all(
      crowd.map((s, i) =>
        s.call('POST', '/api/booking/create', {
          cartItems: [itemFor(p, { duration: 4, startDate: inDays(20 + (i % 3)) })],
          address: ADDRESS,
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(units.length);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(
        `${p.name} (${size}) is no longer available for those dates`,
      );
    }
    const held = await a.database.db
      .select({ unitId: unitReservations.unitId })
      .from(unitReservations)
      .innerJoin(productUnits, eq(productUnits.id, unitReservations.unitId))
      .where(and(eq(productUnits.productId, p._id), eq(unitReservations.active, true)));
    expect(held).toHaveLength(units.length);
    expect(new Set(held.map((h) => h.unitId)).size).toBe(units.length);
    // A refused checkout wrote nothing.
    const written = await a.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        inArray(
          bookings.userId,
          crowd.map((s) => s.id),
        ),
      );
    expect(written).toHaveLength(units.length);
  });

  it('50 shoppers racing for a single-use coupon leave one use', async () => {
    await a.database.db.insert(coupons).values({
      code: 'ONLYONE',
      type: 'percent',
      value: 10,
      totalLimit: 1,
    });
    const crowd = await shoppers('coupon', 50);
    // Each on a product and dates of their own, so only the coupon is contested.
    const results = await Promise.all(
      crowd.map((s, i) =>
        s.call('POST', '/api/booking/create', {
          cartItems: [
            itemFor(products[1 + (i % 40)]!, { startDate: inDays(30 + Math.floor(i / 40) * 20) }),
          ],
          address: ADDRESS,
          couponCode: 'onlyone',
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode !== 200 && r.statusCode !== 409 && r.statusCode !== 400),
    ).toEqual([]);
    const [coupon] = await a.database.db.select().from(coupons).where(eq(coupons.code, 'ONLYONE'));
    const uses = await a.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.couponId, coupon!.id));
    expect(uses.filter((u) => u.status !== 'released')).toHaveLength(1);
  });

  it('a payment result replayed 10 times, callback and webhook interleaved, confirms once and mails once', async () => {
    const [s] = await shoppers('replay', 1);
    // One app holds the sandbox's keys: pay and verify there; the webhook goes to both.
    const p = products[45]!;
    const created = await checkout(s!, [itemFor(p)]);
    const ids = await paidIds(a, created.orderId!);
    clock.advance(10_000);
    const verifies = Array.from({ length: 10 }, () =>
      s!.call('POST', '/api/booking/verify', { ...ids, bookingId: created.bookingId }),
    );
    const webhooks = [a.runJob(SANDBOX_WEBHOOKS_JOB)];
    const answers = await Promise.all(verifies);
    await Promise.all(webhooks);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [row] = await a.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, created.bookingId));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'completed' });
    const mails = (
      await a.database.db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.kind, 'booking-confirmed'))
    ).filter((m) => m.subject.includes(bookingNumber(created.bookingId)));
    expect(mails).toHaveLength(1);
    const items = await a.database.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, created.bookingId));
    expect(items).toHaveLength(1);
  });

  it('a cancellation asked twice at once (two tabs) refunds once, and two refund runners pay it once', async () => {
    const [s] = await shoppers('cancel', 1);
    const created = await checkout(s!, [itemFor(products[46]!)]);
    const ids = await paidIds(a, created.orderId!);
    expect(
      (await s!.call('POST', '/api/booking/verify', { ...ids, bookingId: created.bookingId }))
        .statusCode,
    ).toBe(200);
    const answers = await Promise.all([
      callAs(a, s!.token, 'POST', `/api/booking/${created.bookingId}/cancel`),
      callAs(b, s!.token, 'POST', `/api/booking/${created.bookingId}/cancel`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await a.services.repos.payments.refundsOf(created.bookingId)).toHaveLength(1);
    // Both processes' refunds jobs at once: the refund is asked of the provider once.
    const runs = await Promise.all([a.runJob(REFUNDS_JOB), b.runJob(REFUNDS_JOB)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    const payment = await a.services.provider.fetchPayment(ids.razorpay_payment_id);
    expect(payment.status).toBe('refunded');
  });

  it('a shopper and an operator cancelling at once, and two operators, refund once', async () => {
    const [s, operator, other] = await shoppers('both', 3);
    for (const staff of [operator!, other!]) {
      await a.services.repos.users.setRole(staff.id, 'admin');
    }
    const created = await checkout(s!, [itemFor(products[47]!)]);
    const ids = await paidIds(a, created.orderId!);
    await s!.call('POST', '/api/booking/verify', { ...ids, bookingId: created.bookingId });
    const answers = await Promise.all([
      s!.call('POST', `/api/booking/${created.bookingId}/cancel`),
      operator!.call('POST', `/api/admin/bookings/${created.bookingId}/cancel`, {
        reason: 'out of stock',
      }),
      other!.call('POST', `/api/admin/bookings/${created.bookingId}/cancel`, {
        reason: 'duplicate',
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await a.services.repos.payments.refundsOf(created.bookingId)).toHaveLength(1);
  });
});
