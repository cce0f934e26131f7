// Test fixtures for the late-payment tests (modules/payments/late-payment*.int.test.ts): a piece
// with one physical unit, what a booking still holds, the refunds of one provider payment (ours
// and the sandbox gateway's), the mail a shopper got, and jobs run until they have nothing left.
import { and, eq, isNull, like, ne } from 'drizzle-orm';
import type { Product } from '@pehnava/shared';
import {
  bookingItems,
  bookings,
  couponUses,
  coupons,
  outboxMails,
  productUnits,
  refunds,
  sandboxRefunds,
  sandboxWebhooks,
  unitReservations,
} from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { sizeOf } from './shopping.js';

/** Leave one physical piece of the product's first offered size: its other units are retired. */
export async function onePiece(t: TestApp, p: Product): Promise<void> {
  await t.database.db
    .update(productUnits)
    .set({ retiredAt: t.services.clock.now() })
    .where(
      and(
        eq(productUnits.productId, p._id),
        eq(productUnits.size, sizeOf(p)),
        ne(productUnits.unitNumber, 1),
      ),
    );
}

export async function bookingRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

/** The units a booking holds now (active reservations). */
export const activeReservationsOf = (t: TestApp, bookingId: string) =>
  t.database.db
    .select({ id: unitReservations.id })
    .from(unitReservations)
    .innerJoin(bookingItems, eq(bookingItems.id, unitReservations.bookingItemId))
    .where(and(eq(bookingItems.bookingId, bookingId), eq(unitReservations.active, true)));

/** The coupon use a booking holds, counted or released (none without a coupon). */
export const couponUsesOf = (t: TestApp, bookingId: string) =>
  t.database.db.select().from(couponUses).where(eq(couponUses.bookingId, bookingId));

/** How many uses of a coupon are counted (paid for), for one shopper or for everyone. */
export async function countedUses(t: TestApp, code: string, userId?: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: couponUses.id })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .where(
      and(
        eq(coupons.code, code),
        eq(couponUses.status, 'counted'),
        userId ? eq(couponUses.userId, userId) : undefined,
      ),
    );
  return rows.length;
}

/** Our refund rows made against one provider payment, oldest first. */
export const refundsOfPayment = (t: TestApp, providerPaymentId: string) =>
  t.database.db
    .select()
    .from(refunds)
    .where(eq(refunds.providerPaymentId, providerPaymentId))
    .orderBy(refunds.createdAt);

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

/** The mails of one kind written to a shopper. */
export const mailsTo = (t: TestApp, email: string, kind: string) =>
  t.database.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.recipient, email), eq(outboxMails.kind, kind)));

/** Run a background job batch after batch until a run finds nothing to do (at most 20 runs). */
export async function runUntilIdle(t: TestApp, job: string): Promise<void> {
  for (let run = 0; run < 20; run += 1) {
    if ((await t.runJob(job)) === 0) return;
  }
}
