import { BadgePercent, HandCoins, ShieldCheck, Truck } from 'lucide-react';
import { FREE_DELIVERY_MIN_SUBTOTAL, formatRupees } from '@pehnava/shared';
import { homeSectionsMessages } from '../../i18n/home-sections';
import { useMessages } from '../../i18n/messages';

/** The four reasons' icons; their words are messages `reason{n}Title` and `reason{n}Text`. */
const REASONS = [HandCoins, ShieldCheck, Truck, BadgePercent] as const;

export function WhyChoose() {
  const m = useMessages(homeSectionsMessages);
  const threshold = formatRupees(FREE_DELIVERY_MIN_SUBTOTAL);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {REASONS.map((Icon, i) => (
        <li key={i} className="rounded-2xl bg-maroon-900 p-6 text-white">
          <Icon size={26} className="text-gold-300" aria-hidden />
          <h3 className="mt-4 font-display text-xl">{m[`reason${i as 0 | 1 | 2 | 3}Title`]()}</h3>
          <p className="mt-2 text-sm leading-relaxed text-white/80">
            {m[`reason${i as 0 | 1 | 2 | 3}Text`]({ threshold })}
          </p>
        </li>
      ))}
    </ul>
  );
}
