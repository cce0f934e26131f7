import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FULFILMENT_MESSAGES,
  addDays,
  adminBookingDetailResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { bookingCharges, outboxMails, productUnits, unitEvents } from '../../db/schema/index.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

/*
 * Two operators (two API processes on one PostgreSQL database) sending or checking in the same
 * booking at the same moment: each step happens once, the other is told it already did.
 */
describe.runIf(usingPostgres())('dispatch and return races on PostgreSQL', () => {
  const clock = createManualClock(new Date());
  const env = { AUTH_RATE_LIMIT_PER_IP: '100000', JWT_SECRET: 'f'.repeat(40) };
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  let products: Product[];
  let opsA: Shopper;
  let opsB: Shopper;
  let n = 0;

  beforeAll(async () => {
    const database = await createTestDatabase({ seeded: true });
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env });
    b = await createTestApp({ seed: true, database: second, clock, jobs: false, env });
    products = (await catalogueProducts(a)).filter(
      (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
    );
    opsA = await newShopper(a, 'desk-a@pehnava.test');
    await a.services.repos.users.setRole(opsA.id, 'admin');
    opsB = { ...opsA, call: (method, url, payload) => callAs(b, opsA.token, method, url, payload) };
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  async function paidBooking(product: Product, startInDays = 6) {
    const s = await newShopper(a, `race-${++n}@pehnava.test`);
    const created = await checkout(s, [
      itemFor(product, { startDate: addDays(todayInIndia(clock.now()), startInDays) }),
    ]);
    const ids = await paidIds(a, created.orderId!);
    const verified = await s.call('POST', '/api/booking/verify', {
      ...ids,
      bookingId: created.bookingId,
    });
    expect(verified.statusCode).toBe(200);
    return created.bookingId;
  }
  const unitMoves = async (code: string) =>
    a.database.db
      .select({ from: unitEvents.fromState, to: unitEvents.toState })
      .from(unitEvents)
      .innerJoin(productUnits, eq(productUnits.id, unitEvents.unitId))
      .where(eq(productUnits.code, code))
      .orderBy(unitEvents.seq);

  it('dispatching and checking in the same booking from two desks at once happens once each', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await paidBooking(products[round]!);
      const mailsBefore = (await a.database.db.select().from(outboxMails)).length;
      const sent = await Promise.all(
        [opsA, opsB, opsA, opsB].map((ops) =>
          ops.call('POST', `/api/admin/bookings/${id}/dispatch`, {}),
        ),
      );
      expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const messages = sent.map((r) => r.json().message as string);
      expect(messages.filter((m) => m === FULFILMENT_MESSAGES.alreadyDispatched)).toHaveLength(3);
      const booking = adminBookingDetailResponseSchema.parse(sent[0]!.json()).booking;
      const item = booking.items[0]!;
      expect(booking.audit.filter((e) => e.action === 'dispatch')).toHaveLength(1);
      // One status mail for the one dispatch.
      expect((await a.database.db.select().from(outboxMails)).length).toBe(mailsBefore + 1);

      const back = await Promise.all(
        [opsA, opsB, opsB, opsA].map((ops) =>
          ops.call('POST', `/api/admin/bookings/${id}/return`, {
            items: [{ itemId: item._id, condition: 'needs-repair' }],
          }),
        ),
      );
      expect(back.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(
        back.filter((r) => r.json().message === FULFILMENT_MESSAGES.alreadyReturned),
      ).toHaveLength(3);
      expect(await unitMoves(item.unitCode!)).toEqual([
        { from: 'in-service', to: 'out' },
        { from: 'out', to: 'repair' },
      ]);
    }
  });

  it('the late-fee job on two processes at once, and a return meanwhile, charge each late day once', async () => {
    // Soon, so that the sessions outlive the clock's move.
    const id = await paidBooking(products[10]!, 1);
    const sent = await opsA.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
    const item = adminBookingDetailResponseSchema.parse(sent.json()).booking.items[0]!;
    const start = clock.now();
    clock.set(new Date(`${addDays(item.endDate, 3)}T06:30:00Z`));
    try {
      const [, , back] = await Promise.all([
        a.services.jobs.runNow(LATE_FEES_JOB),
        b.services.jobs.runNow(LATE_FEES_JOB),
        opsB.call('POST', `/api/admin/bookings/${id}/return`, {
          items: [{ itemId: item._id, condition: 'good' }],
        }),
        a.services.charges.accrueDue({ id: null, email: 'test', role: 'system' }),
      ]);
      expect(back.statusCode).toBe(200);
      const rows = await a.database.db
        .select({ day: bookingCharges.day, status: bookingCharges.status })
        .from(bookingCharges)
        .where(eq(bookingCharges.bookingId, id));
      expect(rows.map((r) => r.day).sort()).toEqual([1, 2, 3].map((d) => addDays(item.endDate, d)));
      expect(rows.every((r) => r.status === 'due')).toBe(true);
    } finally {
      clock.set(start);
    }
  });
});
