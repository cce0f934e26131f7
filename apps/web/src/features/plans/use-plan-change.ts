import { useQueryClient } from '@tanstack/react-query';
import {
  SUBSCRIPTION_MESSAGES as M,
  BOOKING_MESSAGES,
  type Plan,
  type SubscribeResponse,
} from '@pehnava/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useShopperMessage } from '../../i18n/api-messages';
import { useMessages } from '../../i18n/messages';
import { plansMessages } from '../../i18n/plans';
import { notify } from '../../lib/notify';
import { getToken } from '../../lib/session';
import { useRefreshPlan } from '../../lib/shopper';
import { clientConfigQuery } from '../checkout/api';
import { payInSheet } from '../checkout/payment-checkout';
import { brandColour } from '../checkout/use-place-order';
import { cancelPlan, subscribe, verifyPlanPayment } from './api';
import { planAction } from './plan-action';

/** What is under way on the plans page: the plan being bought or changed, or a cancellation. */
export type PlanBusy = Plan['id'] | 'cancel-now' | 'auto-renew' | undefined;

/**
 * The plans page's actions (SPEC.md §4 Plans and Upgrade flow): choose a plan (an order, then the
 * payment modal, then verify; Free cancels at once), cancel now or turn auto-renewal off, each
 * after the browser's confirmation. One action at a time; prices everywhere follow the new plan.
 */
export function usePlanChange({ name, email }: { name?: string; email?: string }) {
  const m = useMessages(plansMessages);
  // Asked with the browser's confirm, not a toast: said here in the page's language.
  const confirmCancel = useShopperMessage(M.confirmCancel);
  const client = useQueryClient();
  const navigate = useNavigate();
  const refreshPlan = useRefreshPlan();
  const running = useRef(false);
  const [busy, setBusy] = useState<PlanBusy>();

  async function run(what: Exclude<PlanBusy, undefined>, work: () => Promise<void>) {
    if (running.current) return;
    running.current = true;
    setBusy(what);
    try {
      await work();
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      running.current = false;
      setBusy(undefined);
    }
  }

  /** Open the provider's checkout for the plan order and verify what it hands back. */
  async function pay(plan: Plan, order: NonNullable<SubscribeResponse['order']>) {
    if (order.checkoutUrl) {
      // A redirect provider: its page returns to /subscription-plans?payment=…
      window.location.assign(order.checkoutUrl);
      return;
    }
    const outcome = await payInSheet(
      () => client.fetchQuery(clientConfigQuery),
      {
        amount: order.amount,
        currency: order.currency || 'INR',
        name: 'Pehnava',
        // The API's period in words (plan.duration) is daysLabel(durationDays).
        description: m.checkoutDescription({ plan: plan.name, days: plan.durationDays }),
        order_id: order.id,
        prefill: { name, email },
        theme: { color: brandColour() },
        recurring: '1',
        // Razorpay makes the recurring token for this customer only when the checkout names it.
        ...(order.customerId ? { customer_id: order.customerId } : {}),
      },
      {
        initFailed: M.paymentInitFailed,
        openFailed: M.initiateFailed,
        verifyFailed: M.verifyFailed,
      },
    );
    if (outcome.kind === 'dismissed') {
      notify.info(M.paymentCancelled);
      return;
    }
    if (outcome.kind === 'failed') {
      notify.error(BOOKING_MESSAGES.paymentFailed(outcome.description));
      return;
    }
    const answer = await verifyPlanPayment(outcome.ids);
    notify.success(answer.message || M.activated);
    await refreshPlan();
  }

  /** A plan card's button. */
  function choose(plan: Plan, current: { plan: Plan['id'] }) {
    if (!getToken()) {
      notify.info(M.loginToUpgrade);
      void navigate('/login');
      return;
    }
    const action = planAction(plan, current);
    if (action === 'current') {
      notify.info(M.alreadyOnPlan);
      return;
    }
    if (action === 'cancel' && !window.confirm(confirmCancel)) return;
    void run(plan.id, async () => {
      const answer = await subscribe(plan.id);
      if (!answer.order) {
        // Free: the paid plan ended at once.
        notify.success(answer.message);
        await refreshPlan();
        return;
      }
      notify.success(answer.message);
      await pay(plan, answer.order);
    });
  }

  /**
   * Cancel Subscription on the current plan: now, or at the end of the period (`endDate`, written
   * in the page's language).
   */
  function cancel(immediate: boolean, endDate: string) {
    const question = immediate ? confirmCancel : m.confirmAutoRenewOff({ date: endDate });
    if (!window.confirm(question)) return;
    void run(immediate ? 'cancel-now' : 'auto-renew', async () => {
      const answer = await cancelPlan(immediate);
      notify.success(answer.message);
      await refreshPlan();
    });
  }

  return { choose, cancel, busy };
}
