import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  adminBookingDetailResponseSchema,
  payBalanceResponseSchema,
  todayInIndia,
  type Product,
} from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { bookingCharges, captures, outboxMails, payments, refunds } from '../../db/schema/index.js';
import { BOOKING_HOLDS_JOB, SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { LATE_FEES_JOB } from '../../jobs/unit-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { callAs } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { catalogueProducts, newShopper, rentable, type Shopper } from '../../test/shopping.js';

/*
 * A balance payment reported many ways at once on two API processes (the browser's verify from
 * two tabs, the webhook, the return page's confirm, the reconciliation), and an operator waiving
 * a charge at the same moment: the payment is decided once, and the books add up whichever came
 * first. Two orders for overlapping charges paid at once: a charge is paid once. One piece
 * reported in the fit window from two tabs at once: one report, one refund.
 */
describe.runIf(usingPostgres())(
  'after-rental races on PostgreSQL: balances and the fit window',
  () => {
    const clock = createManualClock(new Date());
    const env = { AUTH_RATE_LIMIT_PER_IP: '100000', JWT_SECRET: 'e'.repeat(40) };
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
      b = await createTestApp({
        seed: true,
        database: second,
        clock,
        jobs: false,
        env,
        sameDeploymentAs: a,
      });
      products = (await catalogueProducts(a)).filter(
        (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
      );
      opsA = await newShopper(a, 'balance-desk-a@pehnava.test');
      await a.services.repos.users.setRole(opsA.id, 'admin');
      opsB = {
        ...opsA,
        call: (method, url, payload) => callAs(b, opsA.token, method, url, payload),
      };
    }, 120_000);
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    /** A shopper (callable on both processes) owing two late fees on a piece still out. */
    async function owing() {
      const start = new Date();
      clock.set(start);
      const email = `balance-race-${++n}@pehnava.test`;
      const s = await newShopper(a, email);
      const onB: Shopper = {
        ...s,
        call: (method, url, payload) => callAs(b, s.token, method, url, payload),
      };
      const created = await checkout(s, [
        itemFor(products[n]!, { startDate: addDays(todayInIndia(clock.now()), 1), duration: 2 }),
      ]);
      const verified = await s.call('POST', '/api/booking/verify', {
        ...(await paidIds(a, created.orderId!)),
        bookingId: created.bookingId,
      });
      expect(verified.statusCode).toBe(200);
      const sent = await opsA.call('POST', `/api/admin/bookings/${created.bookingId}/dispatch`, {});
      const item = adminBookingDetailResponseSchema.parse(sent.json()).booking.items[0]!;
      clock.set(new Date(`${addDays(item.endDate, 2)}T06:30:00Z`));
      await a.services.jobs.runNow(LATE_FEES_JOB);
      return { s, onB, email, id: created.bookingId, item };
    }

    /** The books of one booking's balance: what was paid, refunded and is still due. */
    async function books(bookingId: string) {
      const charges = await a.database.db
        .select()
        .from(bookingCharges)
        .where(eq(bookingCharges.bookingId, bookingId));
      const orders = await a.database.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, bookingId));
      const balanceOrders = orders.filter((o) => o.purpose === 'balance').map((o) => o.id);
      const decided =
        balanceOrders.length > 0
          ? await a.database.db
              .select()
              .from(captures)
              .where(inArray(captures.orderId, balanceOrders))
          : [];
      const given =
        balanceOrders.length > 0
          ? await a.database.db
              .select()
              .from(refunds)
              .where(inArray(refunds.paymentId, balanceOrders))
          : [];
      const total = (rows: { amountPaise: number }[]) =>
        rows.reduce((s, r) => s + r.amountPaise, 0);
      return {
        charges,
        applied: decided.filter((c) => c.outcome === 'applied'),
        refused: decided.filter((c) => c.outcome === 'refunded'),
        paidPaise: total(charges.filter((c) => c.status === 'paid')),
        appliedPaise: total(decided.filter((c) => c.outcome === 'applied')),
        refusedPaise: total(decided.filter((c) => c.outcome === 'refunded')),
        refundedPaise: total(given),
      };
    }

    it('one payment reported eight ways on two processes while a charge is waived: decided once, books balanced', async () => {
      for (let round = 0; round < 6; round += 1) {
        const { s, onB, email, id } = await owing();
        const opened = payBalanceResponseSchema.parse(
          (await s.call('POST', `/api/booking/${id}/balance`)).json(),
        );
        const ids = await paidIds(a, opened.order.id);
        const waiver = round % 2 === 0 ? opsA : opsB;
        const answers = await Promise.all([
          s.call('POST', `/api/booking/${id}/balance/verify`, ids),
          onB.call('POST', `/api/booking/${id}/balance/verify`, ids),
          s.call('POST', `/api/booking/${id}/balance/verify`, ids),
          onB.call('POST', `/api/booking/${id}/balance/confirm`),
          s.call('POST', `/api/booking/${id}/balance/confirm`),
          a.services.jobs.runNow(SANDBOX_WEBHOOKS_JOB).then(() => undefined),
          b.services.intake.settleReported({
            orderId: opened.order.id,
            paymentId: ids.razorpay_payment_id,
          }),
          waiver.call('POST', `/api/admin/bookings/${id}/charges/${opened.chargeIds[1]}/waive`, {
            reason: 'Goodwill',
          }),
        ]);
        for (const answer of answers.slice(0, 5)) {
          expect([200, 409], (answer as { body: string }).body).toContain(
            (answer as { statusCode: number }).statusCode,
          );
        }
        await a.services.jobs.runNow(BOOKING_HOLDS_JOB);

        const ledger = await books(id);
        // Decided once: one capture for the one payment.
        expect(ledger.applied.length + ledger.refused.length).toBe(1);
        // Applied: its charges paid, nothing refunded. Refused: refunded in full, nothing paid.
        expect(ledger.paidPaise).toBe(ledger.appliedPaise);
        expect(ledger.refundedPaise).toBe(ledger.refusedPaise);
        const waived = ledger.charges.filter((c) => c.status === 'waived');
        if (ledger.applied.length === 1) {
          expect(waived).toEqual([]);
          expect(ledger.charges.every((c) => c.status === 'paid')).toBe(true);
        } else {
          expect(waived).toHaveLength(1);
          expect(ledger.charges.filter((c) => c.status === 'due')).toHaveLength(1);
        }
        // One mail: the receipt, or the refund's explanation.
        const mails = await a.database.db
          .select()
          .from(outboxMails)
          .where(eq(outboxMails.recipient, email));
        expect(
          mails.filter((m) => m.kind === 'balance-paid' || m.kind === 'balance-refunded'),
        ).toHaveLength(1);
      }
    });

    it('the same piece reported in the fit window from two tabs on two processes: one report, one refund', async () => {
      for (let round = 0; round < 4; round += 1) {
        clock.set(new Date());
        const email = `fit-race-${++n}@pehnava.test`;
        const s = await newShopper(a, email);
        const onB: Shopper = {
          ...s,
          call: (method, url, payload) => callAs(b, s.token, method, url, payload),
        };
        const created = await checkout(s, [
          itemFor(products[40 + round]!, {
            startDate: addDays(todayInIndia(clock.now()), 1),
            duration: 4,
          }),
        ]);
        const verified = await s.call('POST', '/api/booking/verify', {
          ...(await paidIds(a, created.orderId!)),
          bookingId: created.bookingId,
        });
        expect(verified.statusCode).toBe(200);
        const id = created.bookingId;
        await opsA.call('POST', `/api/admin/bookings/${id}/dispatch`, {});
        await opsB.call('POST', `/api/admin/bookings/${id}/status`, { status: 'delivered' });
        const item = adminBookingDetailResponseSchema.parse(
          (await opsA.call('GET', `/api/admin/bookings/${id}`)).json(),
        ).booking.items[0]!;
        const path = `/api/booking/${id}/items/${item._id}/report`;
        const answers = await Promise.all([
          s.call('POST', path, { reason: 'fit', want: 'refund' }),
          onB.call('POST', path, { reason: 'not-as-described', want: 'refund' }),
          onB.call('POST', path, { reason: 'fit', want: 'refund' }),
        ]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
        const given = await a.database.db.select().from(refunds).where(eq(refunds.bookingId, id));
        expect(given.map((r) => r.reason)).toEqual(['fit-window']);
      }
    });

    it('two orders for overlapping charges, paid and verified at once: each charge paid once', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { s, onB, id, item } = await owing();
        const older = payBalanceResponseSchema.parse(
          (await s.call('POST', `/api/booking/${id}/balance`)).json(),
        );
        clock.set(new Date(`${addDays(item.endDate, 3)}T06:30:00Z`));
        await a.services.jobs.runNow(LATE_FEES_JOB);
        const newer = payBalanceResponseSchema.parse(
          (await onB.call('POST', `/api/booking/${id}/balance`)).json(),
        );
        expect(newer.amount).toBeGreaterThan(older.amount);
        const [olderIds, newerIds] = await Promise.all([
          paidIds(a, older.order.id),
          paidIds(b, newer.order.id),
        ]);
        await Promise.all([
          s.call('POST', `/api/booking/${id}/balance/verify`, olderIds),
          onB.call('POST', `/api/booking/${id}/balance/verify`, newerIds),
          a.services.jobs.runNow(SANDBOX_WEBHOOKS_JOB),
        ]);
        await b.services.jobs.runNow(BOOKING_HOLDS_JOB);
        const ledger = await books(id);
        // Whichever came first paid the shared charges; the other is refunded in full.
        expect(ledger.applied.length).toBe(1);
        expect(ledger.refused.length).toBe(1);
        expect(ledger.paidPaise).toBe(ledger.appliedPaise);
        expect(ledger.refundedPaise).toBe(ledger.refusedPaise);
      }
    });
  },
);
