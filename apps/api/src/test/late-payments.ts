// Test fixtures for the late-payment tests (modules/payments/late-payment*.int.test.ts and the
// checkout behaviours): a piece with one physical unit, the sandbox gateway's own refunds and
// webhooks, and jobs run until they have nothing left. What a booking holds, its refunds and its
// mail are in ./bookings.ts.
import { and, eq, isNull, like, ne } from 'drizzle-orm';
import type { Product } from '@pehnava/shared';
import { productUnits, sandboxRefunds, sandboxWebhooks } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { sizeOf } from './shopping.js';

/** Leave one physical piece of the product's first offered size: its other units are retired. */
export async function onePiece(t: TestApp, p: Product): Promise<void> {
  await t.database.db
    .update(productUnits)
    .set({ state: 'retired', retiredAt: t.services.clock.now() })
    .where(
      and(
        eq(productUnits.productId, p._id),
        eq(productUnits.size, sizeOf(p)),
        ne(productUnits.unitNumber, 1),
      ),
    );
}

/** The refunds the sandbox gateway itself made for one of its payments. */
export const sandboxRefundsOf = (t: TestApp, paymentId: string) =>
  t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));

/** The sandbox's webhooks about an order (its id is in the signed body). */
export const sandboxWebhooksOf = (t: TestApp, orderId: string) =>
  t.database.db
    .select()
    .from(sandboxWebhooks)
    .where(like(sandboxWebhooks.body, `%${orderId}%`));

/** The sandbox's webhooks about an order that the app has not acknowledged with a 2xx yet. */
export const undeliveredWebhooksOf = (t: TestApp, orderId: string) =>
  t.database.db
    .select({ event: sandboxWebhooks.event, lastError: sandboxWebhooks.lastError })
    .from(sandboxWebhooks)
    .where(and(like(sandboxWebhooks.body, `%${orderId}%`), isNull(sandboxWebhooks.deliveredAt)));

/** Run a background job batch after batch until a run finds nothing to do (at most 20 runs). */
export async function runUntilIdle(t: TestApp, job: string): Promise<void> {
  for (let run = 0; run < 20; run += 1) {
    if ((await t.runJob(job)) === 0) return;
  }
}
