const QUESTIONS: { q: string; a: string }[] = [
  {
    q: 'How is a rental priced on a plan?',
    a: 'On Plus, Premium pieces (under ₹5,000 MRP) are free and Royal pieces (₹5,000 to ₹10,000 MRP) are half their 14-day price. On Pro, Premium and Royal pieces are both free. Luxury pieces cost their 14-day price on every plan. Delivery is free on both plans.',
  },
  {
    q: 'Can I change or cancel my plan?',
    a: 'Yes. Moving to another plan is paid like a new plan and starts a fresh 14-day period at once. You can cancel at any time: at once, which moves you to the Free plan straight away, or by turning off auto-renewal, which keeps your benefits until the period ends.',
  },
  {
    q: 'How long is a plan valid?',
    a: 'Each period lasts 14 days from the moment the payment is confirmed. With auto-renewal on, the plan renews itself at the end of the period and we e-mail you 3 days before. Plan benefits cover up to the plan’s rental limit in a period; further pieces are charged their 14-day price.',
  },
  {
    q: 'How can I pay?',
    a: 'By UPI or by debit or credit card, through our payment partner. We never see or store your card number.',
  },
];

/** The plans page's questions (SPEC.md §2): pricing, changing plans, validity, payment methods. */
export function PlansFaq() {
  return (
    <section aria-labelledby="plans-faq-heading" className="mx-auto mt-16 max-w-3xl">
      <h2
        id="plans-faq-heading"
        className="text-center font-display text-3xl text-maroon-900 sm:text-4xl"
      >
        Questions about plans
      </h2>
      <div className="mt-6 divide-y divide-stone-200 rounded-3xl bg-white px-5 ring-1 ring-stone-200 sm:px-7">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="group py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-stone-900 marker:hidden">
              {q}
              <span
                aria-hidden
                className="text-xl leading-none text-maroon-700 transition group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-2 text-sm leading-relaxed text-stone-700">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
