import {
  SUBSCRIPTION_MESSAGES,
  type ConfirmPlanPaymentResponse,
  type SubscribeResponse,
  type Subscription,
  type VerifySubscriptionBody,
} from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
} from '../../adapters/payments/provider.js';
import { planEndedMail, renewalReminderMail } from './mails.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { backoffMs, describeFailure } from '../../lib/backoff.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import type { Decision, PaymentIntake } from '../payments/intake.js';
import { providerFailure } from '../payments/provider-failure.js';
import { ORDER_WATCH_MS } from '../payments/reconcile.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.js';
import type { PlanSettlement } from './plan-settlement.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

/** Periods taken per run of the renewals job, and reminders per run. */
export const RENEWALS_BATCH_SIZE = 10;
/** How long before a renewal its reminder is mailed (DECISIONS.md 'Plans'; issue [H]). */
export const RENEWAL_REMINDER_DAYS = 3;
/**
 * Tries of a renewal charge the provider cannot answer (down, or the debit still processing)
 * before the plan ends: with the backoff (30 s doubling, at most an hour apart) about a day. Each
 * try carries the period's idempotency key, so a charge the provider made meanwhile is found and
 * settled rather than made again; one that is captured after the plan has ended is refunded by
 * the payment intake (its notes name the period).
 */
export const RENEWAL_MAX_ATTEMPTS = 30;
const RENEWAL_LEASE_MS = 2 * 60_000;
/**
 * The shopper's plan orders looked at on their return from a redirect provider: the one just paid
 * is the newest, or nearly (another tab may have opened one since).
 */
export const RETURN_ORDERS_LOOKED_AT = 3;
const DAY_MS = 86_400_000;

export interface PlanBillingDeps {
  repos: Pick<Repositories, 'subscriptions' | 'payments' | 'users'>;
  uow: UnitOfWork;
  provider: PaymentProvider;
  intake: Pick<PaymentIntake, 'settle' | 'settleSigned'>;
  planSettlement: Pick<PlanSettlement, 'planChangedIn' | 'mailShopper' | 'recordRenewalOrder'>;
  subscriptions: Pick<SubscriptionsService, 'mySubscription'>;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings: { siteUrl: string; holdMinutes: number };
}

/**
 * Buying, changing, cancelling and renewing Plus and Pro (DECISIONS.md 'Plans'). A plan order is
 * priced from the plans table; what its payment does is the payment intake's to decide (once,
 * whichever of verify, the return from the provider's page and the webhook arrives first), with
 * the plans' settlers (plan-settlement.ts); renewals are charged by a job to the mandate the
 * shopper gave when paying.
 */
