import { ABOUT_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { ShieldCheck, Sparkles, Truck } from 'lucide-react';
import { Link } from '../lib/link';
import { aboutMessages } from '../i18n/about';
import { useMessages } from '../i18n/messages';

/**
 * The plans' cards, their words as keys of the page's messages. Plus and Pro are the plans' names
 * in both languages; the free plan's name is a message.
 */
const PLANS = [
  {
    name: undefined,
    price: '₹0',
    period: 'freePeriod',
    points: ['freePoint0', 'freePoint1', 'freePoint2'],
  },
  {
    name: 'Plus',
    price: '₹999',
    period: 'paidPeriod',
    points: ['plusPoint0', 'plusPoint1', 'plusPoint2', 'paidPointSupport'],
  },
  {
    name: 'Pro',
    price: '₹1,999',
    period: 'paidPeriod',
    points: ['proPoint0', 'proPoint1', 'paidPointSupport'],
  },
] as const;

/** The three values' icons; their words are messages `value{n}Title` and `value{n}Text`. */
const VALUES = [ShieldCheck, Truck, Sparkles] as const;

export function AboutPage() {
  usePageMeta(ABOUT_META);
  const m = useMessages(aboutMessages);
  return (
    <main className="pb-16">
      <header className="bg-maroon-50">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <p className="text-sm uppercase tracking-widest text-maroon-700">{m.eyebrow()}</p>
          <h1 className="mt-3 font-display text-3xl leading-tight text-maroon-900 sm:text-4xl lg:text-5xl">
            {m.heading()}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-stone-700">{m.intro()}</p>
        </div>
      </header>

      <section aria-labelledby="circular-heading" className="mx-auto max-w-3xl px-4 pt-14 sm:px-6">
        <h2 id="circular-heading" className="font-display text-2xl text-maroon-900 sm:text-3xl">
          {m.circularTitle()}
        </h2>
        <div className="mt-4 space-y-4 leading-relaxed text-stone-700">
          <p>{m.circularText0()}</p>
          <p>{m.circularText1()}</p>
        </div>
      </section>

      <section aria-labelledby="plans-heading" className="mx-auto max-w-5xl px-4 pt-14 sm:px-6">
        <h2
          id="plans-heading"
          className="text-center font-display text-2xl text-maroon-900 sm:text-3xl"
        >
          {m.plansTitle()}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center leading-relaxed text-stone-600">
          {m.plansIntro()}
        </p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.price}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5"
            >
              <h3 className="font-display text-xl text-maroon-900">{plan.name ?? m.planFree()}</h3>
              <p className="mt-2">
                <span className="text-3xl font-semibold text-stone-900">{plan.price}</span>{' '}
                <span className="text-sm text-stone-500">{m[plan.period]()}</span>
              </p>
              <ul className="mt-4 space-y-2 text-sm leading-relaxed text-stone-700">
                {plan.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-gold-500" />
                    {m[point]()}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-center text-sm text-stone-600">
          {m.luxuryNote()}{' '}
          <Link
            to="/subscription-plans"
            className="font-medium text-maroon-700 underline underline-offset-2 hover:text-maroon-900"
          >
            {m.comparePlans()}
          </Link>
        </p>
      </section>

      <div className="mx-auto grid max-w-5xl gap-6 px-4 pt-14 sm:px-6 md:grid-cols-2">
        <section
          aria-labelledby="curator-heading"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8"
        >
          <h2 id="curator-heading" className="font-display text-2xl text-maroon-900">
            {m.curatorTitle()}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-stone-700">
            <p>{m.curatorText0()}</p>
            <p>{m.curatorText1()}</p>
          </div>
        </section>

        <section
          aria-labelledby="pristine-heading"
          className="rounded-2xl bg-maroon-900 p-6 text-white sm:p-8"
        >
          <h2 id="pristine-heading" className="font-display text-2xl text-gold-300">
            {m.pristineTitle()}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-white/85">
            <p>{m.pristineBefore()}</p>
            <ul className="list-disc space-y-2 pl-6 marker:text-gold-300">
              <li>{m.pristineCleaned()}</li>
              <li>{m.pristineSanitised()}</li>
              <li>{m.pristineChecked()}</li>
            </ul>
            <p>{m.pristineAfter()}</p>
          </div>
        </section>
      </div>

      <section aria-labelledby="values-heading" className="mx-auto max-w-5xl px-4 pt-14 sm:px-6">
        <h2
          id="values-heading"
          className="text-center font-display text-2xl text-maroon-900 sm:text-3xl"
        >
          {m.valuesTitle()}
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {VALUES.map((Icon, i) => (
            <li key={i} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-maroon-50">
                <Icon size={24} className="text-maroon-700" aria-hidden />
              </span>
              <h3 className="mt-4 font-display text-xl text-maroon-900">
                {m[`value${i as 0 | 1 | 2}Title`]()}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">
                {m[`value${i as 0 | 1 | 2}Text`]()}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link
            to="/collection"
            className="inline-block rounded-full bg-maroon-700 px-6 py-3 text-sm font-medium text-white hover:bg-maroon-900"
          >
            {m.browse()}
          </Link>
        </p>
      </section>
    </main>
  );
}
