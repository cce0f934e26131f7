import type { ProviderPayment } from '../../adapters/payments/provider.js';
import { recipientOf, type MailRecipient } from '../../adapters/mail/language.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { Repositories } from '../../db/repositories.js';
import type { Clock } from '../../lib/clock.js';
import type { CartService } from '../cart/cart.service.js';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.js';
import type { Refusal, Settler, Verdict } from '../payments/intake.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import { planActivatedMail, planPaymentRefundedMail, planRenewedMail } from './mails.js';
import type { SubscriptionRow } from './subscriptions.repository.js';
import { subscriptionFrom } from './subscriptions.service.js';

const DAY_MS = 86_400_000;

export interface PlanSettlementDeps {
  /** Repositories outside any transaction (recording a renewal charge's order). */
  repos: Pick<Repositories, 'payments' | 'subscriptions'>;
  /** The cart is priced for the plan: it is priced again in the transaction that changes it. */
  cart: Pick<CartService, 'repriceIn'>;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  clock: Clock;
  providerName: string;
  settings: { siteUrl: string };
}

const refuse = (code: string, detail: string): Verdict => ({ refused: { code, detail } });

/**
 * What plan payments do (the plans' settlers of the payment intake, DECISIONS.md 'Plans'). A
 * purchase starts a 14-day period at once, ending the plan in effect; it is refunded instead when
 * the plan is already active, or when another purchase was applied while its order was open (the
 * shopper chose that one). A renewal charge starts the next period of the one it was charged for,
 * from its end date; it is refunded when that period has ended meanwhile.
 */
