import { useMessages } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';

/** The product page's shape while its product loads (a page moved to within the app). */
export function ProductSkeleton() {
  const m = useMessages(productMessages);
  return (
    <main
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10"
      aria-busy="true"
      aria-label={m.loadingProduct()}
    >
      <div className="mb-4 h-5 w-48 rounded bg-stone-200" />
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="aspect-[3/4] w-full animate-pulse rounded-2xl bg-maroon-50" />
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
