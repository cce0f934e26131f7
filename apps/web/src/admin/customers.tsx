import { useQuery } from '@tanstack/react-query';
import type { AdminCustomersResponse, CustomerRow } from '@pehnava/shared';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import type { FromList } from './customer';
import { PlanBadge, RoleBadge, onDay } from './customer-badges';
import { customersQuery, type CustomerFilters } from './customers-api';
import {
  Failed,
  INPUT,
  LABEL,
  Loading,
  Nothing,
  PRIMARY,
  ScreenTitle,
  money,
  useConsoleTitle,
  Pager,
  pageCount,
} from './ui';

/**
 * /admin/customers: find a customer by name, e-mail or phone (issue [K]). The search and page are
 * kept in the address, so Back and a reload show the same list; paged on the server, 25 a page.
 */
export function CustomersScreen() {
  useConsoleTitle('Customers');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const filters: CustomerFilters = {
    q: params.get('q') ?? undefined,
    page: params.get('page') ?? undefined,
  };
  const list = useQuery(customersQuery(token, filters));
  const apply = (next: CustomerFilters) =>
    setParams(
      Object.entries({ ...filters, ...next }).filter((entry): entry is [string, string] =>
        Boolean(entry[1]),
      ),
    );

  return (
    <>
      <ScreenTitle title="Customers" />
      <SearchForm q={filters.q} onSearch={(q) => apply({ q, page: undefined })} />
      {list.isPending ? (
        <Loading label="Loading customers" />
      ) : list.isError ? (
        <Failed message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <Results
          data={list.data}
          q={filters.q}
          busy={list.isFetching}
          onPage={(page) => apply({ page: page > 1 ? String(page) : undefined })}
        />
      )}
    </>
  );
}

function SearchForm({ q, onSearch }: { q?: string; onSearch: (q?: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onSearch(value || undefined);
  };
  return (
    <form
      onSubmit={submit}
      // Remounted when the address changes, so Back shows the search it had.
      key={q ?? ''}
      role="search"
      aria-label="Find a customer"
      className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5"
    >
      <label htmlFor="customers-q" className={LABEL}>
        Name, e-mail or phone
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id="customers-q"
          name="q"
          type="search"
          defaultValue={q ?? ''}
          autoComplete="off"
          aria-describedby="customers-q-hint"
          className={`${INPUT} min-w-0 flex-1`}
        />
        <button type="submit" className={`${PRIMARY} shrink-0`}>
          <Search size={16} aria-hidden />
          Search
        </button>
      </div>
      <p id="customers-q-hint" className="mt-1.5 text-xs text-stone-600">
        Any part of a name or e-mail; a phone by 4 digits or more, +91 and spaces ignored.
      </p>
    </form>
  );
}

function Results({
  data,
  q,
  busy,
  onPage,
}: {
  data: AdminCustomersResponse;
  q?: string;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { customers, total, page, pageSize } = data;
  const pages = pageCount(total, pageSize);
  if (customers.length === 0) {
    return (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        <Nothing>
          {q
            ? `No customer matches “${q}”. Check the spelling, or try part of the e-mail or the last digits of the phone.`
            : page > 1
              ? 'No customers on this page.'
              : 'No customers yet.'}
        </Nothing>
      </div>
    );
  }
  return (
    <div aria-busy={busy}>
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        <p className="border-b border-stone-200 px-4 py-2.5 text-sm text-stone-700">
          {total} {total === 1 ? 'customer' : 'customers'}
          {q && ` matching “${q}”`}
        </p>
        <ul className="divide-y divide-stone-200">
          {customers.map((customer) => (
            <Row key={customer.id} customer={customer} />
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

function Row({ customer }: { customer: CustomerRow }) {
  // The customer's page links back to this very list (its search and page).
  const { search } = useLocation();
  const from: FromList = { list: `/admin/customers${search}` };
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={`/admin/customers/${customer.id}`}
          state={from}
          className="font-semibold text-maroon-700 underline-offset-4 hover:underline"
        >
          {customer.name}
        </Link>
        <RoleBadge role={customer.role} />
        <PlanBadge plan={customer.plan} />
        {customer.amountDue > 0 && (
          <span className="ml-auto text-sm font-semibold text-red-800">
            {money(customer.amountDue)} due
          </span>
        )}
      </div>
      {/* A long e-mail breaks (at a hyphen or dot first) rather than push the row wider. */}
      <p className="mt-1 text-sm wrap-anywhere text-stone-700">{customer.email}</p>
      <p className="mt-0.5 text-sm text-stone-600">
        {customer.phone || 'No phone'} · {customer.bookings}{' '}
        {customer.bookings === 1 ? 'paid booking' : 'paid bookings'} · joined{' '}
        {onDay(customer.createdAt)}
      </p>
    </li>
  );
}
