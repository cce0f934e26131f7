import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingNumber, type Product } from '@pehnava/shared';
import { bookings, couponUses, outboxMails } from '../../db/schema/index.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, itemFor } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake.js';
import { catalogueProducts, newShopper, rentable } from '../../test/shopping.js';

/*
 * Stripe's two paths to one booking on PostgreSQL, with two app instances (two API processes) on
 * one database: the shopper's /verify (verifyStripe, replayed from both) and Stripe's webhook at
 * the same moment confirm once, mail once and count the coupon once.
 */
describe.runIf(usingPostgres())('Stripe confirmation races on PostgreSQL', () => {
  const SECRET_KEY = 'sk_test_races0000000000000000';
  const WEBHOOK_SECRET = 'whsec_races0000000000000000';
  const clock = createManualClock(new Date());
  let fake: StripeFake;
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  let products: Product[];

  beforeAll(async () => {
    fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    const env = {
      AUTH_RATE_LIMIT_PER_IP: '100000',
      JWT_SECRET: 's'.repeat(40),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    };
    const database = await createTestDatabase({ seeded: true });
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 15 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env });
    b = await createTestApp({ seed: true, database: second, clock, jobs: false, env });
    products = (await catalogueProducts(a)).filter((p) => rentable(p) && p.category !== 'luxury');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  const webhookTo = (app: TestApp) => (body: string, headers: Record<string, string>) =>
    app.app
      .inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload: body })
      .then((res) => res.statusCode);

  it('verifyStripe ×10 on two processes and the webhook at once confirm once, mail once, count the coupon once', async () => {
    const s = await newShopper(a, 'stripe-race@pehnava.test');
    const created = await checkout(s, [itemFor(products[3]!)], { couponCode: 'WELCOME50' });
    const { event } = await fake.pay(created.orderId!, { webhook: false });
    clock.set(new Date());

    const verifies = Array.from({ length: 10 }, (_, i) =>
      (i % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/api/order/verifyStripe',
        headers: { token: s.token },
        payload: { success: 'true', orderId: created.bookingId },
      }),
    );
    fake.deliverTo(webhookTo(b));
    const webhooks = [fake.send(event), fake.send(event)];
    fake.deliverTo(webhookTo(a));
    webhooks.push(fake.send(event));
    const answers = await Promise.all(verifies);
    const delivered = await Promise.all(webhooks);

    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(delivered.map((d) => d.status)).toEqual([200, 200, 200]);
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
    const uses = await a.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.bookingId, created.bookingId));
    expect(uses.map((u) => u.status)).toEqual(['counted']);
    // Nothing was paid twice, so nothing is refunded.
    expect(await a.services.repos.payments.refundsOf(created.bookingId)).toEqual([]);
  });
});
