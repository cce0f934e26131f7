import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { paymentEvents, payments, refunds } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Orders at the payment provider, their webhooks' events, and refunds: the only SQL on them. */
export function createPaymentsRepository(
  db: Database,
  clock: Clock,
  /** Told of every refund queued (the unit of work nudges the refunds job after its commit). */
  onRefundQueued: () => void = () => undefined,
) {
  return {
    async insertPayment(
      payment: Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
    ): Promise<PaymentRow> {
      const at = clock.now();
      const [row] = await db
        .insert(payments)
        .values({ ...payment, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    /** Every payment order of the booking, oldest first (operators' view). */
    async allOfBooking(bookingId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, bookingId))
        .orderBy(asc(payments.createdAt));
    },

    /** The booking's payment order (one per booking). */
    async ofBooking(bookingId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.purpose, 'booking')))
        .orderBy(asc(payments.createdAt))
        .limit(1);
      return row;
    },

    /** The order's row, locked: one payment result is acted on at a time. */
    async lockById(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    /** The shopper's latest plan orders at this provider, newest first (paid or not). */
    async latestPlanOrdersOf(userId: string, provider: string, limit: number) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.provider, provider),
            eq(payments.purpose, 'subscription'),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(limit);
    },

    async byProviderOrder(provider: string, providerOrderId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)));
      return row;
    },

    async markCompleted(id: string, providerPaymentId: string, method: string): Promise<void> {
      await db
        .update(payments)
        .set({
          status: 'completed',
          providerPaymentId,
          method,
          failureReason: null,
          updatedAt: clock.now(),
        })
        .where(eq(payments.id, id));
    },

    /** A failed attempt on the order (the shopper may still pay it while the hold lasts). */
    async recordFailure(id: string, reason: string): Promise<void> {
      await db
        .update(payments)
        .set({ failureReason: reason.slice(0, 300), updatedAt: clock.now() })
        .where(and(eq(payments.id, id), eq(payments.status, 'created')));
    },

    async markFailed(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'failed', updatedAt: clock.now() })
        .where(and(eq(payments.id, id), eq(payments.status, 'created')));
    },

    /**
     * Keep a webhook event once: false when this provider's event id was kept before (a repeated
     * delivery), so it is acknowledged and not acted on twice.
     */
    async recordEvent(event: {
      provider: string;
      eventId: string;
      type: string;
      payload: unknown;
    }): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ ...event, receivedAt: clock.now(), processedAt: clock.now() })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },

    async insertRefund(
      refund: Pick<
        RefundRow,
        | 'paymentId'
        | 'bookingId'
        | 'providerPaymentId'
        | 'amountPaise'
        | 'reason'
        | 'idempotencyKey'
      >,
    ): Promise<boolean> {
      const at = clock.now();
      const rows = await db
        .insert(refunds)
        .values({ ...refund, nextAttemptAt: at, createdAt: at })
        .onConflictDoNothing({ target: refunds.idempotencyKey })
        .returning({ id: refunds.id });
      if (rows.length > 0) onRefundQueued();
      return rows.length > 0;
    },

    /** Pending refunds that are due, leased to this runner until `leaseUntil` (SKIP LOCKED). */
    async claimDueRefunds(limit: number, leaseUntil: Date): Promise<RefundRow[]> {
      const due = db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, clock.now())))
        .orderBy(asc(refunds.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(refunds)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${refunds.attempts} + 1` })
        .where(inArray(refunds.id, due))
        .returning();
    },

    /** Money sent back. Only a pending refund moves: a repeated report keeps the first date. */
    async markRefundProcessed(id: string, providerRefundId: string): Promise<void> {
      await db
        .update(refunds)
        .set({ status: 'processed', providerRefundId, processedAt: clock.now(), lastError: null })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    /** The provider took the refund but has not paid it out: ask again at `checkAt`. */
    async markRefundAccepted(id: string, providerRefundId: string, checkAt: Date): Promise<void> {
      await db
        .update(refunds)
        .set({ providerRefundId, nextAttemptAt: checkAt, lastError: null })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    /** The provider itself failed the refund: left to operators. */
    async markRefundFailed(id: string, providerRefundId: string, error: string): Promise<void> {
      await db
        .update(refunds)
        .set({ status: 'failed', providerRefundId, lastError: error })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    /**
     * The refund a provider's report is about: by our id given back in its notes, else by the
     * provider's refund id.
     */
    async refundFromProvider(
      reference: string | null,
      providerRefundId: string,
    ): Promise<RefundRow | undefined> {
      const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const [row] = await db
        .select()
        .from(refunds)
        .where(
          reference && uuidShape.test(reference)
            ? eq(refunds.id, reference)
            : eq(refunds.providerRefundId, providerRefundId),
        );
      return row;
    },

    /** A try failed: due again at `retryAt`, or failed for good (operators see it) when null. */
    async markRefundTryFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(refunds)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt }
            : { lastError: error, status: 'failed' },
        )
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    /** The refunds of these bookings, oldest first. */
    async refundsOfBookings(bookingIds: string[]): Promise<RefundRow[]> {
      if (bookingIds.length === 0) return [];
      return db
        .select()
        .from(refunds)
        .where(inArray(refunds.bookingId, bookingIds))
        .orderBy(asc(refunds.createdAt));
    },

    async refundsOf(bookingId: string): Promise<RefundRow[]> {
      return db
        .select()
        .from(refunds)
        .where(eq(refunds.bookingId, bookingId))
        .orderBy(asc(refunds.createdAt));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