export function createPlanSettlement({
  repos,
  cart,
  catalogue,
  clock,
  providerName,
  settings,
}: PlanSettlementDeps) {
  const plansUrl = `${settings.siteUrl}/subscription-plans`;

  /** The shopper's plan has just changed in `tx`: their cart follows it in the same transaction. */
  async function planChangedIn(
    tx: Repositories,
    userId: string,
    catalogueNow: CatalogueSnapshot,
  ): Promise<void> {
    const now = await tx.subscriptions.findCurrent(userId, clock.now());
    await cart.repriceIn(tx.cart, userId, subscriptionFrom(now), catalogueNow);
  }

  /**
   * Write a mail to the shopper into the outbox, in `tx` (none for an account that is gone);
   * answers its id.
   */
  async function mailShopper(
    tx: Repositories,
    userId: string | null,
    kind: string,
    draw: (to: MailRecipient) => MailMessage,
  ): Promise<string | undefined> {
    const user = userId ? await tx.users.findById(userId) : undefined;
    return user ? tx.outbox.enqueue(kind, draw(recipientOf(user))) : undefined;
  }

  /** Refused: the shopper is told, with the plan's name. */
  async function mailRefund(
    tx: Repositories,
    order: PaymentRow,
    payment: ProviderPayment,
    refusal: Refusal,
  ): Promise<void> {
    const plan = order.planId ? await tx.subscriptions.planById(order.planId) : undefined;
    await mailShopper(tx, order.userId, 'plan-payment-refunded', (to) =>
      planPaymentRefundedMail(
        to,
        {
          planName: plan?.name ?? 'plan',
          pricePaise: payment.amountPaise,
          paymentId: payment.id,
          renewal: order.purpose === 'renewal',
        },
        refusal,
        plansUrl,
      ),
    );
  }

  const prepare = () => catalogue.snapshot();

  const purchase: Settler<CatalogueSnapshot> = {
    prepare,

    async decide(tx, order, payment, catalogueNow) {
      const userId = order.userId;
      if (!userId || !(await tx.users.findById(userId))) {
        return refuse('account-deleted', 'The account that bought it has been deleted.');
      }
      if (order.status === 'failed') {
        return refuse(
          'plan-order-stale',
          'You bought another plan while this payment was open, and that plan is the one you have.',
        );
      }
      const plan = order.planId ? await tx.subscriptions.planById(order.planId) : undefined;
      if (!plan?.active || plan.pricePaise === 0) {
        return refuse('plan-unavailable', 'This plan is no longer offered.');
      }
      const now = clock.now();
      const current = await tx.subscriptions.lockActiveOf(userId);
      const running = current && current.endDate > now ? current : undefined;
      if (running?.planId === plan.id) {
        return refuse('plan-already-active', `Your ${plan.name} plan was already active.`);
      }
      // A change of plan starts a new period at once (DECISIONS.md 'Plans').
      if (current) await tx.subscriptions.end(current.id, running ? 'cancelled' : 'expired', now);
      const endDate = new Date(now.getTime() + plan.durationDays * DAY_MS);
      const period = await tx.subscriptions.insert(
        {
          userId,
          planId: plan.id,
          startDate: now,
          endDate,
          autoRenew: true,
          mandateId: payment.mandateId ?? null,
          paymentId: order.id,
        },
        now,
      );
      // Any other plan order still open was a choice the shopper did not make: paying it later
      // buys nothing (it is refunded), and the reconciliation closes it where the provider can.
      await tx.payments.giveUpOtherPlanOrders(userId, order.id, now);
      await planChangedIn(tx, userId, catalogueNow);
      const mail = await mailShopper(tx, userId, 'plan-activated', (to) =>
        planActivatedMail(
          to,
          {
            planName: plan.name,
            pricePaise: order.amountPaise,
            endDate,
            paymentId: payment.id,
            method: payment.method,
            autoRenew: true,
          },
          plansUrl,
        ),
      );
      return { applied: { plan: period.id }, mails: mail ? [mail] : [] };
    },

    refused: (tx, order, payment, refusal) => mailRefund(tx, order, payment, refusal),
  };

  const renewal: Settler<CatalogueSnapshot> = {
    prepare,

    async decide(tx, order, payment, catalogueNow) {
      const period = order.subscriptionId
        ? await tx.subscriptions.lockById(order.subscriptionId)
        : undefined;
      if (period?.status !== 'active') {
        return refuse('period-ended', 'your plan had already ended when the charge went through.');
      }
      const plan = await tx.subscriptions.planById(period.planId);
      if (!plan) return refuse('plan-unavailable', 'This plan is no longer offered.');
      await tx.subscriptions.end(period.id, 'expired', clock.now());
      const endDate = new Date(period.endDate.getTime() + plan.durationDays * DAY_MS);
      const next = await tx.subscriptions.insert(
        {
          userId: period.userId,
          planId: plan.id,
          startDate: period.endDate,
          endDate,
          autoRenew: true,
          mandateId: period.mandateId,
          paymentId: order.id,
        },
        clock.now(),
      );
      await planChangedIn(tx, period.userId, catalogueNow);
      const mail = await mailShopper(tx, period.userId, 'plan-renewed', (to) =>
        planRenewedMail(
          to,
          { planName: plan.name, pricePaise: payment.amountPaise, endDate, paymentId: payment.id },
          plansUrl,
        ),
      );
      return { applied: { plan: next.id }, mails: mail ? [mail] : [] };
    },

    refused: (tx, order, payment, refusal) => mailRefund(tx, order, payment, refusal),

    /**
     * A renewal charge whose order was never recorded (the charge's answer was lost, or it was
     * still processing when the renewal gave up): its notes name the period it was for.
     */
    async adopt(payment) {
      if (payment.notes?.purpose !== 'renewal' || !payment.notes.subscriptionId) return undefined;
      const period = await repos.subscriptions.findById(payment.notes.subscriptionId);
      return recordRenewalOrder(period, payment, payment.amountPaise);
    },
  };

  /**
   * The order of a renewal charge the provider made, recorded once (whoever records it first:
   * the renewals job with the charge's answer, or the intake with its webhook).
   */
  async function recordRenewalOrder(
    period: SubscriptionRow | undefined,
    payment: ProviderPayment,
    amountPaise: number,
  ): Promise<PaymentRow> {
    return repos.payments.insertPaymentIfAbsent({
      userId: period?.userId ?? null,
      purpose: 'renewal',
      bookingId: null,
      planId: period?.planId ?? payment.notes?.planId ?? null,
      subscriptionId: period?.id ?? null,
      provider: providerName,
      providerOrderId: payment.orderId,
      amountPaise,
      currency: 'INR',
    });
  }

  return { purchase, renewal, planChangedIn, mailShopper, recordRenewalOrder };
}

export type PlanSettlement = ReturnType<typeof createPlanSettlement>;
