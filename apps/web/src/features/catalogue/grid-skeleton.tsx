/** The grid's columns, shared by the product grid and its placeholder so both take one shape. */
export function gridClass(columns: 4 | 5): string {
  return `grid grid-cols-2 gap-4 sm:grid-cols-3 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5'}`;
}

/**
 * Card-shaped placeholders while products load, so the page keeps its layout (no shift) and
 * the shopper sees where the outfits will appear. With `pictures`, the first cards already show
 * theirs, as the cards draw them: the collection's first HTML draws this with the catalogue's
 * first pictures (first-paint.tsx), so they are not held back until the page's script has run.
 */
export function ProductGridSkeleton({
  count,
  columns = 5,
  pictures = [],
}: {
  count: number;
  columns?: 4 | 5;
  pictures?: readonly { src: string; alt: string }[];
}) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading the collection…</span>
      <ul aria-hidden className={gridClass(columns)} data-testid="grid-skeleton">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
            {pictures[i] ? (
              <div className="aspect-[3/4] overflow-hidden bg-maroon-50">
                <img
                  src={pictures[i].src}
                  alt={pictures[i].alt}
                  width={600}
                  height={800}
                  fetchPriority="high"
                  className="h-full w-full object-cover"
                />
              </div>
            ) : (
              <div className="aspect-[3/4] animate-pulse bg-maroon-50" />
            )}
            <div className="space-y-2 p-3">
              <div className="h-4 w-4/5 rounded bg-stone-200" />
              <div className="h-4 w-1/2 rounded bg-stone-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
