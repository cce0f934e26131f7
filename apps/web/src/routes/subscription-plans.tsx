import { MESSAGES, PLANS_META, SUBSCRIPTION_MESSAGES as M, dateFormatsIn } from '@pehnava/shared';
import { LoadFailed } from '../components/ui/load-failed';
import { usePlansWithTiers } from '../features/account/api';
import { CurrentPlan } from '../features/plans/current-plan';
import { planAction, recommendedPlan } from '../features/plans/plan-action';
import { PlanCard } from '../features/plans/plan-card';
import { PlansFaq } from '../features/plans/plans-faq';
import { usePlanChange } from '../features/plans/use-plan-change';
import { usePlanReturn } from '../features/plans/use-plan-return';
import { useShopperMessage } from '../i18n/api-messages';
import { useMessages, useLanguage } from '../i18n/messages';
import { plansMessages } from '../i18n/plans';
import { usePageMeta } from '../lib/page-meta';
import { useToken } from '../lib/session';
import { useProfile, useSubscription, useSubscriptionOrFree } from '../lib/shopper';

/**
 * /subscription-plans (SPEC.md §2 Subscription Plans): the shopper's plan, the three plans with
 * their prices, tiers and limits, the button each offers this shopper, and the FAQ.
 */
export function SubscriptionPlansPage() {
  usePageMeta(PLANS_META);
  const m = useMessages(plansMessages);
  const dates = dateFormatsIn(useLanguage());
  const token = useToken();
  const plans = usePlansWithTiers();
  const loadProblem = useShopperMessage(plans.error?.message || MESSAGES.failedToLoadPlans);
  const paymentPending = useShopperMessage(M.paymentPending);
  const subscriptionQuery = useSubscription();
  const subscription = useSubscriptionOrFree();
  const profile = useProfile().data;
  const { choose, cancel, busy } = usePlanChange({
    ...(profile?.name ? { name: profile.name } : {}),
    ...(profile?.email ? { email: profile.email } : {}),
  });
  // Back from a redirect provider's page (Stripe): the server confirms the payment with it.
  const returned = usePlanReturn();

  let body;
  if (plans.isPending || (token && subscriptionQuery.isPending)) {
    body = (
      <p className="py-16 text-center text-stone-600" aria-busy="true">
        {m.loadingPlans()}
      </p>
    );
  } else if (plans.isError) {
    body = (
      <div className="py-16 text-center">
        <LoadFailed message={loadProblem} onRetry={() => void plans.refetch()} />
      </div>
    );
  } else {
    const { plans: list, categoryInfo } = plans.data;
    const recommended = recommendedPlan(subscription);
    body = (
      <>
        {(returned === 'checking' || returned === 'pending') && (
          <p
            role="status"
            data-testid="plan-payment-status"
            className="mb-4 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-stone-800 ring-1 ring-amber-200"
          >
            {returned === 'checking' ? m.confirmingPayment() : paymentPending}
          </p>
        )}
        {token && (
          <CurrentPlan
            subscription={subscription}
            plan={list.find((p) => p.id === subscription.plan)}
            busy={busy}
            onCancel={(immediate) =>
              cancel(immediate, subscription.endDate ? dates.dateInIndia(subscription.endDate) : '')
            }
          />
        )}
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          {list.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              categoryInfo={categoryInfo}
              action={planAction(plan, subscription)}
              recommended={plan.id === recommended}
              active={Boolean(token) && plan.id === subscription.plan}
              busy={busy === plan.id}
              disabled={busy !== undefined}
              onChoose={() => choose(plan, subscription)}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 text-center">
        <h1 className="font-display text-4xl text-maroon-900 sm:text-5xl">{m.heading()}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-600">{m.intro()}</p>
      </header>
      {body}
      <PlansFaq />
    </div>
  );
}
