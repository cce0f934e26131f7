/** The grid's columns, shared by the product grid and its placeholder so both take one shape. */
export function gridClass(columns: 4 | 5): string {
  return `grid grid-cols-2 gap-4 sm:grid-cols-3 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5'}`;
}

/**
 * Card-shaped placeholders while products load, so the page keeps its layout (no shift) and
 * the shopper sees where the outfits will appear.
 */
export function ProductGridSkeleton({
  count,
  columns = 5,
  label,
}: {
  count: number;
  columns?: 4 | 5;
  /** What it says to a screen reader, in the page's words (its caller's messages). */
  label: string;
}) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <ul aria-hidden className={gridClass(columns)} data-testid="grid-skeleton">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
            <div className="aspect-[3/4] animate-pulse bg-maroon-50" />
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
