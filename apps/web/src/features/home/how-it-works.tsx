import { CalendarDays, Search, Sparkles, Truck } from 'lucide-react';
import { homeSectionsMessages } from '../../i18n/home-sections';
import { useMessages } from '../../i18n/messages';

/** The four steps' icons; their words are messages `step{n}Title` and `step{n}Text`. */
const STEPS = [Search, CalendarDays, Truck, Sparkles] as const;

export function HowItWorks() {
  const m = useMessages(homeSectionsMessages);
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {STEPS.map((Icon, i) => (
        <li key={i} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
          <div className="flex items-center gap-3">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-maroon-50 text-maroon-700">
              <Icon size={20} aria-hidden />
            </span>
            <span className="text-xs font-semibold tracking-widest text-stone-500">
              {m.step({ number: i + 1 })}
            </span>
          </div>
          <h3 className="mt-4 font-display text-xl text-maroon-900">
            {m[`step${i as 0 | 1 | 2 | 3}Title`]()}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-stone-600">
            {m[`step${i as 0 | 1 | 2 | 3}Text`]()}
          </p>
        </li>
      ))}
    </ol>
  );
}
