import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mySubscriptionResponseSchema } from '@pehnava/shared';
import { products, subscriptions, users } from '../../db/schema/index.js';
import { callAs, signUp } from '../../test/accounts.js';
import { book as bookFixture } from '../../test/shopping.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;
const me = (token?: string) => callAs(t, token, 'GET', '/api/subscription/me');
const userId = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** A booking of `quantity` pieces made at `createdAt`, paid or not. */
async function book(owner: string, createdAt: Date, quantity: number, paid: boolean) {
  const [product] = await t.database.db.select().from(products).limit(1);
  await bookFixture(t, owner, { productId: product!.id, quantity, paid, createdAt });
}

describe('GET /api/subscription/me', () => {
  it('needs a session', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Please login to continue' });
  });

  it("is 'free' for a shopper with no paid plan", async () => {
    const res = await me(await signUp(t, 'free@pehnava.test'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(mySubscriptionResponseSchema.parse(res.json()).subscription).toEqual({
      plan: 'free',
      itemsRentedInPeriod: 0,
      rentalLimit: null,
      startDate: null,
      endDate: null,
      isActive: true,
      autoRenew: false,
    });
  });

  it('shows the running paid plan with its limit, counting only paid items in this period', async () => {
    const token = await signUp(t, 'plus@pehnava.test');
    const owner = await userId('plus@pehnava.test');
    const startDate = new Date(Date.now() - 3 * DAY_MS);
    const endDate = new Date(startDate.getTime() + 14 * DAY_MS);
    await t.database.db
      .insert(subscriptions)
      .values({ userId: owner, planId: 'plus', startDate, endDate, autoRenew: false });
    await book(owner, new Date(startDate.getTime() + DAY_MS), 2, true);
    await book(owner, new Date(startDate.getTime() + DAY_MS), 1, true);
    await book(owner, new Date(startDate.getTime() + DAY_MS), 5, false); // unpaid: not counted
    await book(owner, new Date(startDate.getTime() - DAY_MS), 4, true); // before the period

    const body = mySubscriptionResponseSchema.parse((await me(token)).json());
    expect(body.subscription).toEqual({
      plan: 'plus',
      itemsRentedInPeriod: 3,
      rentalLimit: 4,
      startDate: startDate.toISOString(),
      endDate: endDate.toISOString(),
      isActive: true,
      autoRenew: false,
    });
  });

  it('is back to free once the period has ended, and never shows another shopper\u2019s plan', async () => {
    const token = await signUp(t, 'lapsed@pehnava.test');
    const owner = await userId('lapsed@pehnava.test');
    await t.database.db.insert(subscriptions).values({
      userId: owner,
      planId: 'pro',
      startDate: new Date(Date.now() - 20 * DAY_MS),
      endDate: new Date(Date.now() - 6 * DAY_MS),
    });
    expect(mySubscriptionResponseSchema.parse((await me(token)).json()).subscription.plan).toBe(
      'free',
    );
    const other = await signUp(t, 'other@pehnava.test');
    expect(mySubscriptionResponseSchema.parse((await me(other)).json()).subscription.plan).toBe(
      'free',
    );
  });
});
