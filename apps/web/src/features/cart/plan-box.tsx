import type { PlanId } from '@pehnava/shared';
import { Check, Crown } from 'lucide-react';
import { Link } from '../../lib/link';

const PAID_PERKS: Record<Exclude<PlanId, 'free'>, string> = {
  plus: 'Premium pieces are free and Royal pieces half price on 14-day rentals, with free delivery.',
  pro: 'Premium and Royal pieces are free on 14-day rentals, with free delivery.',
};

/** Beside the cart: the shopper's plan at work, or for the free plan what Plus and Pro would give. */
export function PlanBox({ plan }: { plan: PlanId }) {
  if (plan !== 'free') {
    return (
      <section
        className="rounded-3xl bg-maroon-900 p-6 text-white"
        aria-label="Your plan"
        data-testid="plan-active"
      >
        <p className="flex items-center gap-2 font-display text-xl">
          <Crown size={20} aria-hidden className="text-gold-300" />
          {plan === 'plus' ? 'Plus' : 'Pro'} plan active
        </p>
        <p className="mt-2 text-sm text-maroon-50/90">{PAID_PERKS[plan]}</p>
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
        <Crown size={20} aria-hidden /> Rent more, pay less
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-stone-800">
        {[
          'Premium pieces free with Plus or Pro',
          'Royal pieces 50% off with Plus, free with Pro',
          'Free delivery and 14-day rentals on every order',
        ].map((perk) => (
          <li key={perk} className="flex items-start gap-2">
            <Check size={16} aria-hidden className="mt-0.5 shrink-0 text-emerald-700" />
            {perk}
          </li>
        ))}
      </ul>
      <Link
        to="/subscription-plans"
        className="mt-4 inline-block text-sm font-semibold text-maroon-700 underline-offset-4 hover:underline"
      >
        View Plans
      </Link>
    </section>
  );
}
