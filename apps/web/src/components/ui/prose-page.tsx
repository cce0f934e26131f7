import { useId, type ReactNode } from 'react';

/** A readable long-form page (policies, about): one h1, an optional date line and intro. */
export function ProsePage({
  title,
  intro,
  lastUpdated,
  children,
}: {
  title: string;
  intro?: string;
  lastUpdated?: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-maroon-900/10 pb-8">
        <h1 className="font-display text-3xl leading-tight text-maroon-900 sm:text-4xl">{title}</h1>
        {lastUpdated && <p className="mt-3 text-sm text-stone-500">{lastUpdated}</p>}
        {intro && <p className="mt-5 text-lg leading-relaxed text-stone-700">{intro}</p>}
      </header>
      {children}
    </main>
  );
}

/** One titled section of a ProsePage; paragraphs and lists inside are styled for reading. */
export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="font-display text-2xl text-maroon-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-stone-700 [&_a]:font-medium [&_a]:text-maroon-700 [&_a]:underline [&_a]:underline-offset-2 [&_li]:pl-1 [&_li]:marker:text-maroon-700 [&_li+li]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-stone-900 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
