// Test fixtures for bookings and their money, shared by every test of checkout and payments: a
// booking's row, the pieces and coupon use it holds, the refunds of a payment, the mail a shopper
// got, and the checks every payment test makes of a payment that was refunded instead of applied.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { BOOKING_MESSAGES, bookingNumber } from '@pehnava/shared';
import {
  bookingItems,
  bookings,
  couponUses,
  coupons,
  outboxMails,
  refunds,
  unitReservations,
} from '../db/schema/index.js';
import type { TestApp } from './app.js';
import type { Shopper } from './shopping.js';

/** A booking's row; throws when there is none. */
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

/** The mails of one kind written to a shopper. */
export const mailsTo = (t: TestApp, email: string, kind: string) =>
  t.database.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.recipient, email), eq(outboxMails.kind, kind)));

/** The mails of one kind written about a booking (their subject names its booking number). */
export async function mailsAbout(t: TestApp, bookingId: string, kind = 'booking-confirmed') {
  const written = await t.database.db.select().from(outboxMails).where(eq(outboxMails.kind, kind));
  return written.filter((mail) => mail.subject.includes(bookingNumber(bookingId)));
}

type Answer = Awaited<ReturnType<Shopper['call']>>;

/** The answer to a payment result that is refunded instead of applied: 409, the booking expired. */
export function expectExpired(res: Answer) {
  expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
    status: 409,
    body: { success: false, message: BOOKING_MESSAGES.bookingExpired },
  });
}

/** The booking did not get the payment: cancelled, holding no piece, its coupon use not counted. */
export async function expectNotApplied(t: TestApp, bookingId: string) {
  expect((await bookingRow(t, bookingId)).status, 'the booking’s status').toBe('cancelled');
  expect(await activeReservationsOf(t, bookingId), 'pieces the booking holds').toEqual([]);
  const counted = (await couponUsesOf(t, bookingId)).filter((use) => use.status === 'counted');
  expect(counted, 'the booking’s counted coupon use').toEqual([]);
}

/** One refund row for the payment, of the whole amount captured. */
export async function expectRefundedOnce(t: TestApp, paymentId: string, amountPaise: number) {
  const rows = await refundsOfPayment(t, paymentId);
  expect(
    rows.map((row) => row.amountPaise),
    `refund rows of ${paymentId}`,
  ).toEqual([amountPaise]);
}
