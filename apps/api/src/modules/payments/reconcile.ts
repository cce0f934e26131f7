import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderPayment } from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { describeFailure } from '../../lib/backoff.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentIntake } from './intake.js';
import type { PaymentRow } from './payments.repository.js';

/** Orders asked about per run of the reconciliation (the booking-holds job). */
export const RECONCILE_BATCH_SIZE = 20;
/** How long a runner holds an order it is asking about before another may take it. */
const RECONCILE_LEASE_MS = 2 * 60_000;
/** How long an unpaid order is watched after it is opened: Razorpay retries a webhook for a day. */
export const ORDER_WATCH_MS = 24 * 3_600_000;

export interface ReconciliationDeps {
  repos: Pick<Repositories, 'payments'>;
  uow: UnitOfWork;
  provider: PaymentProvider;
  intake: PaymentIntake;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The hold: also the longest wait between two questions about an order still watched. */
  holdMinutes: number;
}

/**
 * The reconciliation of unpaid orders: a payment whose result never reached Pehnava (the browser
 * closed, a webhook lost) is still decided. Each order is asked about when its hold ends, then
 * again at growing intervals (1 minute, doubling, at most the hold's length) until it is paid,
 * closed at the provider, or a day old. At its hold's end, an order with nothing paid lets go of
 * what it held (a booking's pieces and coupon): that is how a checkout's hold expires. Orders
 * given up (replaced, expired, their shopper gone) are closed at the provider where it can close
 * them (Stripe), so they can never be paid afterwards. Several processes share the work: each
 * order is leased to one runner (SKIP LOCKED).
 */
export function createReconciliation({
  repos,
  uow,
  provider,
  intake,
  clock,
  logger,
  holdMinutes,
}: ReconciliationDeps) {
  /** Wait before asking about an order again, after `asked` questions. */
  const nextWait = (asked: number) =>
    Math.min(60_000 * 2 ** Math.max(0, asked - 1), holdMinutes * 60_000);

  /** Close the order at the provider if it can be closed: true once it can no longer be paid. */
  async function close(order: PaymentRow): Promise<boolean> {
    if (order.closedAt) return true;
    if (!provider.cancelOrder) return false;
    if (!(await provider.cancelOrder(order.providerOrderId))) return false;
    await repos.payments.markClosed(order.id);
    return true;
  }

  /**
   * Decide every captured payment of the order; true when one was applied (a payment refunded
   * instead, for the wrong amount say, leaves what the order was for still unpaid).
   */
  async function settlePaid(order: PaymentRow): Promise<boolean> {
    const made: ProviderPayment[] = await provider.fetchOrderPayments(order.providerOrderId);
    let applied = false;
    for (const payment of made.filter((candidate) => candidate.status === 'captured')) {
      if ((await intake.settle(payment))?.outcome === 'applied') applied = true;
    }
    return applied;
  }

  /** Ask about one order; when to ask again (null: never). */
  async function reconcile(order: PaymentRow): Promise<Date | null> {
    const settler = intake.settlerFor(order.purpose);
    // A given-up order is closed first, so that what it is asked about next is final.
    let closed = order.status === 'failed' ? await close(order) : !!order.closedAt;
    if (await settlePaid(order)) return null;
    if (order.status === 'created' && settler?.lapse) {
      // Its hold is over. Close it at the provider first: once it cannot be paid, nothing can
      // arrive after what it held is let go. One paid meanwhile is decided instead.
      closed = await close(order);
      if (!closed && (await settlePaid(order))) return null;
      await uow.run(async (tx) => {
        // The shopper's money lock first, as the intake takes it: the two never wait in a circle.
        if (order.userId) await tx.users.lockForMoney(order.userId);
        await settler.lapse!(tx, order);
      });
    }
    const now = clock.now();
    const until = order.reconcileUntil ?? new Date(order.createdAt.getTime() + ORDER_WATCH_MS);
    if (closed || now >= until) return null;
    return new Date(now.getTime() + nextWait(order.reconcileAttempts));
  }

  return {
    /**
     * The booking-holds job's run: every order due a question is asked about, its payments
     * decided, its hold let go if nothing was paid. A provider that cannot be reached is asked
     * again later; the holds it keeps wait for its answer (a piece is never let go while its
     * payment may have been taken).
     */
    async reconcileDue(): Promise<number> {
      const claimed = await repos.payments.claimDueOrders(
        RECONCILE_BATCH_SIZE,
        new Date(clock.now().getTime() + RECONCILE_LEASE_MS),
      );
      for (const order of claimed) {
        let next: Date | null;
        try {
          next = await reconcile(order);
        } catch (error) {
          next = new Date(clock.now().getTime() + nextWait(order.reconcileAttempts));
          logger.warn(
            { orderId: order.id, error: describeFailure(error), retryAt: next },
            'could not ask the provider about an order; asking again later',
          );
        }
        await repos.payments.reconcileAt(order.id, next);
      }
      return claimed.length;
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
