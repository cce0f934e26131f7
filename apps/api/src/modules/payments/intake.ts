import type { PaymentPurpose } from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderPayment } from '../../adapters/payments/provider.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { TaxDocuments } from '../tax-documents/tax-documents.service.js';
import type { UserRow } from '../users/users.repository.js';
import type { CaptureRow, PaymentRow } from './payments.repository.js';

/*
 * The payment intake: the one place a captured payment's fate is decided (decision 048). Every
 * arrival of a payment, the browser's verify, Stripe's return, each provider's webhook, the
 * reconciliation of unpaid orders and the renewal charges, comes here. The payment is taken as the
 * provider reports it now (never as a browser or a webhook body says it), and decided once, in one
 * transaction under a lock on its order: applied to exactly one booking, plan period or set of charges due, or refunded
 * in full and never applied. The `captures` table keeps the decision, and its constraints make any
 * other outcome impossible (migration 0007). What a payment can pay for registers a settler.
 */

/** Why a payment was refunded instead of applied: a code kept with it, and words for the shopper. */
export interface Refusal {
  /** Kept as the capture's and the refund's reason ('pieces-taken', 'plan-order-stale'…). */
  code: string;
  /** A sentence for the shopper's mail and the log, naming what no longer holds. */
  detail: string;
}

/** A settler's verdict on a payment: applied (its effects already written in the transaction), or refused. */
export type Verdict =
  | {
      applied: { booking: string } | { plan: string } | { charges: string } | { extension: string };
      /** The mails queued to confirm it: they carry its tax invoice (decision 082). */
      mails?: string[];
    }
  | { refused: Refusal };

/**
 * What a payment's order was for decides it: bookings, plan purchases, renewals, balances due,
 * extensions.
 */
export interface Settler<Context = unknown> {
  /** Read what the decision needs before its transaction (the embedded database has one connection). */
  prepare(): Promise<Context>;
  /**
   * Apply the payment to what its order was for, or refuse it, in `tx`, under the lock of the
   * shopper and the order. Amount and currency are already checked against the order. `shopper`
   * is the order's shopper as read under their money lock, in `tx` (undefined when the order
   * names none or the account is gone): what a confirmation's mail needs, without reading again.
   */
  decide(
    tx: Repositories,
    order: PaymentRow,
    payment: ProviderPayment,
    context: Context,
    shopper: UserRow | undefined,
  ): Promise<Verdict>;
  /**
   * The payment is being refunded in full: tell the shopper why (through the outbox), in `tx`.
   * `shopper` as for decide.
   */
  refused(
    tx: Repositories,
    order: PaymentRow,
    payment: ProviderPayment,
    refusal: Refusal,
    context: Context,
    shopper: UserRow | undefined,
  ): Promise<void>;
  /**
   * The reconciliation found nothing paid on an open order whose time to ask has come: let go of
   * what it held if its hold is over (it is closed at the provider first, where that is possible),
   * in `tx`. Settlers of orders that hold nothing leave it out.
   */
  lapse?(tx: Repositories, order: PaymentRow): Promise<void>;
  /**
   * A payment names an order Pehnava has no row for: if it is one of this settler's (a renewal
   * charge whose answer was lost), record its order now and return it.
   */
  adopt?(payment: ProviderPayment): Promise<PaymentRow | undefined>;
}

/** A payment's fate, as decided now or before. */
export interface Decision {
  outcome: 'applied' | 'refunded';
  capture: CaptureRow;
  /** True when this call decided it; false when it was decided before (by whichever path). */
  fresh: boolean;
}

/** A reported payment's decision, and the payment as the provider has it (when it was asked). */
export interface Reported {
  decision: Decision | undefined;
  payment: ProviderPayment | undefined;
}

