import { ABOUT_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { ShieldCheck, Sparkles, Truck } from 'lucide-react';
import { Link } from '../lib/link';

const PLANS = [
  {
    name: 'Free',
    price: '₹0',
    period: 'no subscription',
    points: [
      'Pay per rental',
      'Rent for 2, 4 or 7 days',
      'Free delivery on orders of ₹1,999 and above',
    ],
  },
  {
    name: 'Plus',
    price: '₹999',
    period: 'for 14 days',
    points: [
      '14-day rentals, up to 4 items per period',
      'Premium pieces free',
      'Royal pieces 50% off',
      'Free delivery and priority support',
    ],
  },
  {
    name: 'Pro',
    price: '₹1,999',
    period: 'for 14 days',
    points: [
      '14-day rentals, up to 8 items per period',
      'Premium and Royal pieces free',
      'Free delivery and priority support',
    ],
  },
] as const;

const VALUES = [
  {
    icon: ShieldCheck,
    title: 'Quality Assurance',
    text: 'Every piece is inspected, restored where needed and cleaned to our Pristine Promise before it reaches you.',
  },
  {
    icon: Truck,
    title: 'Convenience',
    text: 'Choose your dates, and we deliver to your door and pick up afterwards. No deposit, no dry-cleaning runs.',
  },
  {
    icon: Sparkles,
    title: 'Exceptional Experience',
    text: 'Hand-picked pieces, a fit guarantee within 24 hours of delivery, and priority support on Plus and Pro.',
  },
] as const;

export function AboutPage() {
  usePageMeta(ABOUT_META);
  return (
    <main className="pb-16">
      <header className="bg-maroon-50">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <p className="text-sm uppercase tracking-widest text-maroon-700">About Pehnava</p>
          <h1 className="mt-3 font-display text-3xl leading-tight text-maroon-900 sm:text-4xl lg:text-5xl">
            Wear the moment, not the price tag
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-stone-700">
            Pehnava means attire. We rent beautiful Indian occasion wear, from lehengas and
            sherwanis to jewellery and juttis, so that every celebration gets an outfit worthy of
            it, without a wardrobe full of clothes worn once.
          </p>
        </div>
      </header>

      <section aria-labelledby="circular-heading" className="mx-auto max-w-3xl px-4 pt-14 sm:px-6">
        <h2 id="circular-heading" className="font-display text-2xl text-maroon-900 sm:text-3xl">
          Fashion that comes full circle
        </h2>
        <div className="mt-4 space-y-4 leading-relaxed text-stone-700">
          <p>
            A wedding season can mean a mehendi, a sangeet, the wedding and a reception, each asking
            for something new. Most of those outfits are bought, worn once and then folded away for
            years.
          </p>
          <p>
            Renting keeps a beautiful piece moving from one celebration to the next. You get to wear
            something special for a fraction of its price, and fewer garments are made only to sit
            in a cupboard. That is circular fashion: the same craftsmanship, enjoyed many times
            over.
          </p>
        </div>
      </section>

      <section aria-labelledby="plans-heading" className="mx-auto max-w-5xl px-4 pt-14 sm:px-6">
        <h2
          id="plans-heading"
          className="text-center font-display text-2xl text-maroon-900 sm:text-3xl"
        >
          Plans for every kind of celebrant
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center leading-relaxed text-stone-600">
          Rent as you go, or join a plan if your calendar is full. Our pieces come in three tiers by
          MRP: Premium (under ₹5,000), Royal (₹5,000 to ₹10,000) and Luxury (above ₹10,000).
        </p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5"
            >
              <h3 className="font-display text-xl text-maroon-900">{plan.name}</h3>
              <p className="mt-2">
                <span className="text-3xl font-semibold text-stone-900">{plan.price}</span>{' '}
                <span className="text-sm text-stone-500">{plan.period}</span>
              </p>
              <ul className="mt-4 space-y-2 text-sm leading-relaxed text-stone-700">
                {plan.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-gold-500" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-center text-sm text-stone-600">
          Luxury pieces are charged at their 14-day price on Plus and Pro.{' '}
          <Link
            to="/subscription-plans"
            className="font-medium text-maroon-700 underline underline-offset-2 hover:text-maroon-900"
          >
            Compare plans
          </Link>
        </p>
      </section>

      <div className="mx-auto grid max-w-5xl gap-6 px-4 pt-14 sm:px-6 md:grid-cols-2">
        <section
          aria-labelledby="curator-heading"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8"
        >
          <h2 id="curator-heading" className="font-display text-2xl text-maroon-900">
            The Closet Curator Program
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-stone-700">
            <p>
              Our collection is hand-picked. We curate pieces from designers and from shoppers’ own
              wardrobes: the lehenga worn at one wedding, the sherwani that deserves another baraat.
            </p>
            <p>
              Every piece is inspected and restored by our team before it joins the collection, so a
              curated outfit arrives looking as it did on its first outing.
            </p>
          </div>
        </section>

        <section
          aria-labelledby="pristine-heading"
          className="rounded-2xl bg-maroon-900 p-6 text-white sm:p-8"
        >
          <h2 id="pristine-heading" className="font-display text-2xl text-gold-300">
            The Pristine Promise
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-white/85">
            <p>Before every single rental, each piece is:</p>
            <ul className="list-disc space-y-2 pl-6 marker:text-gold-300">
              <li>professionally cleaned,</li>
              <li>sanitised, and</li>
              <li>quality-checked,</li>
            </ul>
            <p>so what reaches you is fresh, ready to wear and worthy of the occasion.</p>
          </div>
        </section>
      </div>

      <section aria-labelledby="values-heading" className="mx-auto max-w-5xl px-4 pt-14 sm:px-6">
        <h2
          id="values-heading"
          className="text-center font-display text-2xl text-maroon-900 sm:text-3xl"
        >
          What we stand for
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {VALUES.map((value) => (
            <li
              key={value.title}
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-maroon-50">
                <value.icon size={24} className="text-maroon-700" aria-hidden />
              </span>
              <h3 className="mt-4 font-display text-xl text-maroon-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">{value.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link
            to="/collection"
            className="inline-block rounded-full bg-maroon-700 px-6 py-3 text-sm font-medium text-white hover:bg-maroon-900"
          >
            Browse the collection
          </Link>
        </p>
      </section>
    </main>
  );
}
