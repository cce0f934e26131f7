import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeResponseSchema } from '@pehnava/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import {
  outboxMails,
  payments,
  sandboxOrders,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import { SANDBOX_WEBHOOKS_JOB } from '../../jobs/payment-jobs.js';
import { PLAN_RENEWALS_JOB } from '../../jobs/plan-jobs.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { paidIds } from '../../test/checkout.js';
import { createTestDatabase, usingPostgres } from '../../test/database.js';
import { newShopper, type Shopper } from '../../test/shopping.js';

/*
 * Plans on PostgreSQL with two app instances (as two API processes) on one database: the renewals
 * job running in both at once, and one plan payment confirmed by verify and the webhook together.
 */
describe.runIf(usingPostgres())('plan races on PostgreSQL', () => {
  const DAY_MS = 86_400_000;
  const clock = createManualClock(new Date());
  const env = {
    AUTH_RATE_LIMIT_PER_IP: '100000',
    JWT_SECRET: 'p'.repeat(40),
    SANDBOX_WEBHOOK_DELAY_MS: '0',
  };
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;

  beforeAll(async () => {
    const database = await createTestDatabase({ seeded: true });
    second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
    a = await createTestApp({ seed: true, database, clock, jobs: false, env });
    b = await createTestApp({ seed: true, database: second, clock, jobs: false, env });
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** A plan order of `s` paid in app a's sandbox; the checkout's three ids. */
  async function paidPlan(s: Shopper, plan: 'plus' | 'pro') {
    const res = await s.call('POST', '/api/subscription/subscribe', { plan });
    const order = subscribeResponseSchema.parse(res.json());
    return paidIds(a, order.orderId!);
  }

  const emailsOf = async (ids: string[]) =>
    (await a.database.db.select().from(users).where(inArray(users.id, ids))).map((u) => u.email);

  it('two job runners renew each due plan once: one charge, one new period, one mail', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => newShopper(a, `renew-race-${i}@pehnava.test`)),
    );
    for (const s of shoppers) {
      const ids = await paidPlan(s, i(s) % 2 === 0 ? 'plus' : 'pro');
      expect((await s.call('POST', '/api/subscription/verify', ids)).statusCode).toBe(200);
    }
    clock.advance(14 * DAY_MS + 1000);
    // Several rounds of both runners at once, as two processes' schedules would overlap.
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([a.runJob(PLAN_RENEWALS_JOB), b.runJob(PLAN_RENEWALS_JOB)]);
    }
    const ids = shoppers.map((s) => s.id);
    const renewals = await a.database.db
      .select()
      .from(payments)
      .where(and(inArray(payments.userId, ids), eq(payments.purpose, 'renewal')));
    expect(renewals).toHaveLength(8);
    expect(new Set(renewals.map((r) => r.userId)).size).toBe(8);
    const charged = await a.database.db
      .select()
      .from(sandboxOrders)
      .where(
        inArray(
          sandboxOrders.idempotencyKey,
          renewals.map((r) => `renewal:${r.subscriptionId}`),
        ),
      );
    expect(charged).toHaveLength(8);
    const active = await a.database.db
      .select()
      .from(subscriptions)
      .where(and(inArray(subscriptions.userId, ids), eq(subscriptions.status, 'active')));
    expect(active).toHaveLength(8);
    const mails = await a.database.db
      .select()
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.kind, 'plan-renewed'),
          inArray(outboxMails.recipient, await emailsOf(ids)),
        ),
      );
    expect(mails).toHaveLength(8);

    function i(s: Shopper) {
      return shoppers.indexOf(s);
    }
  });

  it('verify sent many times and the webhook at once activate one period', async () => {
    const s = await newShopper(a, 'verify-race@pehnava.test');
    const ids = await paidPlan(s, 'pro');
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => s.call('POST', '/api/subscription/verify', ids)),
      a.runJob(SANDBOX_WEBHOOKS_JOB),
    ]);
    for (const res of answers.slice(0, 6)) {
      expect((res as Awaited<ReturnType<Shopper['call']>>).statusCode).toBe(200);
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
          eq(outboxMails.recipient, 'verify-race@pehnava.test'),
        ),
      );
    expect(mails).toHaveLength(1);
  });
});
