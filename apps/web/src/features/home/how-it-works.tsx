import { CalendarDays, Search, Sparkles, Truck } from 'lucide-react';

const STEPS = [
  {
    icon: Search,
    title: 'Choose your look',
    text: 'Browse lehengas, sherwanis, sarees and accessories, and pick your size.',
  },
  {
    icon: CalendarDays,
    title: 'Pick your dates',
    text: 'Rent for 2, 4, 7 or 14 days, starting on the day you need it.',
  },
  {
    icon: Truck,
    title: 'We deliver',
    text: 'Cleaned, steamed and quality-checked, at your door before your start date.',
  },
  {
    icon: Sparkles,
    title: 'Wear it, send it back',
    text: 'Celebrate, then hand it back at the end of your rental. We take care of the cleaning.',
  },
] as const;

export function HowItWorks() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {STEPS.map((step, i) => (
        <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
          <div className="flex items-center gap-3">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-maroon-50 text-maroon-700">
              <step.icon size={20} aria-hidden />
            </span>
            <span className="text-xs font-semibold tracking-widest text-stone-500">
              STEP {i + 1}
            </span>
          </div>
          <h3 className="mt-4 font-display text-xl text-maroon-900">{step.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-stone-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
