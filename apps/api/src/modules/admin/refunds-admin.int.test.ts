import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminRefundsResponseSchema,
  bookingNumber,
  refundRetryResponseSchema,
  type Product,
} from '@pehnava/shared';
import { refunds } from '../../db/schema/index.js';
import { REFUNDS_JOB } from '../../jobs/payment-jobs.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor, paidIds } from '../../test/checkout.js';
import {
  catalogueProducts,
  inDays,
  newShopper,
  rentable,
  type Shopper,
} from '../../test/shopping.js';

/*
 * Refunds that need an admin (issue [K], Today): failed ones listed and put back in the queue,
 * asked again under the same key when the provider never made them and anew when it failed one;
 * one retry however many admins press it; a stale report about the old attempt ignored.
 */
let t: TestApp;
let products: Product[];
let admin: Shopper;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true, jobs: false, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  products = (await catalogueProducts(t)).filter(
    (p) => rentable(p) && p.category !== 'luxury' && p.twoDayRentalPrice > 0,
  );
  admin = await newShopper(t, 'refunds-admin@pehnava.test');
  await t.services.repos.users.setRole(admin.id, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A paid booking cancelled by an admin, its refund failed as `failure` says; the refund row. */
async function failedRefund(failure: { providerRefundId: string | null }) {
  const s = await newShopper(t, `refunded-${++n}@pehnava.test`);
  const created = await checkout(s, [itemFor(products[n]!, { startDate: inDays(30) })]);
  const ids = await paidIds(t, created.orderId!);
  expect(
    (await s.call('POST', '/api/booking/verify', { ...ids, bookingId: created.bookingId }))
      .statusCode,
  ).toBe(200);
  const cancelled = await admin.call('POST', `/api/admin/bookings/${created.bookingId}/cancel`, {
    reason: 'asked',
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  // As the job leaves it when it gives up, or when the provider reports the refund failed.
  const [row] = await t.database.db
    .update(refunds)
    .set({ status: 'failed', lastError: 'the bank refused it', ...failure })
    .where(eq(refunds.bookingId, created.bookingId))
    .returning();
  return { row: row!, bookingId: created.bookingId };
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;

describe('failed refunds', () => {
  it('are listed for admins, and a retry makes the refund under the same key', async () => {
    const { row, bookingId } = await failedRefund({ providerRefundId: null });
    const list = adminRefundsResponseSchema.parse(
      (await admin.call('GET', '/api/admin/refunds')).json(),
    );
    expect(list.refunds.find((r) => r.id === row.id)).toMatchObject({
      bookingId,
      bookingNumber: bookingNumber(bookingId),
      status: 'failed',
      lastError: 'the bank refused it',
      nextAttemptAt: null,
    });

    const retried = await admin.call('POST', `/api/admin/refunds/${row.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(refundRetryResponseSchema.parse(retried.json())).toMatchObject({
      message: 'The refund will be tried again now',
      refund: { id: row.id, status: 'pending', attempts: 0 },
    });
    expect((await rowOf(row.id)).idempotencyKey).toBe(row.idempotencyKey);
    await t.services.jobs.runNow(REFUNDS_JOB);
    expect((await rowOf(row.id)).status).toBe('processed');
    const pending = adminRefundsResponseSchema.parse(
      (await admin.call('GET', '/api/admin/refunds?status=pending')).json(),
    );
    expect(pending.refunds.some((r) => r.id === row.id)).toBe(false);

    const again = await admin.call('POST', `/api/admin/refunds/${row.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This refund is processed: only a failed refund is tried again',
    );
  });

  it('asks anew when the provider had failed its refund, and ignores late news of that one', async () => {
    const { row } = await failedRefund({ providerRefundId: 'rfnd_failed_0001' });
    const retried = await admin.call('POST', `/api/admin/refunds/${row.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ status: 'pending', providerRefundId: null });
    expect(after.idempotencyKey).toBe(`${row.idempotencyKey}:after:rfnd_failed_0001`);
    // The provider's report of the old refund, delivered again: the new attempt is untouched.
    await t.services.repos.payments.markRefundFailed(row.id, 'rfnd_failed_0001', 'failed');
    expect((await rowOf(row.id)).status).toBe('pending');
    await t.services.jobs.runNow(REFUNDS_JOB);
    expect((await rowOf(row.id)).status).toBe('processed');
  });

  it('is retried once when two admins press retry together', async () => {
    const { row } = await failedRefund({ providerRefundId: null });
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.call('POST', `/api/admin/refunds/${row.id}/retry`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await rowOf(row.id)).status).toBe('pending');
  });

  it('answers an unknown refund 404, and is for admins only', async () => {
    const unknown = await admin.call(
      'POST',
      '/api/admin/refunds/7d1f2c3b-0000-4000-8000-000000000000/retry',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Refund not found');
    const staff = await newShopper(t, 'refunds-staff@pehnava.test');
    await t.services.repos.users.setRole(staff.id, 'staff');
    expect((await staff.call('GET', '/api/admin/refunds')).statusCode).toBe(403);
  });
});
