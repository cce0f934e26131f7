import { PRODUCT_CATEGORIES, formatRupees, type CategoryInfo, type Plan } from '@pehnava/shared';
import { Check } from 'lucide-react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { PLAN_ACTION_LABELS, type PlanAction } from './plan-action';

/**
 * One plan (SPEC.md §2 Subscription Plans): its price ('Free' or rupees per period), features,
 * what it does to each price tier, its rental limit, and the button for this shopper.
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
            Recommended
          </span>
        )}
        {active && (
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800">
            Active Plan
          </span>
        )}
      </div>
      <h2 id={headingId} className="font-display text-3xl text-maroon-900">
        {plan.name}
      </h2>
      <p className="mt-2 flex items-baseline gap-1.5" data-testid="plan-price">
        {plan.price === 0 ? (
          <span className="text-3xl font-semibold text-stone-900">Free</span>
        ) : (
          <>
            <span className="text-3xl font-semibold text-stone-900">
              {formatRupees(plan.price)}
            </span>
            <span className="text-sm text-stone-600">per {plan.duration}</span>
          </>
        )}
      </p>

      <ul className="mt-5 space-y-2.5 text-sm text-stone-800">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check size={17} aria-hidden className="mt-0.5 shrink-0 text-emerald-700" />
            {feature}
          </li>
        ))}
      </ul>

      <h3 className="mt-6 text-xs font-semibold uppercase tracking-wider text-stone-600">
        Pricing benefits
      </h3>
      <dl className="mt-2 divide-y divide-stone-100 rounded-2xl bg-stone-50 px-4 text-sm">
        {PRODUCT_CATEGORIES.map((tier) => (
          <div key={tier} className="flex items-start justify-between gap-3 py-2.5">
            <dt className="text-stone-600">{categoryInfo[tier].label}</dt>
            <dd className="text-right font-medium text-stone-900">{plan.benefits[tier]}</dd>
          </div>
        ))}
      </dl>
      {plan.rentalLimit !== null && (
        <p className="mt-3 text-sm text-stone-700">Rental Limit: {plan.rentalLimit} items/period</p>
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
          {busy ? 'Processing...' : PLAN_ACTION_LABELS[action]}
        </button>
      </div>
    </article>
  );
}
