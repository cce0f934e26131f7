import type { PlanId } from '@pehnava/shared';
import { Check, Crown } from 'lucide-react';
import { cartMessages } from '../../i18n/cart';
import { useMessages } from '../../i18n/messages';
import { Link } from '../../lib/link';

/** What a paid plan gives, by plan: its message in the cart's catalogue. */
const PAID_PERKS = { plus: 'plusPerks', pro: 'proPerks' } as const satisfies Record<
  Exclude<PlanId, 'free'>,
  string
>;

/** What Plus and Pro would give, for the free plan: messages in the cart's catalogue. */
const PERKS = ['perkPremium', 'perkRoyal', 'perkDelivery'] as const;

/** Beside the cart: the shopper's plan at work, or for the free plan what Plus and Pro would give. */
export function PlanBox({ plan }: { plan: PlanId }) {
  const m = useMessages(cartMessages);
  if (plan !== 'free') {
    return (
      <section
        className="rounded-3xl bg-maroon-900 p-6 text-white"
        aria-label={m.yourPlan()}
        data-testid="plan-active"
      >
        <p className="flex items-center gap-2 font-display text-xl">
          <Crown size={20} aria-hidden className="text-gold-300" />
          {m.planActive({ plan: plan === 'plus' ? 'Plus' : 'Pro' })}
        </p>
        <p className="mt-2 text-sm text-maroon-50/90">{m[PAID_PERKS[plan]]()}</p>
      </section>
    );
  }
  return (
    <section
      className="rounded-3xl bg-gold-300/40 p-6 ring-1 ring-gold-500/40"
      aria-labelledby="upsell-heading"
      data-testid="plan-upsell"
    >
      <h2
        id="upsell-heading"
        className="flex items-center gap-2 font-display text-xl text-maroon-900"
      >
        <Crown size={20} aria-hidden /> {m.upsellTitle()}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-stone-800">
        {PERKS.map((perk) => (
          <li key={perk} className="flex items-start gap-2">
            <Check size={16} aria-hidden className="mt-0.5 shrink-0 text-emerald-700" />
            {m[perk]()}
          </li>
        ))}
      </ul>
      <Link
        to="/subscription-plans"
        className="mt-4 inline-block text-sm font-semibold text-maroon-700 underline-offset-4 hover:underline"
      >
        {m.viewPlans()}
      </Link>
    </section>
  );
}
