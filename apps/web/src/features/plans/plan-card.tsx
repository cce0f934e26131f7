import { PRODUCT_CATEGORIES, formatRupees, type CategoryInfo, type Plan } from '@pehnava/shared';
import { Check } from 'lucide-react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { useMessages } from '../../i18n/messages';
import { plansMessages } from '../../i18n/plans';
import { PLAN_ACTION_MESSAGES, type PlanAction } from './plan-action';
import { usePlanText } from './plan-text';

/**
 * One plan (SPEC.md §2 Subscription Plans): its price ('Free' or rupees per period), features,
 * what it does to each price tier, its rental limit, and the button for this shopper. The plan's
 * texts come from the API in English; usePlanText says them in the page's language.
 */
export function PlanCard({
  plan,
  categoryInfo,
  action,
  recommended,
  active,
  busy,
  disabled,
  onChoose,
}: {
  plan: Plan;
  categoryInfo: CategoryInfo;
  action: PlanAction;
  recommended: boolean;
  active: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const m = useMessages(plansMessages);
  const planText = usePlanText();
  const headingId = `plan-${plan.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      className={`relative flex flex-col rounded-3xl bg-white p-6 shadow-sm sm:p-7 ${
        recommended ? 'ring-2 ring-maroon-700' : 'ring-1 ring-stone-200'
      }`}
    >
      {/* Side by side on wide screens, the cards keep their names level even without a badge. */}
      <div
        className={`flex flex-wrap items-center gap-2 lg:min-h-7 ${
          recommended || active ? 'mb-3' : 'lg:mb-3'
        }`}
      >
        {recommended && (
          <span className="rounded-full bg-maroon-700 px-3 py-1 text-xs font-semibold text-white">
            {m.recommended()}
          </span>
        )}
        {active && (
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800">
            {m.activePlan()}
          </span>
        )}
      </div>
      <h2 id={headingId} className="font-display text-3xl text-maroon-900">
        {planText(plan.name)}
      </h2>
      <p className="mt-2 flex items-baseline gap-1.5" data-testid="plan-price">
        {plan.price === 0 ? (
          <span className="text-3xl font-semibold text-stone-900">{m.priceFree()}</span>
        ) : (
          <>
            <span className="text-3xl font-semibold text-stone-900">
              {formatRupees(plan.price)}
            </span>
            {/* The API's period in words (plan.duration) is daysLabel(durationDays). */}
            <span className="text-sm text-stone-600">
              {m.perPeriod({ days: plan.durationDays })}
            </span>
          </>
        )}
      </p>

      <ul className="mt-5 space-y-2.5 text-sm text-stone-800">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check size={17} aria-hidden className="mt-0.5 shrink-0 text-emerald-700" />
            {planText(feature)}
          </li>
        ))}
      </ul>

      <h3 className="mt-6 text-xs font-semibold uppercase tracking-wider text-stone-600">
        {m.pricingBenefits()}
      </h3>
      <dl className="mt-2 divide-y divide-stone-100 rounded-2xl bg-stone-50 px-4 text-sm">
        {PRODUCT_CATEGORIES.map((tier) => (
          <div key={tier} className="flex items-start justify-between gap-3 py-2.5">
            <dt className="text-stone-600">{planText(categoryInfo[tier].label)}</dt>
            <dd className="text-right font-medium text-stone-900">
              {planText(plan.benefits[tier])}
            </dd>
          </div>
        ))}
      </dl>
      {plan.rentalLimit !== null && (
        <p className="mt-3 text-sm text-stone-700">{m.rentalLimit({ limit: plan.rentalLimit })}</p>
      )}

      <div className="mt-auto pt-6">
        <button
          type="button"
          onClick={onChoose}
          disabled={disabled}
          className={`${
            action === 'upgrade' || action === 'select' ? PRIMARY_BUTTON : SECONDARY_BUTTON
          } w-full`}
        >
          {busy ? m.processing() : m[PLAN_ACTION_MESSAGES[action]]()}
        </button>
      </div>
    </article>
  );
}
