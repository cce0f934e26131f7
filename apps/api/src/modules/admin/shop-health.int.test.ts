import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopHealthResponseSchema } from '@pehnava/shared';
import { payments } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { newShopper, type Shopper } from '../../test/shopping.js';

/*
 * GET /api/admin/health (decision 075): Today's health line, for admins only; mail waiting and
 * the oldest's age, refunds pending and failed, orders the reconciliation watches or is late with.
 */
const clock = createManualClock(new Date('2026-11-02T05:00:00Z'));
let t: TestApp;
let admin: Shopper;
let staff: Shopper;
let shopper: Shopper;

beforeAll(async () => {
  t = await createTestApp({ jobs: false, clock, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  [admin, staff, shopper] = await Promise.all([
    newShopper(t, 'health-admin@pehnava.test'),
    newShopper(t, 'health-staff@pehnava.test'),
    newShopper(t, 'health-shopper@pehnava.test'),
  ]);
  await t.services.repos.users.setRole(admin.id, 'admin');
  await t.services.repos.users.setRole(staff.id, 'staff');
  // Signing up queued the three code mails: send them, as the job would.
  await t.deliverMail();
});
afterAll(async () => {
  await t.close();
});

const health = async () => {
  const res = await admin.call('GET', '/api/admin/health');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return shopHealthResponseSchema.parse(res.json());
};

describe('GET /api/admin/health', () => {
  it('is for admins: 401 for a visitor, 403 for a shopper and for staff', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/health' });
    expect(visitor.statusCode).toBe(401);
    expect((await shopper.call('GET', '/api/admin/health')).statusCode).toBe(403);
    expect((await staff.call('GET', '/api/admin/health')).statusCode).toBe(403);
  });

  it('says all is well when nothing waits', async () => {
    expect(await health()).toEqual({
      success: true,
      mail: { waiting: 0, oldestWaitingSeconds: null },
      refunds: { pending: 0, failed: 0 },
      payments: { awaitingReconciliation: 0, overdue: 0 },
      attention: [],
    });
  });

  it('counts mail waiting and its age, and asks for attention past 15 minutes', async () => {
    const mail = {
      to: 'someone@pehnava.test',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
    };
    await t.services.repos.outbox.enqueue('test', mail);
    clock.advance(5 * 60_000);
    await t.services.repos.outbox.enqueue('test', mail);
    expect((await health()).mail).toEqual({ waiting: 2, oldestWaitingSeconds: 300 });
    expect((await health()).attention).toEqual([]);
    clock.advance(11 * 60_000);
    const late = await health();
    expect(late.mail).toEqual({ waiting: 2, oldestWaitingSeconds: 960 });
    expect(late.attention).toEqual(['mail']);
    await t.deliverMail();
    expect((await health()).mail).toEqual({ waiting: 0, oldestWaitingSeconds: null });
  });

  it('counts orders the reconciliation watches, and those it is over 10 minutes late with', async () => {
    const order = (id: string, minutesAgo: number) => ({
      purpose: 'booking' as const,
      provider: 'sandbox',
      providerOrderId: id,
      amountPaise: 10_000,
      reconcileAt: new Date(clock.now().getTime() - minutesAgo * 60_000),
    });
    await t.database.db.insert(payments).values([order('order_a', -5), order('order_b', 11)]);
    const answer = await health();
    expect(answer.payments).toEqual({ awaitingReconciliation: 2, overdue: 1 });
    expect(answer.attention).toEqual(['payments']);
  });
});