export interface PaymentIntakeDeps {
  /** Repositories outside any transaction. */
  repos: Pick<Repositories, 'payments'>;
  uow: UnitOfWork;
  provider: PaymentProvider;
  /** Every payment applied gets its tax invoice, in the transaction that applies it (decision 081). */
  invoices: Pick<TaxDocuments, 'invoiceIn'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export function createPaymentIntake({ repos, uow, provider, invoices, logger }: PaymentIntakeDeps) {
  const settlers = new Map<PaymentPurpose, Settler<unknown>>();

  const decisionOf = (capture: CaptureRow, fresh: boolean): Decision => ({
    outcome: capture.outcome,
    capture,
    fresh,
  });

  /**
   * The order a payment was made against: ours, or one a settler recognises and records now.
   * `read` is the order's row as the caller has just read it, when it has (the unique index on
   * provider and order id makes it the same row); its money is read again under its lock.
   */
  async function orderOf(
    payment: ProviderPayment,
    read?: PaymentRow,
  ): Promise<PaymentRow | undefined> {
    if (read && read.provider === provider.name && read.providerOrderId === payment.orderId) {
      return read;
    }
    const known = await repos.payments.byProviderOrder(provider.name, payment.orderId);
    if (known) return known;
    for (const settler of settlers.values()) {
      const adopted = await settler.adopt?.(payment);
      if (adopted) return adopted;
    }
    return undefined;
  }

  /**
   * Decide a captured payment, as the provider has just reported it. Undefined when there is
   * nothing to decide: not captured (yet), or made against an order that is not Pehnava's. A
   * payment decided before is answered as it was decided, whoever asks and however often.
   */
  async function settle(payment: ProviderPayment): Promise<Decision | undefined> {
    const earlier = await repos.payments.captureOf(provider.name, payment.id);
    if (earlier) return decisionOf(earlier, false);
    return decideNew(payment);
  }

  /**
   * settle, for a payment the caller has just found undecided (it is checked again under the
   * order's lock, whoever decided it meanwhile).
   */
  async function decideNew(
    payment: ProviderPayment,
    read?: PaymentRow,
  ): Promise<Decision | undefined> {
    if (payment.status !== 'captured') return undefined;
    const order = await orderOf(payment, read);
    if (!order) {
      logger.error(
        { orderId: payment.orderId, paymentId: payment.id },
        'a captured payment names an order Pehnava does not know; it is left to operators',
      );
      return undefined;
    }
    const settler = settlers.get(order.purpose);
    if (!settler) throw new Error(`No settler for ${order.purpose} payments`);
    const context = await settler.prepare();

    const decision = await uow.run(async (tx) => {
      // The shopper's money lock, then the order's: every path takes them in this order.
      const shopper = order.userId ? await tx.users.lockForMoney(order.userId) : undefined;
      const locked = await tx.payments.lockById(order.id);
      const decided = await tx.payments.captureOf(provider.name, payment.id);
      if (!locked || decided) return decided && decisionOf(decided, false);

      const verdict: Verdict =
        payment.amountPaise !== locked.amountPaise || payment.currency !== locked.currency
          ? {
              refused: {
                code: 'amount-mismatch',
                detail: `The payment of ${payment.amountPaise} paise (${payment.currency}) does not match the ${locked.amountPaise} paise asked for.`,
              },
            }
          : await settler.decide(tx, locked, payment, context, shopper);

      const base = {
        orderId: locked.id,
        provider: provider.name,
        providerPaymentId: payment.id,
        amountPaise: payment.amountPaise,
        currency: payment.currency,
        method: payment.method,
      };
      if ('applied' in verdict) {
        const target = verdict.applied;
        // Kept, and its order completed, in one statement.
        const capture = await tx.payments.applyCapture({
          ...base,
          ...('booking' in target
            ? { appliedTo: 'booking' as const, bookingId: target.booking }
            : 'plan' in target
              ? { appliedTo: 'plan' as const, subscriptionId: target.plan }
              : 'extension' in target
                ? // The extension it paid names its order (booking_extensions).
                  { appliedTo: 'extension' as const }
                : // The charges it paid name their order (balance_order_charges).
                  { appliedTo: 'charges' as const }),
        });
        // Its tax invoice, numbered last: the series' counter is held only until this commits.
        // The confirmation queued by the settler carries it, as a reference (decision 082).
        const invoice = await invoices.invoiceIn(tx, { order: locked, capture, shopper });
        await tx.outbox.attach(verdict.mails ?? [], [{ taxDocumentId: invoice.id }]);
        return decisionOf(capture, true);
      }
      const capture = await tx.payments.insertCapture({
        ...base,
        outcome: 'refunded',
        reason: verdict.refused.code,
      });
      await tx.payments.insertRefund({
        paymentId: locked.id,
        captureId: capture.id,
        bookingId: locked.bookingId,
        providerPaymentId: payment.id,
        amountPaise: payment.amountPaise,
        reason: verdict.refused.code,
        // The same key as before this intake existed: one refund per payment, whoever asks.
        idempotencyKey: `refund:${payment.id}`,
      });
      await settler.refused(tx, locked, payment, verdict.refused, context, shopper);
      logger.warn(
        { orderId: locked.id, paymentId: payment.id, reason: verdict.refused.code },
        'a captured payment is refunded in full instead of applied',
      );
      return decisionOf(capture, true);
    });
    if (decision?.fresh) {
      logger.info(
        { orderId: order.id, paymentId: payment.id, outcome: decision.outcome },
        'payment decided',
      );
    }
    return decision;
  }

  /**
   * A payment someone reported (a browser's verify, a webhook): the provider is asked what it is
   * now, and that is decided. A payment decided before is answered without asking. No decision
   * when the provider has no captured payment by that id on that order. Provider failures are
   * thrown (the caller answers 503, or the webhook is retried).
   */
  async function settleReported(
    report: { orderId: string; paymentId: string },
    read?: PaymentRow,
    /** The payment's capture (or none) as the caller has just read it, with `read`. */
    readCapture?: { capture: CaptureRow | undefined },
  ): Promise<Reported> {
    const earlier = readCapture
      ? readCapture.capture
      : await repos.payments.captureOf(provider.name, report.paymentId);
    if (earlier) return { decision: decisionOf(earlier, false), payment: undefined };
    const payment = (await provider.fetchOrderPayments(report.orderId)).find(
      (candidate) => candidate.id === report.paymentId,
    );
    return { decision: payment && (await decideNew(payment, read)), payment };
  }

  return {
    /** What a kind of order's payments are applied to (registered once, by the composition root). */
    register<Context>(purpose: PaymentPurpose, settler: Settler<Context>): void {
      // Its context goes back only to itself (prepare, then decide), so its type is its own.
      settlers.set(purpose, settler as unknown as Settler<unknown>);
    },

    settlerFor(purpose: PaymentPurpose): Settler<unknown> | undefined {
      return settlers.get(purpose);
    },

    settle,

    settleReported,

    /**
     * A modal checkout's result for one of our orders (the browser's verify): the provider's
     * signature over the order id stored for it and the payment id is checked first ('forged'
     * when it does not match: nothing is asked or decided), then the payment is settled as
     * reported. `readCapture`: the payment's capture (or none), when the caller has just read it
     * with the order (it is asked again under the order's lock before anything is decided).
     */
    async settleSigned(
      order: PaymentRow,
      result: { paymentId: string; signature: string },
      readCapture?: { capture: CaptureRow | undefined },
    ): Promise<Reported | 'forged'> {
      const signed = provider.verifyPaymentSignature({
        orderId: order.providerOrderId,
        paymentId: result.paymentId,
        signature: result.signature,
      });
      if (!signed) return 'forged';
      return settleReported(
        { orderId: order.providerOrderId, paymentId: result.paymentId },
        order,
        readCapture,
      );
    },

    /** The payment's fate if it has been decided, without asking anyone. */
    async decided(providerPaymentId: string): Promise<Decision | undefined> {
      const earlier = await repos.payments.captureOf(provider.name, providerPaymentId);
      return earlier && decisionOf(earlier, false);
    },
  };
}

export type PaymentIntake = ReturnType<typeof createPaymentIntake>;
