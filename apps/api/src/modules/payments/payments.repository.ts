import { and, asc, desc, eq, inArray, isNotNull, like, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { compiledInsert, compiledStatement } from '../../db/compiled.js';
import { captures, paymentEvents, payments, refunds } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type CaptureRow = typeof captures.$inferSelect;
export type CaptureWrite = Omit<typeof captures.$inferInsert, 'id' | 'refundedPaise' | 'decidedAt'>;

// The statements of every payment decision: built once per process (decision 059).
const paymentsOfBooking = compiledStatement('payments_of_booking', (db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, sql.placeholder('bookingId')))
    .orderBy(asc(payments.createdAt)),
);
const bookingOrderOf = compiledStatement('payments_booking_order_of', (db) =>
  db
    .select()
    .from(payments)
    .where(
      and(eq(payments.bookingId, sql.placeholder('bookingId')), eq(payments.purpose, 'booking')),
    )
    .orderBy(asc(payments.createdAt))
    .limit(1),
);
const paymentForUpdate = compiledStatement('payments_lock_by_id', (db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id')))
    .for('update'),
);
const paymentByProviderOrder = compiledStatement('payments_by_provider_order', (db) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, sql.placeholder('provider')),
        eq(payments.providerOrderId, sql.placeholder('providerOrderId')),
      ),
    ),
);
// The browser's verify: the order it names, and the payment's capture if it was decided before.
const paymentWithCaptureOf = compiledStatement('payments_by_provider_order_with_capture', (db) =>
  db
    .select({ order: payments, capture: captures })
    .from(payments)
    .leftJoin(
      captures,
      and(
        eq(captures.provider, payments.provider),
        eq(captures.providerPaymentId, sql.placeholder('providerPaymentId')),
      ),
    )
    .where(
      and(
        eq(payments.provider, sql.placeholder('provider')),
        eq(payments.providerOrderId, sql.placeholder('providerOrderId')),
      ),
    ),
);
const captureByProviderPayment = compiledStatement('captures_by_provider_payment', (db) =>
  db
    .select()
    .from(captures)
    .where(
      and(
        eq(captures.provider, sql.placeholder('provider')),
        eq(captures.providerPaymentId, sql.placeholder('providerPaymentId')),
      ),
    ),
);
const appliedCaptureOf = compiledStatement('captures_applied_of_booking', (db) =>
  db
    .select()
    .from(captures)
    .where(
      and(eq(captures.bookingId, sql.placeholder('bookingId')), eq(captures.outcome, 'applied')),
    ),
);

const insertPayments = compiledInsert('payments_insert', (db, rows: Record<string, unknown>[]) =>
  db
    .insert(payments)
    .values(rows as (typeof payments.$inferInsert)[])
    .returning(),
);
const insertCaptures = compiledInsert('captures_insert', (db, rows: Record<string, unknown>[]) =>
  db
    .insert(captures)
    .values(rows as (typeof captures.$inferInsert)[])
    .returning(),
);

// An applied payment: its capture kept and its order completed, in one statement.
const applyCapture = compiledStatement('captures_apply', (db) => {
  const completed = db.$with('completed').as(
    db
      .update(payments)
      .set({
        status: 'completed',
        providerPaymentId: sql`${sql.placeholder('providerPaymentId')}`,
        method: sql`${sql.placeholder('method')}`,
        failureReason: null,
        reconcileAt: null,
        updatedAt: sql`${sql.placeholder('at')}`,
      })
      .where(eq(payments.id, sql.placeholder('orderId')))
      .returning({ id: payments.id }),
  );
  return db
    .with(completed)
    .insert(captures)
    .values({
      orderId: sql.placeholder('orderId'),
      provider: sql.placeholder('provider'),
      providerPaymentId: sql.placeholder('providerPaymentId'),
      amountPaise: sql.placeholder('amountPaise'),
      currency: sql.placeholder('currency'),
      method: sql.placeholder('method'),
      outcome: 'applied',
      appliedTo: sql.placeholder('appliedTo'),
      bookingId: sql.placeholder('bookingId'),
      subscriptionId: sql.placeholder('subscriptionId'),
      decidedAt: sql.placeholder('decidedAt'),
    })
    .returning();
});

// Every webhook keeps its event (the sandbox's, one per checkout).
const insertEvents = compiledInsert(
  'payment_events_insert',
  (db, rows: Record<string, unknown>[]) =>
    db
      .insert(paymentEvents)
      .values(rows as (typeof paymentEvents.$inferInsert)[])
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id }),
);

