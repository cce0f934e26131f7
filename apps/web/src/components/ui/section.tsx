import type { ReactNode } from 'react';

/** A page section with its heading and a short line under it. */
export function Section({
  title,
  subtitle,
  children,
  id,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  id?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
      <div className="mb-6 text-center">
        <h2 id={headingId} className="font-display text-3xl text-maroon-900 sm:text-4xl">
          {title}
        </h2>
        {subtitle && <p className="mt-2 text-stone-600">{subtitle}</p>}
      </div>
      {children}
    </section>
  );
}
