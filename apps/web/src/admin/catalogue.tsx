import { useQuery } from '@tanstack/react-query';
import { CameraOff, Plus } from 'lucide-react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import { productsQuery } from './catalogue-api';
import {
  Badge,
  Failed,
  INPUT,
  LABEL,
  Loading,
  Nothing,
  PRIMARY,
  SECONDARY,
  ScreenTitle,
  money,
  useConsoleTitle,
  Pager,
  pageCount,
} from './ui';

/**
 * /admin/catalogue: every product, newest listing first, 25 a page, searched by name or code (in
 * the address); each opens its editor, and a new one starts from 'Add product'.
 */
export function CatalogueScreen() {
  useConsoleTitle('Catalogue');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? undefined;
  const page = params.get('page') ?? undefined;
  const list = useQuery(productsQuery(token, { q, page }));

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(next ? { q: next } : {});
  };
  const toPage = (n: number) =>
    setParams({ ...(q ? { q } : {}), ...(n > 1 ? { page: String(n) } : {}) });

  return (
    <>
      <ScreenTitle title="Catalogue">
        <Link to="/admin/catalogue/new" className={PRIMARY}>
          <Plus size={16} aria-hidden />
          Add product
        </Link>
      </ScreenTitle>
      <form
        key={q ?? ''}
        onSubmit={search}
        role="search"
        aria-label="Search products"
        className="mb-4 flex items-end gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5"
      >
        <div className="flex-1">
          <label htmlFor="catalogue-q" className={LABEL}>
            Name or code
          </label>
          <input
            id="catalogue-q"
            name="q"
            type="search"
            defaultValue={q ?? ''}
            className={`${INPUT} mt-1.5`}
          />
        </div>
        <button type="submit" className={SECONDARY}>
          Search
        </button>
      </form>
      {list.isPending ? (
        <Loading label="Loading the catalogue" />
      ) : list.isError ? (
        <Failed message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.products.length === 0 ? (
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-black/5">
          <Nothing>{q ? `No product matches “${q}”.` : 'No products yet.'}</Nothing>
        </div>
      ) : (
        <>
          <ul
            aria-busy={list.isFetching}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            aria-label="Products"
          >
            {list.data.products.map((product) => (
              <li key={product._id}>
                <Link
                  to={`/admin/catalogue/${product._id}`}
                  className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-black/5 hover:ring-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700"
                >
                  <span className="flex h-24 w-18 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-maroon-50">
                    {product.image ? (
                      <img
                        src={product.image}
                        alt=""
                        width={72}
                        height={96}
                        loading="lazy"
                        className="h-full w-full object-cover"
                      />
                    ) : (
                      <CameraOff size={20} className="text-maroon-700/60" aria-hidden />
                    )}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-stone-900">
                      {product.name}
                    </span>
                    <span className="block font-mono text-xs text-stone-600">
                      {product.productId}
                    </span>
                    <span className="mt-1 block text-sm text-stone-700">
                      MRP {money(product.mrp)} · 2 days {money(product.twoDayRentalPrice)}
                    </span>
                    <span className="mt-1.5 flex flex-wrap gap-1.5">
                      <Badge tone="bg-stone-100 text-stone-800">{product.category}</Badge>
                      <Badge tone="bg-stone-100 text-stone-800">
                        {product.units} {product.units === 1 ? 'piece' : 'pieces'}
                      </Badge>
                      {!product.isAvailable && <Badge tone="bg-red-100 text-red-900">hidden</Badge>}
                      {product.bestseller && (
                        <Badge tone="bg-amber-100 text-amber-900">bestseller</Badge>
                      )}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.page}
            pages={pageCount(list.data.total, list.data.pageSize)}
            onPage={toPage}
          >
            {list.data.total} products · page {list.data.page} of{' '}
            {pageCount(list.data.total, list.data.pageSize)}
          </Pager>
        </>
      )}
    </>
  );
}
