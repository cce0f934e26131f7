import { useId, type ReactNode } from 'react';

/**
 * Below the fold: the browser lays it out and paints it only as it comes near the screen
 * (content-visibility), holding about this much room for it until then, and its real size after.
 */
export const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-block-size:auto_900px]';

/**
 * A page section with its heading and a short line under it. `belowTheFold`: it starts below the
 * first screen, so the page's first layout and paint skip it (BELOW_THE_FOLD).
 */
export function Section({
  title,
  subtitle,
  children,
  id,
  belowTheFold = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  id?: string;
  belowTheFold?: boolean;
}) {
  const fallbackId = useId();
  // Named for its title; a title with no Latin letter (a Hindi one) would give every section the
  // same name, so such a section takes one of React's.
  const slug = title.toLowerCase().replace(/[^a-z]+/g, '-');
  const headingId = `${id ?? (/[a-z]/.test(slug) ? slug : fallbackId)}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`mx-auto max-w-7xl px-4 pt-14 sm:px-6 ${belowTheFold ? BELOW_THE_FOLD : ''}`}
    >
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
