import { CATEGORY_INFO, type ProductCategory } from '@pehnava/shared';
import { Check, Crown, Sparkles } from 'lucide-react';
import { Link } from '../../lib/link';

export function PristinePromise() {
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
        The Pristine Promise
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-stone-700">
        Every piece is professionally dry-cleaned, steamed and checked seam by seam before it ships,
        so it arrives ready to wear. If it does not fit or is not as described, tell us within 24
        hours of delivery for an exchange or a refund.
      </p>
    </aside>
  );
}

const UPGRADE_LINES: Record<Exclude<ProductCategory, 'luxury'>, string> = {
  premium: 'Rent Premium pieces like this one free with Plus or Pro.',
  royal: 'Rent Royal pieces like this one at 50% off with Plus, or free with Pro.',
};

/** For shoppers on the free plan, on Premium and Royal pieces: what a plan would save. */
export function UpgradeBox({ category }: { category: ProductCategory }) {
  if (category === 'luxury') return null;
  return (
    <aside
      aria-labelledby="upgrade-box"
      className="flex flex-col gap-3 rounded-2xl bg-maroon-900 p-4 text-white sm:flex-row sm:items-center"
    >
      <Crown size={28} aria-hidden className="shrink-0 text-gold-300" />
      <div className="flex-1">
        <h2 id="upgrade-box" className="font-medium">
          Save on this {CATEGORY_INFO[category].name} piece
        </h2>
        <p className="text-sm text-white/85">{UPGRADE_LINES[category]}</p>
      </div>
      <Link
        to="/subscription-plans"
        className="inline-flex shrink-0 items-center justify-center rounded-full bg-gold-300 px-5 py-2 text-sm font-semibold text-maroon-900 hover:bg-white"
      >
        View Plans
      </Link>
    </aside>
  );
}

const CHECKS = ['Cleaned and sanitised', 'Quality checked', 'Damage protection included'];

export function AssuranceChecks() {
  return (
    <ul
      aria-label="Our assurances"
      className="flex flex-wrap gap-x-5 gap-y-2 border-t border-stone-200 pt-4 text-sm text-stone-700"
    >
      {CHECKS.map((check) => (
        <li key={check} className="flex items-center gap-1.5">
          <Check size={16} aria-hidden className="text-emerald-700" />
          {check}
        </li>
      ))}
    </ul>
  );
}