export function createPlanBillingService({
  repos: plain,
  uow,
  provider,
  intake,
  planSettlement,
  subscriptions,
  catalogue,
  clock,
  logger,
  settings,
}: PlanBillingDeps) {
  const plansUrl = `${settings.siteUrl}/subscription-plans`;

  /**
   * Run `work` in one transaction with the catalogue read first: reading it inside could wait on
   * the database the transaction holds (the embedded database has one connection).
   */
  async function inTransaction<T>(
    work: (tx: Repositories, catalogueNow: CatalogueSnapshot) => Promise<T>,
  ): Promise<T> {
    const catalogueNow = await catalogue.snapshot();
    return uow.run((tx) => work(tx, catalogueNow));
  }

  async function planNamed(planId: string) {
    const plan = await plain.subscriptions.planById(planId);
    return plan?.active ? plan : undefined;
  }

  /** What the shopper is told of a plan payment the intake decided. */
  async function answerFor(userId: string, decision: Decision | undefined): Promise<Subscription> {
    if (!decision) throw badRequest(SUBSCRIPTION_MESSAGES.paymentNotCaptured);
    if (decision.outcome === 'refunded') {
      throw new HttpError(409, SUBSCRIPTION_MESSAGES.planChangedMeanwhile);
    }
    return subscriptions.mySubscription(userId);
  }

  /** End the shopper's paid plan now (back to Free). */
  async function cancelNow(userId: string): Promise<boolean> {
    return inTransaction(async (tx, catalogueNow) => {
      const current = await tx.subscriptions.lockActiveOf(userId);
      if (!current || current.endDate <= clock.now()) return false;
      await tx.subscriptions.end(current.id, 'cancelled', clock.now());
      await planSettlement.planChangedIn(tx, userId, catalogueNow);
      return true;
    });
  }

  /** The period has ended: renew it (the charge decided by the intake) or let it expire. */
  async function renewOrExpire(due: SubscriptionRow): Promise<void> {
    const plan = await plain.subscriptions.planById(due.planId);
    const canCharge =
      due.autoRenew && due.mandateId && provider.chargeMandate && plan && plan.pricePaise > 0;
    if (!canCharge) {
      await expire(due, due.autoRenew ? 'renewal-unavailable' : 'auto-renew-off');
      return;
    }
    let payment: ProviderPayment;
    try {
      payment = await provider.chargeMandate!({
        mandateId: due.mandateId!,
        amountPaise: plan.pricePaise,
        receipt: `PLAN-${due.id.slice(0, 8).toUpperCase()}-R`,
        description: `Pehnava ${plan.name} plan renewal, 14 days`,
        // One charge per period, however often this is tried.
        idempotencyKey: `renewal:${due.id}`,
        notes: { purpose: 'renewal', subscriptionId: due.id, planId: plan.id },
      });
    } catch (error) {
      const lastTry =
        error instanceof ProviderRequestError || due.renewalAttempts >= RENEWAL_MAX_ATTEMPTS;
      if (lastTry) {
        logger.error(
          { subscriptionId: due.id, error: describeFailure(error) },
          'renewal could not be charged; the plan ends',
        );
        await expire(due, 'renewal-unavailable');
        return;
      }
      const retryAt = new Date(clock.now().getTime() + backoffMs(due.renewalAttempts));
      await plain.subscriptions.retryRenewalAt(due.id, retryAt);
      logger.warn(
        { subscriptionId: due.id, retryAt, error: describeFailure(error) },
        'renewal not charged yet; it will be tried again',
      );
      return;
    }
    if (payment.status !== 'captured') {
      await expire(due, 'renewal-declined');
      return;
    }
    // The charge's order, recorded for its period; the intake decides it once (the webhook may
    // have come first): the next period, or a refund if this one has ended meanwhile.
    await planSettlement.recordRenewalOrder(due, payment, plan.pricePaise);
    await intake.settle(payment);
  }

  async function expire(
    due: SubscriptionRow,
    reason: 'auto-renew-off' | 'renewal-declined' | 'renewal-unavailable',
  ): Promise<void> {
    await inTransaction(async (tx, catalogueNow) => {
      const row = await tx.subscriptions.lockById(due.id);
      if (!row || row.status !== 'active') return;
      await tx.subscriptions.end(row.id, 'expired', clock.now());
      await planSettlement.planChangedIn(tx, row.userId, catalogueNow);
      const plan = await tx.subscriptions.planById(row.planId);
      await planSettlement.mailShopper(tx, row.userId, 'plan-ended', (to) =>
        planEndedMail(to, { planName: plan?.name ?? row.planId }, reason, plansUrl),
      );
    });
  }

  return {
    /**
     * POST /api/subscription/subscribe: Free cancels the paid plan at once; Plus or Pro opens a
     * payment order for the plan's price (the plans table's, never the client's), asking the
     * provider for a mandate so the plan can renew itself.
     */
    async subscribe(
      userId: string,
      planId: string,
      webOrigin: string = settings.siteUrl,
    ): Promise<Omit<SubscribeResponse, 'success'>> {
      const plan = await planNamed(planId);
      if (!plan) throw notFound(SUBSCRIPTION_MESSAGES.planNotFound);
      const current = await subscriptions.mySubscription(userId);
      if (current.plan === plan.id) {
        throw new HttpError(409, SUBSCRIPTION_MESSAGES.alreadyOnPlan);
      }
      if (plan.pricePaise === 0) {
        await cancelNow(userId);
        return {
          message: SUBSCRIPTION_MESSAGES.cancelledImmediately,
          order: null,
          orderId: null,
          amount: 0,
          currency: 'INR',
          bookingReceipt: null,
          subscription: await subscriptions.mySubscription(userId),
        };
      }

      const user = await plain.users.findById(userId);
      const receipt = `PLAN-${plan.id.toUpperCase()}-${clock.now().getTime().toString(36).toUpperCase()}`;
      const back = (success: boolean) =>
        `${webOrigin}/subscription-plans?payment=${success ? 'success' : 'cancelled'}`;
      let order: ProviderOrder;
      try {
        order = await provider.createOrder({
          amountPaise: plan.pricePaise,
          receipt,
          notes: { purpose: 'subscription', planId: plan.id, userId },
          description: `Pehnava ${plan.name} plan, ${plan.durationDays} days`,
          ...(user
            ? {
                customerEmail: user.email,
                customerName: user.name,
                ...(user.phone ? { customerContact: user.phone } : {}),
              }
            : {}),
          returnUrls: { success: back(true), cancel: back(false) },
          recurring: true,
        });
      } catch (error) {
        const answer = providerFailure(error, {
          unavailable: SUBSCRIPTION_MESSAGES.providerUnavailable,
          refused: new HttpError(502, SUBSCRIPTION_MESSAGES.providerRefused),
        });
        logger.warn({ err: error, planId: plan.id }, 'plan order could not be created');
        throw answer;
      }
      const opened = clock.now();
      await plain.payments.insertPayment({
        userId,
        purpose: 'subscription',
        bookingId: null,
        planId: plan.id,
        provider: provider.name,
        providerOrderId: order.id,
        amountPaise: order.amountPaise,
        currency: 'INR',
        // Watched by the reconciliation, in case its result never reaches us.
        reconcileAt: new Date(opened.getTime() + settings.holdMinutes * 60_000),
        reconcileUntil: new Date(opened.getTime() + ORDER_WATCH_MS),
      });
      return {
        message: SUBSCRIPTION_MESSAGES.orderCreated(plan.name),
        order: {
          id: order.id,
          amount: order.amountPaise,
          currency: 'INR',
          receipt,
          checkoutUrl: order.checkoutUrl,
          customerId: order.customerId ?? null,
        },
        orderId: order.id,
        amount: order.amountPaise,
        currency: 'INR',
        bookingReceipt: receipt,
        subscription: current,
      };
    },

    /**
     * POST /api/subscription/verify: the checkout's result for a plan order of this shopper. The
     * signature is checked against the stored order; the intake asks the provider for the payment
     * and decides it once (a replay activates nothing again).
     */
    async verify(userId: string, body: VerifySubscriptionBody): Promise<Subscription> {
      const record = await plain.payments.byProviderOrder(provider.name, body.razorpay_order_id);
      if (!record || record.purpose !== 'subscription' || record.userId !== userId) {
        throw notFound(SUBSCRIPTION_MESSAGES.orderNotFound);
      }
      const reported = await intake
        .settleSigned(record, {
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
        })
        .catch((error: unknown) => {
          throw providerFailure(error, {
            unavailable: SUBSCRIPTION_MESSAGES.providerUnavailable,
            refused: badRequest(SUBSCRIPTION_MESSAGES.verifyFailed),
          });
        });
      if (reported === 'forged') throw badRequest(SUBSCRIPTION_MESSAGES.verifyFailed);
      return answerFor(userId, reported.decision);
    },

    /**
     * POST /api/subscription/confirm: the shopper is back from a redirect provider's page (Stripe
     * Checkout). Their latest plan orders are read back from the provider (the browser's word that
     * it paid is never taken) and each paid one decided by the intake, as the webhook would have,
     * newest first: the newest purchase is the plan in effect, and an older one paid too is
     * refunded. `pending` while the provider has no payment for the newest order, or cannot be
     * reached (its webhook will still come).
     */
    async confirmReturn(userId: string): Promise<Omit<ConfirmPlanPaymentResponse, 'success'>> {
      const orders = await plain.payments.latestPlanOrdersOf(
        userId,
        provider.name,
        RETURN_ORDERS_LOOKED_AT,
      );
      if (orders.length === 0) throw notFound(SUBSCRIPTION_MESSAGES.orderNotFound);
      let activated = false;
      for (const record of orders) {
        if (record.status === 'completed') continue;
        let made: ProviderPayment[];
        try {
          made = await provider.fetchOrderPayments(record.providerOrderId);
        } catch (error) {
          if (!(
            error instanceof ProviderUnavailableError || error instanceof ProviderRequestError
          )) {
            throw error;
          }
          logger.warn(
            { paymentId: record.id, error: describeFailure(error) },
            'a returning plan payment could not be read; its webhook will settle it',
          );
          continue;
        }
        for (const payment of made.filter((p) => p.status === 'captured')) {
          const decision = await intake.settle(payment);
          if (decision?.outcome === 'applied' && decision.fresh) activated = true;
        }
      }
      const [newest] = await plain.payments.latestPlanOrdersOf(userId, provider.name, 1);
      const confirmed = activated || newest?.status === 'completed';
      return {
        status: confirmed ? 'confirmed' : 'pending',
        message: confirmed ? SUBSCRIPTION_MESSAGES.activated : SUBSCRIPTION_MESSAGES.paymentPending,
        subscription: await subscriptions.mySubscription(userId),
      };
    },

    /** POST /api/subscription/cancel: now (back to Free), or at the end of the period. */
    async cancel(
      userId: string,
      immediate: boolean,
    ): Promise<{ message: string; subscription: Subscription }> {
      if (immediate) {
        if (!(await cancelNow(userId))) throw badRequest(SUBSCRIPTION_MESSAGES.notSubscribed);
        return {
          message: SUBSCRIPTION_MESSAGES.cancelledImmediately,
          subscription: await subscriptions.mySubscription(userId),
        };
      }
      const turnedOff = await uow.run(async (tx) => {
        const current = await tx.subscriptions.lockActiveOf(userId);
        if (!current || current.endDate <= clock.now()) return false;
        await tx.subscriptions.setAutoRenew(current.id, false, clock.now());
        return true;
      });
      if (!turnedOff) throw badRequest(SUBSCRIPTION_MESSAGES.notSubscribed);
      return {
        message: SUBSCRIPTION_MESSAGES.autoRenewOff,
        subscription: await subscriptions.mySubscription(userId),
      };
    },

    /**
     * The renewals job: every period that has reached its end is renewed (auto-renew on, a
     * mandate, the charge accepted) or expires, with a mail either way. Safe with several
     * processes: each period is leased to one runner (SKIP LOCKED) and the charge carries an
     * idempotency key per period.
     */
    async renewDue(): Promise<number> {
      const now = clock.now();
      const claimed = await plain.subscriptions.claimDue(
        now,
        new Date(now.getTime() + RENEWAL_LEASE_MS),
        RENEWALS_BATCH_SIZE,
      );
      for (const due of claimed) {
        try {
          await renewOrExpire(due);
        } catch (error) {
          // The lease lapses and a later run takes it again.
          logger.error({ err: error, subscriptionId: due.id }, 'renewal run failed');
        }
      }
      return claimed.length;
    },

    /** Mail the shopper 3 days before an automatic renewal: what, when, and how to stop it. */
    async remindDue(): Promise<number> {
      const now = clock.now();
      return uow.run(async (tx) => {
        const due = await tx.subscriptions.claimReminders(
          now,
          new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS),
          RENEWALS_BATCH_SIZE,
        );
        for (const row of due) {
          const plan = await tx.subscriptions.planById(row.planId);
          if (!plan) continue;
          await planSettlement.mailShopper(tx, row.userId, 'plan-renewal-reminder', (to) =>
            renewalReminderMail(
              to,
              { planName: plan.name, pricePaise: plan.pricePaise, endDate: row.endDate },
              plansUrl,
            ),
          );
        }
        return due.length;
      });
    },
  };
}

export type PlanBillingService = ReturnType<typeof createPlanBillingService>;
