import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from './use-action';
import type { AdminCoupon, AdminCouponsResponse } from '@pehnava/shared';
import { Pause, Play, Plus } from 'lucide-react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { couponActions, couponsQuery, type CouponFilters } from './coupons-api';
import { CouponStatusBadge, couponLimits, couponTerms, couponWindow } from './coupon-parts';
import {
  Failed,
  INPUT,
  LABEL,
  Loading,
  Nothing,
  PRIMARY,
  SECONDARY,
  ScreenTitle,
  useConsoleTitle,
  Pager,
  pageCount,
} from './ui';

const FILTER_KEYS = ['q', 'active', 'page'] as const;

/**
 * /admin/coupons: every coupon, newest first, 25 a page, with its uses (held by unpaid checkouts,
 * counted once paid); a search and an active/paused filter kept in the address; each row pauses
 * or resumes its coupon in place and opens its form.
 */
export function CouponsScreen() {
  useConsoleTitle('Coupons');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const filters: CouponFilters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]),
  );
  const list = useQuery(couponsQuery(token, filters));
  const apply = (next: CouponFilters) =>
    setParams(
      Object.entries({ ...filters, ...next }).filter((entry): entry is [string, string] =>
        Boolean(entry[1]),
      ),
    );
  const filtered = Boolean(filters.q || filters.active);

  return (
    <>
      <ScreenTitle title="Coupons">
        <Link to="/admin/coupons/new" className={PRIMARY}>
          <Plus size={16} aria-hidden />
          New coupon
        </Link>
      </ScreenTitle>
      <Filters filters={filters} onApply={(next) => apply({ ...next, page: undefined })} />
      {list.isPending ? (
        <Loading label="Loading coupons" />
      ) : list.isError ? (
        <Failed message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <Results
          data={list.data}
          filtered={filtered}
          busy={list.isFetching}
          onPage={(page) => apply({ page: page > 1 ? String(page) : undefined })}
        />
      )}
    </>
  );
}

function Filters({
  filters,
  onApply,
}: {
  filters: CouponFilters;
  onApply: (filters: CouponFilters) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onApply({ q: read('q'), active: read('active') });
  };
  return (
    <form
      onSubmit={submit}
      // Remounted when the address changes, so Back shows the filters it had.
      key={JSON.stringify(filters)}
      className="mb-4 grid grid-cols-[1fr_auto] gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:grid-cols-[2fr_1fr_auto]"
      role="search"
      aria-label="Filter coupons"
    >
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor="coupons-q" className={LABEL}>
          Code or description
        </label>
        <input
          id="coupons-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ''}
          className={`${INPUT} mt-1.5`}
        />
      </div>
      <div>
        <label htmlFor="coupons-active" className={LABEL}>
          Showing
        </label>
        <select
          id="coupons-active"
          name="active"
          defaultValue={filters.active ?? ''}
          className={`${INPUT} mt-1.5`}
        >
          <option value="">All coupons</option>
          <option value="true">Active only</option>
          <option value="false">Paused only</option>
        </select>
      </div>
      <div className="flex items-end">
        <button type="submit" className={`${SECONDARY} w-full`}>
          Apply
        </button>
      </div>
    </form>
  );
}

function Results({
  data,
  filtered,
  busy,
  onPage,
}: {
  data: AdminCouponsResponse;
  filtered: boolean;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { coupons, total, page, pageSize } = data;
  const pages = pageCount(total, pageSize);
  if (coupons.length === 0) {
    return (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        <Nothing>
          {filtered ? 'No coupon matches these filters.' : 'No coupons yet: create the first.'}
        </Nothing>
      </div>
    );
  }
  return (
    <div aria-busy={busy}>
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        <p className="border-b border-stone-200 px-4 py-3 text-sm text-stone-700">
          {total} {total === 1 ? 'coupon' : 'coupons'}
        </p>
        <ul className="divide-y divide-stone-200">
          {coupons.map((coupon) => (
            <Row key={coupon.id} coupon={coupon} />
          ))}
        </ul>
      </div>
      {pages > 1 && (
        <Pager page={page} pages={pages} onPage={onPage}>
          Page {page} of {pages}
        </Pager>
      )}
    </div>
  );
}

/** One coupon: its code (opening its form), status, terms, limits, window and uses, and a toggle. */
function Row({ coupon }: { coupon: AdminCoupon }) {
  const client = useQueryClient();
  const toggle = useAction({
    mutationFn: () => couponActions.update(coupon.id, { active: !coupon.active }),
    onSuccess: (answer) => {
      notify.success(answer.message ?? 'Saved');
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : 'That did not go through'),
  });
  const { held, counted } = coupon.uses;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link
            to={`/admin/coupons/${coupon.id}`}
            className="inline-flex min-h-11 items-center font-mono font-semibold text-maroon-700 underline-offset-4 hover:underline"
            aria-label={`Edit coupon ${coupon.code}`}
          >
            {coupon.code}
          </Link>
          <CouponStatusBadge status={coupon.status} />
          <span className="ml-auto text-sm text-stone-800" data-testid="coupon-uses">
            <span className="font-semibold">{counted}</span> used
            {coupon.totalLimit !== null && ` of ${coupon.totalLimit}`}
            {held > 0 && ` · ${held} held`}
          </span>
        </div>
        <p className="text-sm text-stone-800">{couponTerms(coupon)}</p>
        <p className="mt-0.5 text-sm text-stone-600">
          {couponLimits(coupon)} · {couponWindow(coupon)}
        </p>
        {coupon.description && (
          <p className="mt-0.5 truncate text-sm text-stone-600">{coupon.description}</p>
        )}
      </div>
      <button
        type="button"
        className={`${SECONDARY} shrink-0 sm:w-32`}
        disabled={toggle.isPending}
        aria-label={`${coupon.active ? 'Pause' : 'Resume'} coupon ${coupon.code}`}
        onClick={() => toggle.mutate()}
      >
        {coupon.active ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
        {coupon.active ? 'Pause' : 'Resume'}
      </button>
    </li>
  );
}
