import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeResponseSchema } from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { outboxMails, payments, subscriptions, users } from '../../db/schema/index.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake.js';
import { newShopper, type Shopper } from '../../test/shopping.js';

/*
 * Stripe plans on PostgreSQL with two app instances (two API processes) on one database: both
 * renewal runners at once charge each kept card once; the return confirmation from both and the
 * webhook at once activate one period.
 */
describe.runIf(usingPostgres())('Stripe plan races on PostgreSQL', () => {
  const SECRET_KEY = 'sk_test_planraces000000000000';
  const WEBHOOK_SECRET = 'whsec_planraces000000000000';
  const DAY_MS = 86_400_000;
  const clock = createManualClock(new Date());
  let fake: StripeFake;
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;

  beforeAll(async () => {
    fake = await startStripeFake({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      now: () => clock.now().getTime(),
    });
    const env = {
      AUTH_RATE_LIMIT_PER_IP: '100000',
      JWT_SECRET: 'q'.repeat(40),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    };
    const database = await createTestDatabase({ seeded: true });
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 15 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env });
    b = await createTestApp({ seed: true, database: second, clock, jobs: false, env });
    fake.deliverTo(webhookTo(a));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  function webhookTo(app: TestApp) {
    return (body: string, headers: Record<string, string>) =>
      app.app
        .inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload: body })
        .then((res) => res.statusCode);
  }

  async function planOrder(s: Shopper, plan: 'plus' | 'pro') {
    const res = await s.call('POST', '/api/subscription/subscribe', { plan });
    return subscribeResponseSchema.parse(res.json()).orderId!;
  }

  it('two renewal runners charge each kept card once: one charge, one new period, one mail', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => newShopper(a, `stripe-renew-race-${i}@pehnava.test`)),
    );
    for (const [i, s] of shoppers.entries()) {
      await fake.pay(await planOrder(s, i % 2 === 0 ? 'plus' : 'pro'));
    }
    const ids = shoppers.map((s) => s.id);
    const periods = await a.database.db
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.userId, ids));
    expect(periods).toHaveLength(6);
    clock.advance(14 * DAY_MS + 1000);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([a.runJob(PLAN_RENEWALS_JOB), b.runJob(PLAN_RENEWALS_JOB)]);
    }
    const keys = new Set(periods.map((p) => `renewal:${p.id}`));
    const created = [...fake.paymentIntents.values()].filter((pi) =>
      keys.has((pi.metadata as Record<string, string>).pehnavaChargeKey ?? ''),
    );
    expect(created).toHaveLength(6);
    const renewals = await a.database.db
      .select()
      .from(payments)
      .where(and(inArray(payments.userId, ids), eq(payments.purpose, 'renewal')));
    expect(renewals).toHaveLength(6);
    expect(new Set(renewals.map((r) => r.providerPaymentId))).toEqual(
      new Set(created.map((pi) => pi.id)),
    );
    const active = await a.database.db
      .select()
      .from(subscriptions)
      .where(and(inArray(subscriptions.userId, ids), eq(subscriptions.status, 'active')));
    expect(active).toHaveLength(6);
    const emails = (await a.database.db.select().from(users).where(inArray(users.id, ids))).map(
      (u) => u.email,
    );
    const mails = await a.database.db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.kind, 'plan-renewed'), inArray(outboxMails.recipient, emails)));
    expect(mails).toHaveLength(6);
  });

  it('the return confirmation from both processes and the webhook at once activate one period', async () => {
    const s = await newShopper(a, 'stripe-confirm-race@pehnava.test');
    const { event } = await fake.pay(await planOrder(s, 'pro'), { webhook: false });
    const confirms = Array.from({ length: 8 }, (_, i) =>
      (i % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/api/subscription/confirm',
        headers: { authorization: `Bearer ${s.token}` },
      }),
    );
    fake.deliverTo(webhookTo(b));
    const webhooks = [fake.send(event), fake.send(event)];
    fake.deliverTo(webhookTo(a));
    const answers = await Promise.all(confirms);
    expect((await Promise.all(webhooks)).map((w) => w.status)).toEqual([200, 200]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'confirmed', subscription: { plan: 'pro' } });
    }
    const rows = await a.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, s.id));
    expect(rows).toHaveLength(1);
    const mails = await a.database.db
      .select()
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.kind, 'plan-activated'),
          eq(outboxMails.recipient, 'stripe-confirm-race@pehnava.test'),
        ),
      );
    expect(mails).toHaveLength(1);
  });
});
