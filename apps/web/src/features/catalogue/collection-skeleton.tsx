import { SlidersHorizontal } from 'lucide-react';
import { ProductGridSkeleton } from './grid-skeleton';

/**
 * The collection page's shape before its first answer, with its first cards' pictures: what the
 * collection's first HTML draws (first-paint.tsx, the pictures written in by the server) and what
 * the page shows in its place until its first answer, on the address it started on (lib/
 * first-paint-page.tsx). The same title row, filter column and grid as the page (routes/
 * collection.tsx), so nothing moves when the page takes over.
 */
export function CollectionSkeleton({
  pictures,
}: {
  pictures: readonly { src: string; alt: string }[];
}) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">The Collection</h1>
          <p className="mt-1 text-sm text-stone-600">Loading the collection…</p>
        </div>
        <div className="flex items-center gap-2">
          <span className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm lg:hidden">
            <SlidersHorizontal size={16} aria-hidden />
            Filters
          </span>
          <span className="flex items-center gap-2 text-sm text-stone-600">
            <span className="hidden sm:inline">Sort by</span>
            <span className="h-[38px] w-[9.5rem] rounded-full border border-stone-300 bg-white" />
          </span>
        </div>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[240px_1fr]">
        <div className="hidden rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 lg:block lg:self-start">
          <h2 className="font-display text-xl text-maroon-900">Filters</h2>
        </div>
        <section>
          <ProductGridSkeleton count={8} columns={4} pictures={pictures} />
        </section>
      </div>
    </main>
  );
}
