/**
 * The product page's shape while its product loads. With `image`, its main picture is already in
 * place, at the size and spot the gallery shows it on a phone: the product page's first HTML draws
 * this with the product's first picture (first-paint.tsx), so that picture is not held back until
 * the page's script has run.
 */
export function ProductSkeleton({ image }: { image?: { src: string; alt: string } }) {
  return (
    <main
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10"
      aria-busy="true"
      aria-label="Loading the product"
    >
      <div className="mb-4 h-5 w-48 rounded bg-stone-200" />
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        {image ? (
          <div className="relative aspect-[3/4] w-full overflow-hidden rounded-2xl bg-maroon-50 ring-1 ring-black/5">
            <img
              src={image.src}
              alt={image.alt}
              width={600}
              height={800}
              fetchPriority="high"
              className="h-full w-full object-cover"
            />
          </div>
        ) : (
          <div className="aspect-[3/4] w-full animate-pulse rounded-2xl bg-maroon-50" />
        )}
        <div className="space-y-4">
          <div className="h-6 w-24 rounded-full bg-stone-200" />
          <div className="h-10 w-3/4 rounded bg-stone-200" />
          <div className="h-8 w-40 rounded bg-stone-200" />
          <div className="h-24 w-full rounded bg-stone-100" />
        </div>
      </div>
    </main>
  );
}
