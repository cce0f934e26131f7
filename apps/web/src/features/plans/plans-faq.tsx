import { useMessages } from '../../i18n/messages';
import { plansMessages } from '../../i18n/plans';

/** The questions, by number: their words are messages `faq{n}Question` and `faq{n}Answer`. */
const QUESTIONS = [0, 1, 2, 3] as const;

/** The plans page's questions (SPEC.md §2): pricing, changing plans, validity, payment methods. */
export function PlansFaq() {
  const m = useMessages(plansMessages);
  return (
    <section aria-labelledby="plans-faq-heading" className="mx-auto mt-16 max-w-3xl">
      <h2
        id="plans-faq-heading"
        className="text-center font-display text-3xl text-maroon-900 sm:text-4xl"
      >
        {m.faqHeading()}
      </h2>
      <div className="mt-6 divide-y divide-stone-200 rounded-3xl bg-white px-5 ring-1 ring-stone-200 sm:px-7">
        {QUESTIONS.map((n) => (
          <details key={n} className="group py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-stone-900 marker:hidden">
              {m[`faq${n}Question`]()}
              <span
                aria-hidden
                className="text-xl leading-none text-maroon-700 transition group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-2 text-sm leading-relaxed text-stone-700">{m[`faq${n}Answer`]()}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
