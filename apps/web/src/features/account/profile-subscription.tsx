import { dateFormatsIn } from '@pehnava/shared';
import type { Subscription } from '@pehnava/shared';
import { Check, Crown } from 'lucide-react';
import { Link } from '../../lib/link';
import { PRIMARY_BUTTON } from '../../components/ui/buttons';
import { useMessages, useLanguage } from '../../i18n/messages';
import { profileMessages } from '../../i18n/profile';
import { usePlanText } from '../plans/plan-text';
import { usePlans } from './api';
import { planName } from './plan-name';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

const badge = (on: boolean) =>
  `rounded-full px-2.5 py-0.5 text-xs font-semibold ${
    on ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-100 text-stone-700'
  }`;

/** The Subscription tab: the plan in effect, its dates and benefits. */
export function ProfileSubscription({ subscription }: { subscription: Subscription | undefined }) {
  const m = useMessages(profileMessages);
  const dates = dateFormatsIn(useLanguage());
  const planText = usePlanText();
  const { data: plans } = usePlans();
  if (!subscription) {
    return <p className="text-stone-600">{m.loadingYourPlan()}</p>;
  }

  if (subscription.plan === 'free') {
    return (
      <section aria-label={m.tabSubscription()} className="py-6 text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-maroon-50 text-maroon-700">
          <Crown size={26} aria-hidden />
        </span>
        <h2 className="mt-4 font-display text-2xl text-maroon-900">{m.onFreePlan()}</h2>
        <p className="mx-auto mt-2 max-w-md text-stone-600">{m.freePlanPitch()}</p>
        <Link to="/subscription-plans" className={`${PRIMARY_BUTTON} mt-6`}>
          {m.viewPlans()}
        </Link>
      </section>
    );
  }

  const plan = plans?.find((p) => p.id === subscription.plan);
  return (
    <section aria-label={m.tabSubscription()}>
      <h2 className="font-display text-2xl text-maroon-900">
        {m.planLabel({ plan: planName(subscription.plan, m) })}
      </h2>
      <dl className="mt-2 divide-y divide-stone-100" data-testid="subscription-details">
        <Row label={m.started()}>
          {subscription.startDate && dates.dateInIndia(subscription.startDate)}
        </Row>
        <Row label={m.validUntil()}>
          {subscription.endDate && dates.dateInIndia(subscription.endDate)}
        </Row>
        <Row label={m.status()}>
          <span className={badge(subscription.isActive)}>
            {subscription.isActive ? m.active() : m.expired()}
          </span>
        </Row>
        <Row label={m.renewal()}>
          <span className={badge(subscription.autoRenew)}>
            {subscription.autoRenew ? m.autoRenewEnabled() : m.autoRenewDisabled()}
          </span>
        </Row>
        {subscription.rentalLimit !== null && (
          <Row label={m.rentedThisPeriod()}>
            {m.rentedOf({
              used: subscription.itemsRentedInPeriod,
              limit: subscription.rentalLimit,
            })}
          </Row>
        )}
      </dl>
      {plan && (
        <>
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-wider text-stone-600">
            {m.yourBenefits()}
          </h3>
          <ul className="mt-3 space-y-2">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-stone-800">
                <Check size={18} aria-hidden className="mt-0.5 shrink-0 text-emerald-700" />
                {planText(feature)}
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to="/subscription-plans" className={`${PRIMARY_BUTTON} mt-6`}>
        {m.changePlan()}
      </Link>
    </section>
  );
}
