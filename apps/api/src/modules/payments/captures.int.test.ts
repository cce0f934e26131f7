// The captured payments' state machine is the database's (migration 0007): whatever the code
// does, a payment is decided once, applied to one thing or refunded in full, and never refunded
// beyond what it captured. These write straight to the tables to show the database refuses.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintViolation } from '../../lib/db-errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';

let db: TestDatabase;
let n = 0;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The constraint a write broke, as the API would map it to a 409. */
async function refusal(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    return constraintViolation(error);
  }
  return undefined;
}

/** An order with a booking, as checkout writes them. */
async function orderWithBooking() {
  n += 1;
  const [user] = await rows<{ id: string }>(sql`insert into users (name, email, password_hash)
    values ('Tara', ${`captures-${n}@pehnava.test`}, 'x') returning id`);
  const [booking] = await rows<{ id: string }>(sql`insert into bookings (user_id, payment_provider,
      subtotal_paise, total_paise, delivery_address, expires_at)
    values (${user!.id}, 'sandbox', 50000, 50000, '{}'::jsonb, now()) returning id`);
  const [order] = await rows<{ id: string }>(sql`insert into payments (user_id, purpose, booking_id,
      provider, provider_order_id, amount_paise)
    values (${user!.id}, 'booking', ${booking!.id}, 'sandbox', ${`order_captures${n}`}, 50000)
    returning id`);
  return { bookingId: booking!.id, orderId: order!.id };
}

const capture = (
  orderId: string,
  paymentId: string,
  decision: { applied: string } | { refused: string },
) =>
  rows<{ id: string }>(sql`insert into captures (order_id, provider, provider_payment_id,
      amount_paise, currency, method, outcome, applied_to, booking_id, reason, decided_at)
    values (${orderId}, 'sandbox', ${paymentId}, 50000, 'INR', 'upi',
      ${'applied' in decision ? 'applied' : 'refunded'},
      ${'applied' in decision ? 'booking' : null},
      ${'applied' in decision ? decision.applied : null},
      ${'refused' in decision ? decision.refused : null}, now())
    returning id`);

const refund = (
  orderId: string,
  captureId: string,
  paymentId: string,
  amount: number,
  key: string,
) =>
  db.db.execute(sql`insert into refunds (payment_id, capture_id, provider_payment_id, amount_paise,
      reason, idempotency_key, next_attempt_at, created_at)
    values (${orderId}, ${captureId}, ${paymentId}, ${amount}, 'test', ${key}, now(), now())`);

describe('captured payments in the database', () => {
  it('are decided once per provider payment', async () => {
    const { bookingId, orderId } = await orderWithBooking();
    await capture(orderId, 'pay_once', { applied: bookingId });
    expect((await refusal(() => capture(orderId, 'pay_once', { refused: 'late' })))?.kind).toBe(
      'unique',
    );
  });

  it('apply at most one payment to a booking', async () => {
    const { bookingId, orderId } = await orderWithBooking();
    await capture(orderId, 'pay_first', { applied: bookingId });
    expect(
      (await refusal(() => capture(orderId, 'pay_second', { applied: bookingId })))?.kind,
    ).toBe('unique');
  });

  it('never change their outcome or what they were applied to', async () => {
    const { bookingId, orderId } = await orderWithBooking();
    const [made] = await capture(orderId, 'pay_fixed', { applied: bookingId });
    const changed = await refusal(() =>
      db.db.execute(sql`update captures set outcome = 'refunded', applied_to = null,
          booking_id = null, reason = 'late' where id = ${made!.id}`),
    );
    expect(changed).toMatchObject({ kind: 'check', constraint: 'captures_decided_once' });
  });

  it('cannot be applied and carry a refusal, or refused and point at a booking', async () => {
    const { bookingId, orderId } = await orderWithBooking();
    const both = await refusal(() =>
      db.db.execute(sql`insert into captures (order_id, provider, provider_payment_id,
          amount_paise, currency, method, outcome, applied_to, booking_id, reason, decided_at)
        values (${orderId}, 'sandbox', 'pay_both', 50000, 'INR', 'upi', 'refunded', null,
          ${bookingId}, 'late', now())`),
    );
    expect(both).toMatchObject({ kind: 'check', constraint: 'captures_outcome_target' });
  });

  it('are never refunded beyond what they captured, however the refunds are split', async () => {
    const { bookingId, orderId } = await orderWithBooking();
    const [made] = await capture(orderId, 'pay_split', { applied: bookingId });
    await refund(orderId, made!.id, 'pay_split', 30000, 'split-1');
    await refund(orderId, made!.id, 'pay_split', 20000, 'split-2');
    const over = await refusal(() => refund(orderId, made!.id, 'pay_split', 1, 'split-3'));
    expect(over).toMatchObject({ kind: 'check', constraint: 'captures_refunds_within_amount' });
    const [kept] = await rows<{ refunded: number }>(
      sql`select refunded_paise as refunded from captures where id = ${made!.id}`,
    );
    expect(kept!.refunded).toBe(50000);
  });

  it('when refused, are refunded in full by the end of the transaction that refused them', async () => {
    const { orderId } = await orderWithBooking();
    const unrefunded = await refusal(() =>
      db.db.transaction(async (tx) => {
        await tx.execute(sql`insert into captures (order_id, provider, provider_payment_id,
            amount_paise, currency, method, outcome, reason, decided_at)
          values (${orderId}, 'sandbox', 'pay_kept', 50000, 'INR', 'upi', 'refunded', 'late',
            now())`);
      }),
    );
    expect(unrefunded).toMatchObject({ kind: 'check', constraint: 'captures_refunded_in_full' });
    const made = await db.db.transaction(async (tx) => {
      const [row] = (
        (await tx.execute(sql`insert into captures (order_id, provider, provider_payment_id,
            amount_paise, currency, method, outcome, reason, decided_at)
          values (${orderId}, 'sandbox', 'pay_returned', 50000, 'INR', 'upi', 'refunded', 'late',
            now()) returning id`)) as unknown as { rows: { id: string }[] }
      ).rows;
      await tx.execute(sql`insert into refunds (payment_id, capture_id, provider_payment_id,
          amount_paise, reason, idempotency_key, next_attempt_at, created_at)
        values (${orderId}, ${row!.id}, 'pay_returned', 50000, 'late', 'returned', now(), now())`);
      return row!.id;
    });
    expect(made).toBeTruthy();
  });
});