/**
 * Orders at the payment provider, the payments they captured and what became of them, their
 * webhooks' events, and refunds: the only SQL on them.
 */
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
      const [row] = await insertPayments(db, [{ ...payment, createdAt: at, updatedAt: at }]);
      return row!;
    },

    /**
     * An order the provider made without us asking for it first (a renewal charge): recorded
     * once, whoever records it first. The order's row, new or already there.
     */
    async insertPaymentIfAbsent(
      payment: Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
    ): Promise<PaymentRow> {
      const at = clock.now();
      await db
        .insert(payments)
        .values({ ...payment, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: [payments.provider, payments.providerOrderId] });
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, payment.provider),
            eq(payments.providerOrderId, payment.providerOrderId),
          ),
        );
      return row!;
    },

    /**
     * A plan was bought: the shopper's other plan orders still open are given up (a payment on
     * one later buys nothing), and asked about from `askAt` so they are closed where they can be.
     */
    async giveUpOtherPlanOrders(userId: string, exceptId: string, askAt: Date): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'failed', reconcileAt: askAt, updatedAt: clock.now() })
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.purpose, 'subscription'),
            eq(payments.status, 'created'),
            ne(payments.id, exceptId),
          ),
        );
    },

    /** Every payment order of the booking, oldest first (operators' view). */
    async allOfBooking(bookingId: string): Promise<PaymentRow[]> {
      return paymentsOfBooking(db).execute({ bookingId });
    },

    /** The booking's payment order (one per booking). */
    async ofBooking(bookingId: string): Promise<PaymentRow | undefined> {
      const [row] = await bookingOrderOf(db).execute({ bookingId });
      return row;
    },

    /**
     * A booking's balance orders the shopper pays in a checkout (purpose 'balance', not charged
     * off-session), newest first.
     */
    async balanceOrdersOf(bookingId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, bookingId),
            eq(payments.purpose, 'balance'),
            eq(payments.offSession, false),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id));
    },

    /** True when the booking's balance was ever charged off-session (it is tried once). */
    async hasOffSessionBalance(bookingId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, bookingId),
            eq(payments.purpose, 'balance'),
            eq(payments.offSession, true),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Off-session balance charges not answered yet (their order id still a placeholder). */
    async offSessionChargesUnanswered(limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.purpose, 'balance'),
            eq(payments.offSession, true),
            eq(payments.status, 'created'),
            like(payments.providerOrderId, 'mandate:%'),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },

    /**
     * An off-session charge answered: its order row takes the provider's order id, once (whoever
     * comes first, the charge's answer or its webhook). The row as it now is.
     */
    async answerOffSession(id: string, providerOrderId: string): Promise<PaymentRow | undefined> {
      await db
        .update(payments)
        .set({ providerOrderId, updatedAt: clock.now() })
        .where(and(eq(payments.id, id), like(payments.providerOrderId, 'mandate:%')));
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** One more try of an off-session charge the provider could not be asked about. */
    async countTry(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ reconcileAttempts: sql`${payments.reconcileAttempts} + 1`, updatedAt: clock.now() })
        .where(eq(payments.id, id));
    },

    /** The order's row, locked: one payment result is acted on at a time. */
    async lockById(id: string): Promise<PaymentRow | undefined> {
      const [row] = await paymentForUpdate(db).execute({ id });
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
      const [row] = await paymentByProviderOrder(db).execute({ provider, providerOrderId });
      return row;
    },

    /**
     * The order with this provider's order id, and the capture of the payment `providerPaymentId`
     * at the same provider (whichever order it was on) when its fate is decided: byProviderOrder
     * and captureOf in one statement. Undefined when there is no such order.
     */
    async byProviderOrderWithCapture(
      provider: string,
      providerOrderId: string,
      providerPaymentId: string,
    ): Promise<{ order: PaymentRow; capture: CaptureRow | undefined } | undefined> {
      const [row] = await paymentWithCaptureOf(db).execute({
        provider,
        providerOrderId,
        providerPaymentId,
      });
      return row && { order: row.order, capture: row.capture ?? undefined };
    },

    /** The captured payment with this provider id, once its fate is decided. */
    async captureOf(provider: string, providerPaymentId: string): Promise<CaptureRow | undefined> {
      const [row] = await captureByProviderPayment(db).execute({ provider, providerPaymentId });
      return row;
    },

    /** Keep a captured payment's fate (the database refuses a second row for the same payment). */
    async insertCapture(capture: CaptureWrite): Promise<CaptureRow> {
      const [row] = await insertCaptures(db, [{ ...capture, decidedAt: clock.now() }]);
      return row!;
    },

    /**
     * A payment applied: its capture kept (outcome applied) and its order marked completed, as
     * insertCapture then markCompleted do, in one statement. The database refuses a second
     * capture of the same payment, and then neither is written.
     */
    async applyCapture(
      capture: Omit<CaptureWrite, 'outcome' | 'reason'> & { appliedTo: CaptureRow['appliedTo'] },
    ): Promise<CaptureRow> {
      const at = clock.now();
      const [row] = await applyCapture(db).execute({
        orderId: capture.orderId,
        provider: capture.provider,
        providerPaymentId: capture.providerPaymentId,
        amountPaise: capture.amountPaise,
        currency: capture.currency,
        method: capture.method,
        appliedTo: capture.appliedTo,
        bookingId: capture.bookingId ?? null,
        subscriptionId: capture.subscriptionId ?? null,
        decidedAt: at,
        at: at.toISOString(),
      });
      return row!;
    },

    /** The payment applied to this booking (at most one). */
    async appliedCaptureOfBooking(bookingId: string): Promise<CaptureRow | undefined> {
      const [row] = await appliedCaptureOf(db).execute({ bookingId });
      return row;
    },

    /**
     * Orders the reconciliation should ask the provider about now, leased to this runner until
     * `leaseUntil` (SKIP LOCKED: two runners never take the same one), each try counted.
     */
    async claimDueOrders(limit: number, leaseUntil: Date): Promise<PaymentRow[]> {
      const due = db
        .select({ id: payments.id })
        .from(payments)
        .where(and(isNotNull(payments.reconcileAt), lte(payments.reconcileAt, clock.now())))
        .orderBy(asc(payments.reconcileAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(payments)
        .set({
          reconcileAt: leaseUntil,
          reconcileAttempts: sql`${payments.reconcileAttempts} + 1`,
        })
        .where(inArray(payments.id, due))
        .returning();
    },

    /** When the reconciliation asks about the order next; null: never again. */
    async reconcileAt(id: string, at: Date | null): Promise<void> {
      await db.update(payments).set({ reconcileAt: at }).where(eq(payments.id, id));
    },

    /** The provider closed the order at our request: it can no longer be paid. */
    async markClosed(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ closedAt: clock.now(), updatedAt: clock.now() })
        .where(eq(payments.id, id));
    },

    /** A failed attempt on the order (the shopper may still pay it while the hold lasts). */
    async recordFailure(id: string, reason: string): Promise<void> {
      await db
        .update(payments)
        .set({ failureReason: reason.slice(0, 300), updatedAt: clock.now() })
        .where(and(eq(payments.id, id), eq(payments.status, 'created')));
    },

    /**
     * The order is given up (its hold ended, a newer checkout replaced it, its shopper left). It may
     * still be paid at the provider: with `askAt`, the reconciliation asks about it then.
     */
    async markFailed(id: string, askAt?: Date): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'failed', updatedAt: clock.now(), ...(askAt ? { reconcileAt: askAt } : {}) })
        .where(and(eq(payments.id, id), eq(payments.status, 'created')));
    },

    /**
     * The shopper is leaving: every order of theirs still open is given up, and the
     * reconciliation asks about each from `askAt` (closing it where the provider can).
     */
    async giveUpOpenOrdersOf(userId: string, askAt: Date): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'failed', reconcileAt: askAt, updatedAt: clock.now() })
        .where(and(eq(payments.userId, userId), eq(payments.status, 'created')));
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
      const rows = await insertEvents(db, [
        { ...event, receivedAt: clock.now(), processedAt: clock.now() },
      ]);
      return rows.length > 0;
    },

    async insertRefund(
      refund: Pick<
        RefundRow,
        | 'paymentId'
        | 'captureId'
        | 'bookingId'
        | 'providerPaymentId'
        | 'amountPaise'
        | 'reason'
        | 'idempotencyKey'
      >,
    ): Promise<string | undefined> {
      const at = clock.now();
      const rows = await db
        .insert(refunds)
        .values({ ...refund, nextAttemptAt: at, createdAt: at })
        .onConflictDoNothing({ target: refunds.idempotencyKey })
        .returning({ id: refunds.id });
      if (rows.length > 0) onRefundQueued();
      // The new refund's id; undefined when one with the same key was already queued.
      return rows[0]?.id;
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

    /**
     * The provider itself failed the refund: left to operators. A report about a provider refund
     * an operator has already retried past (its id is in the key, see retryFailedRefund) changes
     * nothing: it is news about the old attempt, not the new one.
     */
    async markRefundFailed(id: string, providerRefundId: string, error: string): Promise<void> {
      await db
        .update(refunds)
        .set({ status: 'failed', providerRefundId, lastError: error })
        .where(
          and(
            eq(refunds.id, id),
            eq(refunds.status, 'pending'),
            sql`position(${`:after:${providerRefundId}`} in ${refunds.idempotencyKey}) = 0`,
          ),
        );
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

    /** Refunds still pending or failed, oldest first, one page of them and how many. */
    async refundsInState(status: 'pending' | 'failed', page: number, pageSize: number) {
      const where = eq(refunds.status, status);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(refunds)
          .where(where)
          .orderBy(asc(refunds.createdAt), asc(refunds.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(refunds)
          .where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /**
     * Put a failed refund back in the queue, due now. When the provider itself had failed it (it
     * made a refund and reported it failed), that refund is over: the retry asks for a new one
     * under a new idempotency key. When it was given up without the provider ever making one
     * (unreachable, or refusing the request), the same key is kept, so a request that did reach
     * the provider after all can never be paid out twice. Only a failed refund moves: of two
     * operators retrying at once, one does.
     */
    async retryFailedRefund(id: string): Promise<RefundRow | undefined> {
      const [row] = await db
        .update(refunds)
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: clock.now(),
          providerRefundId: null,
          idempotencyKey: sql`case when ${refunds.providerRefundId} is null
            then ${refunds.idempotencyKey}
            else ${refunds.idempotencyKey} || ':after:' || ${refunds.providerRefundId} end`,
        })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'failed')))
        .returning();
      if (row) onRefundQueued();
      return row;
    },

    async findRefund(id: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row;
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
