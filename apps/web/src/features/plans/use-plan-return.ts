import { SUBSCRIPTION_MESSAGES as M } from '@pehnava/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { useRefreshPlan } from '../../lib/shopper';
import { confirmPlanPayment } from './api';

/** How often, and how many times, the page asks while the payment is not confirmed yet. */
export const RETURN_CHECK_INTERVAL_MS = 2_000;
export const RETURN_CHECKS = 5;

/** Where the plans page stands after a redirect provider sent the shopper back. */
export type PlanReturn = 'checking' | 'confirmed' | 'pending' | undefined;

/**
 * Back on /subscription-plans from a redirect provider's page (Stripe Checkout):
 * `?payment=success` asks the server to confirm the payment with the provider (the address is not
 * believed), again a few times while it is not confirmed, then says what it found and refreshes
 * the plan; `?payment=cancelled` says the payment was cancelled. The address is cleaned at once,
 * so a reload asks nothing again.
 */
export function usePlanReturn(): PlanReturn {
  const [search, setSearch] = useSearchParams();
  const refreshPlan = useRefreshPlan();
  // The return as the page was opened: cleaning the address must not end the checks.
  const [returned] = useState(() => search.get('payment'));
  const [state, setState] = useState<PlanReturn>(returned === 'success' ? 'checking' : undefined);

  const cleanAddress = useEffectEvent(() => setSearch({}, { replace: true }));
  const finish = useEffectEvent(async (status: 'confirmed' | 'pending', message: string) => {
    setState(status);
    if (status === 'confirmed') notify.success(message);
    else notify.info(message);
    await refreshPlan();
  });

  useEffect(() => {
    if (!returned) return;
    cleanAddress();
    if (returned !== 'success') {
      notify.info(M.paymentCancelled);
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (left: number) => {
      let status: 'confirmed' | 'pending' = 'pending';
      let message: string = M.paymentPending;
      try {
        ({ status, message } = await confirmPlanPayment());
      } catch {
        // Not answered this time: the provider's webhook still settles the payment.
      }
      if (stopped) return;
      if (status === 'confirmed' || left <= 1) {
        void finish(status, message);
        return;
      }
      timer = setTimeout(() => void check(left - 1), RETURN_CHECK_INTERVAL_MS);
    };
    void check(RETURN_CHECKS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [returned]);

  return state;
}
