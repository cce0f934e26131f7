import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansResponseSchema } from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/subscription/plans', () => {
  it('returns free, plus and pro with their prices, periods (in words and days) and limits, and the category labels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/plans' });
    expect(res.statusCode).toBe(200);
    const body = plansResponseSchema.parse(res.json());
    expect(
      body.plans.map((p) => [p.id, p.name, p.price, p.duration, p.durationDays, p.rentalLimit]),
    ).toEqual([
      ['free', 'Free', 0, '', 0, null],
      ['plus', 'Plus', 999, '14 days', 14, 4],
      ['pro', 'Pro', 1999, '14 days', 14, 8],
    ]);
    for (const plan of body.plans) {
      expect(plan.features.length).toBeGreaterThan(2);
      expect(plan.benefits.premium && plan.benefits.royal && plan.benefits.luxury).toBeTruthy();
    }
    expect(body.plans[1]!.benefits).toMatchObject({
      premium: 'Free',
      royal: '50% off the 14-day price',
    });
    expect(body.categoryInfo.premium.label).toBe('Premium · under ₹5,000 MRP');
    expect(body.categoryInfo.royal.label).toContain('Royal');
    expect(body.categoryInfo.luxury.label).toContain('Luxury');
  });

  it('is empty but well-formed before the seed has run', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.app.inject({ method: 'GET', url: '/api/subscription/plans' });
      expect(plansResponseSchema.parse(res.json()).plans).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
