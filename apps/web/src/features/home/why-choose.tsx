import { BadgePercent, HandCoins, ShieldCheck, Truck } from 'lucide-react';

const REASONS = [
  {
    icon: HandCoins,
    title: 'No deposit',
    text: 'Pay only the rental. Nothing blocked on your card, nothing to chase afterwards.',
  },
  {
    icon: ShieldCheck,
    title: 'The Pristine Promise',
    text: 'Every piece is professionally cleaned, sanitised and checked before it ships.',
  },
  {
    icon: Truck,
    title: 'Delivered to your door',
    text: 'Doorstep delivery and pick-up, free on orders of ₹1,999 and above.',
  },
  {
    icon: BadgePercent,
    title: 'Plans that pay off',
    text: 'With Plus or Pro, whole price tiers are free or half price for 14-day rentals.',
  },
] as const;

export function WhyChoose() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {REASONS.map((reason) => (
        <li key={reason.title} className="rounded-2xl bg-maroon-900 p-6 text-white">
          <reason.icon size={26} className="text-gold-300" aria-hidden />
          <h3 className="mt-4 font-display text-xl">{reason.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-white/80">{reason.text}</p>
        </li>
      ))}
    </ul>
  );
}
