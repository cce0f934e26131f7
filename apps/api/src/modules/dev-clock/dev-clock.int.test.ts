import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor } from '../../test/checkout.js';
import { catalogueProducts, newShopper, rentable } from '../../test/shopping.js';

describe('POST /api/dev/clock (TEST_CLOCK, for browser tests)', () => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      jobs: false,
      clock: createManualClock(new Date()),
      env: { TEST_CLOCK: 'true' },
    });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  it('moves the clock and ends the holds that have run out', async () => {
    const s = await newShopper(t, 'clock@pehnava.test');
    const product = (await catalogueProducts(t)).find(rentable)!;
    const created = await checkout(s, [itemFor(product)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { ms: 16 * 60_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().now).getTime()).toBeGreaterThan(Date.now() + 15 * 60_000);
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, created.bookingId));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('does not exist without TEST_CLOCK', async () => {
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { ms: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});
