import { CATEGORY_INFO, type ProductCategory } from '@pehnava/shared';
import { Check, Crown, Sparkles } from 'lucide-react';
import { useMessages } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import { Link } from '../../lib/link';

export function PristinePromise() {
  const m = useMessages(productMessages);
  return (
    <aside
      aria-labelledby="pristine-promise"
      className="rounded-2xl border border-gold-500/40 bg-gold-300/15 p-4"
    >
      <h2
        id="pristine-promise"
        className="flex items-center gap-2 font-display text-lg text-maroon-900"
      >
        <Sparkles size={18} aria-hidden className="text-gold-500" />
        {m.pristineTitle()}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-stone-700">{m.pristineText()}</p>
    </aside>
  );
}

/** What a plan saves on each tier it discounts: messages `upgradePremium`, `upgradeRoyal`. */
const UPGRADE_LINES = {
  premium: 'upgradePremium',
  royal: 'upgradeRoyal',
} as const satisfies Record<Exclude<ProductCategory, 'luxury'>, string>;

/** For shoppers on the free plan, on Premium and Royal pieces: what a plan would save. */
export function UpgradeBox({ category }: { category: ProductCategory }) {
  const m = useMessages(productMessages);
  if (category === 'luxury') return null;
  return (
    <aside
      aria-labelledby="upgrade-box"
      className="flex flex-col gap-3 rounded-2xl bg-maroon-900 p-4 text-white sm:flex-row sm:items-center"
    >
      <Crown size={28} aria-hidden className="shrink-0 text-gold-300" />
      <div className="flex-1">
        <h2 id="upgrade-box" className="font-medium">
          {m.upgradeTitle({ tier: CATEGORY_INFO[category].name })}
        </h2>
        <p className="text-sm text-white/85">{m[UPGRADE_LINES[category]]()}</p>
      </div>
      <Link
        to="/subscription-plans"
        className="inline-flex shrink-0 items-center justify-center rounded-full bg-gold-300 px-5 py-2 text-sm font-semibold text-maroon-900 hover:bg-white"
      >
        {m.viewPlans()}
      </Link>
    </aside>
  );
}

/** The assurances' messages. */
const CHECKS = ['assurance0', 'assurance1', 'assurance2'] as const;

export function AssuranceChecks() {
  const m = useMessages(productMessages);
  return (
    <ul
      aria-label={m.assurances()}
      className="flex flex-wrap gap-x-5 gap-y-2 border-t border-stone-200 pt-4 text-sm text-stone-700"
    >
      {CHECKS.map((check) => (
        <li key={check} className="flex items-center gap-1.5">
          <Check size={16} aria-hidden className="text-emerald-700" />
          {m[check]()}
        </li>
      ))}
    </ul>
  );
}
