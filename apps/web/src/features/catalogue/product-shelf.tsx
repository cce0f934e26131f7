import {
  HOME_BESTSELLERS_REQUEST,
  HOME_LATEST_REQUEST,
  type Product,
  type ProductSearchRequest,
} from '@pehnava/shared';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { catalogueMessages } from '../../i18n/catalogue';
import { useMessages } from '../../i18n/messages';
import { useProductSearch } from './api';
import { ProductGridSkeleton } from './grid-skeleton';
import { ProductGrid } from './product-grid';

const NONE: Product[] = [];

/**
 * Each shelf's search, and the shelf shown above it on the page whose pieces it shows last (the
 * server preloads the same searches, apps/api modules/site/page-meta.ts).
 */
const SHELVES: Record<
  'latest' | 'bestsellers',
  { request: ProductSearchRequest; after?: ProductSearchRequest }
> = {
  latest: { request: HOME_LATEST_REQUEST },
  bestsellers: { request: HOME_BESTSELLERS_REQUEST, after: HOME_LATEST_REQUEST },
};

/**
 * A row of cards from a small search (the home page's Latest Collections and Best Sellers). It
 * loads its answer itself, so the home page's first script carries no data-fetching code.
 */
export function ProductShelf({
  shelf,
  count,
  label,
}: {
  shelf: keyof typeof SHELVES;
  count: number;
  label: string;
}) {
  const m = useMessages(catalogueMessages);
  const { request, after } = SHELVES[shelf];
  const { data, isPending, error, refetch, isFetching } = useProductSearch(request);
  // The same query as the shelf above, so it is answered from the cache, never asked twice.
  const before = useProductSearch(after ?? request);
  if (error) {
    return (
      <div className="text-center">
        <p role="alert" className="text-red-700">
          <ShopperMessage text={error.message} />
        </p>
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isFetching}
          className="mt-4 rounded-full border border-maroon-700 px-5 py-2 text-sm font-medium text-maroon-700 hover:bg-maroon-50 disabled:opacity-60"
        >
          {m.tryAgain()}
        </button>
      </div>
    );
  }
  if (isPending || (after && before.isPending))
    return <ProductGridSkeleton count={count} label={m.loadingCollection()} />;
  const shown = after ? new Set((before.data?.products ?? NONE).map((p) => p._id)) : undefined;
  const products = shown
    ? [
        ...data.products.filter((p) => !shown.has(p._id)),
        ...data.products.filter((p) => shown.has(p._id)),
      ]
    : data.products;
  return <ProductGrid products={products.slice(0, count)} label={label} />;
}
