import { dateFormatsIn } from '@pehnava/shared';
import type { Plan, Subscription } from '@pehnava/shared';
import { CalendarCheck, Crown } from 'lucide-react';
import { useMessages, useLanguage } from '../../i18n/messages';
import { plansMessages } from '../../i18n/plans';
import type { PlanBusy } from './use-plan-change';

/** An outlined pill on the dark plan panel. */
const ON_DARK_BUTTON =
  'inline-flex items-center justify-center rounded-full border border-white/50 px-5 py-2.5 text-sm font-medium text-white transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60';

/** A quiet text action on the dark plan panel. */
const ON_DARK_TEXT_BUTTON =
  'rounded text-sm font-medium text-white/90 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The shopper's plan at the top of the plans page (SPEC.md §2): for Plus or Pro its valid-until
 * date, the auto-renew badge, the items rented this period ('Limit Reached' at the limit), and
 * the two ways to cancel.
 */
export function CurrentPlan({
  subscription,
  plan,
  busy,
  onCancel,
}: {
  subscription: Subscription;
  plan: Plan | undefined;
  busy: PlanBusy;
  onCancel: (immediate: boolean) => void;
}) {
  const m = useMessages(plansMessages);
  const dates = dateFormatsIn(useLanguage());
  if (subscription.plan === 'free' || !subscription.endDate) {
    return (
      <section
        aria-label={m.yourPlan()}
        data-testid="current-plan"
        className="flex items-start gap-4 rounded-3xl bg-white p-5 ring-1 ring-stone-200 sm:items-center sm:p-6"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-maroon-50 text-maroon-700">
          <Crown size={22} aria-hidden />
        </span>
        <div>
          <p className="font-display text-xl text-maroon-900">{m.onFreePlan()}</p>
          <p className="mt-0.5 text-sm text-stone-600">{m.freePlanPitch()}</p>
        </div>
      </section>
    );
  }

  const limitReached =
    subscription.rentalLimit !== null &&
    subscription.itemsRentedInPeriod >= subscription.rentalLimit;
  const validUntil = dates.dateInIndia(subscription.endDate);
  return (
    <section
      aria-label={m.yourPlan()}
      data-testid="current-plan"
      className="rounded-3xl bg-maroon-900 p-5 text-white sm:p-7"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-gold-300">
            {m.yourCurrentPlan()}
          </p>
          <p className="mt-1 flex items-center gap-2 font-display text-3xl">
            <Crown size={24} aria-hidden className="text-gold-300" />
            {plan?.name ?? subscription.plan}
          </p>
          <p className="mt-2 flex items-center gap-2 text-sm text-maroon-50/90">
            <CalendarCheck size={16} aria-hidden />
            {m.validUntil({ date: validUntil })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <span
            className={`rounded-full px-3 py-1 text-xs font-semibold ${
              subscription.autoRenew ? 'bg-emerald-100 text-emerald-900' : 'bg-white/15 text-white'
            }`}
            data-testid="auto-renew-badge"
          >
            {subscription.autoRenew ? m.autoRenewOn() : m.autoRenewOff()}
          </span>
          {limitReached && (
            <span className="rounded-full bg-gold-300 px-3 py-1 text-xs font-semibold text-maroon-900">
              {m.limitReached()}
            </span>
          )}
        </div>
      </div>
      {subscription.rentalLimit !== null && (
        <p className="mt-4 text-sm text-maroon-50/90">
          {m.rentalsUsed({
            used: subscription.itemsRentedInPeriod,
            limit: subscription.rentalLimit,
          })}
        </p>
      )}
      <p className="mt-1 text-sm text-maroon-50/90">
        {subscription.autoRenew ? m.renewsOn({ date: validUntil }) : m.endsOn({ date: validUntil })}
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
        {subscription.autoRenew && (
          <button
            type="button"
            className={ON_DARK_BUTTON}
            disabled={busy !== undefined}
            onClick={() => onCancel(false)}
          >
            {busy === 'auto-renew' ? m.processing() : m.turnOffAutoRenew()}
          </button>
        )}
        <button
          type="button"
          className={ON_DARK_TEXT_BUTTON}
          disabled={busy !== undefined}
          onClick={() => onCancel(true)}
        >
          {busy === 'cancel-now' ? m.processing() : m.actionCancel()}
        </button>
      </div>
    </section>
  );
}
