import { and, asc, eq, getTableColumns, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { compiledInsert, compiledStatement } from '../../../db/compiled.js';
import {
  sandboxMandates,
  sandboxOrders,
  sandboxPayments,
  sandboxRefunds,
  sandboxWebhooks,
} from '../../../db/schema/index.js';
import type { Clock } from '../../../lib/clock.js';

export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;
/** A payment, with the mandate (recurring token) it set up when its order asked for one. */
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect & {
  mandateId: string | null;
  notes: Record<string, string>;
};
export type SandboxMandateRow = typeof sandboxMandates.$inferSelect;
export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;
export type SandboxWebhookRow = typeof sandboxWebhooks.$inferSelect;

const paymentWithMandateOn = (db: Database) =>
  db
    .select({
      ...getTableColumns(sandboxPayments),
      mandateId: sandboxMandates.id,
      // The notes its order was made with (a charge without the shopper is its own order).
      notes: sandboxOrders.notes,
    })
    .from(sandboxPayments)
    .innerJoin(sandboxOrders, eq(sandboxOrders.id, sandboxPayments.orderId))
    .leftJoin(sandboxMandates, eq(sandboxMandates.paymentId, sandboxPayments.id));

// Every checkout's statements, built once per process (decision 059).
const insertOrders = compiledInsert(
  'sandbox_orders_insert',
  (db, rows: Record<string, unknown>[]) =>
    db
      .insert(sandboxOrders)
      .values(rows as (typeof sandboxOrders.$inferInsert)[])
      .returning(),
);
const orderById = compiledStatement('sandbox_orders_by_id', (db) =>
  db
    .select()
    .from(sandboxOrders)
    .where(eq(sandboxOrders.id, sql.placeholder('id'))),
);
const insertPayments = compiledInsert(
  'sandbox_payments_insert',
  (db, rows: Record<string, unknown>[]) =>
    db.insert(sandboxPayments).values(rows as (typeof sandboxPayments.$inferInsert)[]),
);
const paymentById = compiledStatement('sandbox_payments_by_id', (db) =>
  paymentWithMandateOn(db).where(eq(sandboxPayments.id, sql.placeholder('id'))),
);
const paymentsOfOrderStatement = compiledStatement('sandbox_payments_of_order', (db) =>
  paymentWithMandateOn(db)
    .where(eq(sandboxPayments.orderId, sql.placeholder('orderId')))
    .orderBy(asc(sandboxPayments.createdAt)),
);
/** A placeholder as a selected value, named (an insert's select takes its values by position). */
const value = (name: string) => sql`${sql.placeholder(name)}`.as(name);
const literal = (text: string, name: string) => sql.raw(text).as(name);
/**
 * A payment attempt with all it writes, in one statement of data-modifying CTEs: the order
 * moves on (paid or attempted, one more attempt) only while it is not paid; the payment, its
 * webhook and, when asked, the mandate it sets up are written from that update's row, so an
 * order found paid gets nothing. The update takes the order's row lock, as the lock it replaces
 * did: a payment in flight on the same order is waited for, and the order then seen paid.
 */
const paymentAttempt = (withMandate: boolean) =>
  compiledStatement(withMandate ? 'sandbox_pay_with_mandate' : 'sandbox_pay', (db) => {
    const moved = db.$with('moved').as(
      db
        .update(sandboxOrders)
        .set({
          status: sql`${sql.placeholder('orderStatus')}`,
          attempts: sql`${sandboxOrders.attempts} + 1`,
        })
        .where(
          and(eq(sandboxOrders.id, sql.placeholder('orderId')), ne(sandboxOrders.status, 'paid')),
        )
        .returning({ id: sandboxOrders.id }),
    );
    const webhook = db.$with('webhook').as(
      db
        .insert(sandboxWebhooks)
        .select(
          db
            .select({
              id: literal('gen_random_uuid()', 'id'),
              eventId: value('eventId'),
              event: value('event'),
              body: value('body'),
              attempts: literal('0', 'attempts'),
              nextAttemptAt: value('dueAt'),
              deliveredAt: literal('null', 'delivered_at'),
              lastError: literal('null', 'last_error'),
              createdAt: value('at'),
            })
            .from(moved),
        )
        .returning({ id: sandboxWebhooks.id }),
    );
    const mandate = db.$with('mandate').as(
      db
        .insert(sandboxMandates)
        .select(
          db
            .select({
              id: value('mandateId'),
              paymentId: value('id'),
              method: value('method'),
              renewals: value('renewals'),
              createdAt: value('at'),
            })
            .from(moved),
        )
        .returning({ id: sandboxMandates.id }),
    );
    return db
      .with(...(withMandate ? [moved, webhook, mandate] : [moved, webhook]))
      .insert(sandboxPayments)
      .select(
        db
          .select({
            id: value('id'),
            orderId: moved.id,
            amountPaise: value('amountPaise'),
            currency: value('currency'),
            status: value('status'),
            method: value('method'),
            vpa: value('vpa'),
            cardLast4: value('cardLast4'),
            cardNetwork: value('cardNetwork'),
            email: value('email'),
            contact: value('contact'),
            errorCode: value('errorCode'),
            errorDescription: value('errorDescription'),
            errorReason: value('errorReason'),
            amountRefundedPaise: literal('0', 'amount_refunded_paise'),
            createdAt: value('at'),
          })
          .from(moved),
      )
      .returning();
  });
const payWithoutMandate = paymentAttempt(false);
const payWithMandate = paymentAttempt(true);
const insertWebhooks = compiledInsert(
  'sandbox_webhooks_insert',
  (db, rows: Record<string, unknown>[]) =>
    db.insert(sandboxWebhooks).values(rows as (typeof sandboxWebhooks.$inferInsert)[]),
);

/** The sandbox gateway's books (db/schema/sandbox-gateway.ts): the only SQL the gateway runs. */
function gatewayBooks(db: Database, clock: Clock) {
  const paymentWithMandate = () => paymentWithMandateOn(db);

  return {
    async insertOrder(order: Omit<typeof sandboxOrders.$inferInsert, 'createdAt'>) {
      const [row] = await insertOrders(db, [{ ...order, createdAt: clock.now() }]);
      return row!;
    },

    async findOrder(id: string): Promise<SandboxOrderRow | undefined> {
      const [row] = await orderById(db).execute({ id });
      return row;
    },

    /**
     * One payment attempt on an order, in one statement (see paymentAttempt): the order moved to
     * `orderStatus`, the payment stored, its webhook queued, and the mandate made when one is
     * given. Undefined when the order was found paid: then nothing is written.
     */
    async recordAttempt(attempt: {
      payment: Omit<SandboxPaymentRow, 'amountRefundedPaise' | 'createdAt' | 'mandateId' | 'notes'>;
      orderStatus: 'paid' | 'attempted';
      webhook: { eventId: string; event: string; body: string; dueAt: Date };
      mandate?: { id: string; renewals: string };
      at: Date;
    }): Promise<typeof sandboxPayments.$inferSelect | undefined> {
      const { payment, webhook, mandate } = attempt;
      const statement = mandate ? payWithMandate : payWithoutMandate;
      const [row] = await statement(db).execute({
        ...payment,
        orderStatus: attempt.orderStatus,
        eventId: webhook.eventId,
        event: webhook.event,
        body: webhook.body,
        dueAt: webhook.dueAt.toISOString(),
        at: attempt.at.toISOString(),
        ...(mandate ? { mandateId: mandate.id, renewals: mandate.renewals } : {}),
      });
      return row;
    },

    async setOrderStatus(id: string, status: string): Promise<void> {
      await db
        .update(sandboxOrders)
        .set({ status, attempts: sql`${sandboxOrders.attempts} + 1` })
        .where(eq(sandboxOrders.id, id));
    },

    async insertPayment(
      payment: Omit<typeof sandboxPayments.$inferInsert, 'createdAt'>,
    ): Promise<SandboxPaymentRow> {
      await insertPayments(db, [{ ...payment, createdAt: clock.now() }]);
      // Read back with its order's notes (a new payment has no mandate yet).
      const [row] = await paymentById(db).execute({ id: payment.id });
      return row!;
    },

    async findPayment(id: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await paymentById(db).execute({ id });
      return row;
    },

    async lockPayment(id: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await paymentWithMandate()
        .where(eq(sandboxPayments.id, id))
        .for('update', { of: sandboxPayments });
      return row;
    },

    async paymentsOfOrder(orderId: string): Promise<SandboxPaymentRow[]> {
      return paymentsOfOrderStatement(db).execute({ orderId });
    },

    async findMandate(id: string): Promise<SandboxMandateRow | undefined> {
      const [row] = await db.select().from(sandboxMandates).where(eq(sandboxMandates.id, id));
      return row;
    },

    /** The order a charge with this idempotency key made, locked (a retry finds it). */
    async lockOrderByKey(idempotencyKey: string): Promise<SandboxOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.idempotencyKey, idempotencyKey))
        .for('update');
      return row;
    },

    async addRefunded(paymentId: string, amountPaise: number, fully: boolean): Promise<void> {
      await db
        .update(sandboxPayments)
        .set({
          amountRefundedPaise: sql`${sandboxPayments.amountRefundedPaise} + ${amountPaise}`,
          ...(fully ? { status: 'refunded' } : {}),
        })
        .where(eq(sandboxPayments.id, paymentId));
    },

    async findRefundByKey(idempotencyKey: string): Promise<SandboxRefundRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      return row;
    },

    async findRefund(id: string) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
      return row;
    },

    async insertRefund(refund: Omit<typeof sandboxRefunds.$inferInsert, 'createdAt'>) {
      const [row] = await db
        .insert(sandboxRefunds)
        .values({ ...refund, createdAt: clock.now() })
        .returning();
      return row!;
    },

    /** Owe the app a webhook, due at `dueAt`. */
    async queueWebhook(webhook: { eventId: string; event: string; body: string; dueAt: Date }) {
      await insertWebhooks(db, [
        {
          eventId: webhook.eventId,
          event: webhook.event,
          body: webhook.body,
          nextAttemptAt: webhook.dueAt,
          createdAt: clock.now(),
        },
      ]);
    },

    /** Due webhooks, leased to this runner until `leaseUntil` (SKIP LOCKED: never two runners). */
    async claimDueWebhooks(limit: number, leaseUntil: Date): Promise<SandboxWebhookRow[]> {
      const due = db
        .select({ id: sandboxWebhooks.id })
        .from(sandboxWebhooks)
        .where(
          and(isNull(sandboxWebhooks.deliveredAt), lte(sandboxWebhooks.nextAttemptAt, clock.now())),
        )
        .orderBy(asc(sandboxWebhooks.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(sandboxWebhooks)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${sandboxWebhooks.attempts} + 1` })
        .where(inArray(sandboxWebhooks.id, due))
        .returning();
    },

    /** Webhooks the app has acknowledged (2xx), in one update per batch. */
    async markWebhooksDelivered(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(sandboxWebhooks)
        .set({ deliveredAt: clock.now(), lastError: null })
        .where(inArray(sandboxWebhooks.id, ids));
    },

    async markWebhookFailed(id: string, error: string, retryAt: Date): Promise<void> {
      await db
        .update(sandboxWebhooks)
        .set({ lastError: error, nextAttemptAt: retryAt })
        .where(eq(sandboxWebhooks.id, id));
    },

    async listWebhooks(): Promise<SandboxWebhookRow[]> {
      return db.select().from(sandboxWebhooks).orderBy(asc(sandboxWebhooks.createdAt));
    },
  };
}

export type SandboxGatewayBooks = ReturnType<typeof gatewayBooks>;

export interface SandboxGatewayRepository extends SandboxGatewayBooks {
  /** Run `work` in one transaction over the same books. */
  transaction<T>(work: (books: SandboxGatewayBooks) => Promise<T>): Promise<T>;
}

export function createSandboxGatewayRepository(
  db: Database,
  clock: Clock,
): SandboxGatewayRepository {
  return {
    ...gatewayBooks(db, clock),
    transaction: (work) => db.transaction((tx) => work(gatewayBooks(tx, clock))),
  };
}
