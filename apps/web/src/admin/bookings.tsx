import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  type AdminBooking,
  type AdminBookingsResponse,
} from '@pehnava/shared';
import { Download, Printer, Truck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { bookingActions, bookingsQuery, type BookingFilters } from './api';
import { bookingsCsv, downloadCsv } from './csv';
import {
  ExtendedBadge,
  Failed,
  INPUT,
  LABEL,
  Loading,
  Nothing,
  PaymentBadge,
  SECONDARY,
  ScreenTitle,
  StatusBadge,
  money,
  shortDay,
  shortMoment,
  useConsoleTitle,
  Pager,
  pageCount,
} from './ui';

const FILTER_KEYS = ['status', 'paymentStatus', 'from', 'to', 'q', 'page'] as const;

/**
 * /admin/bookings: every booking, newest first, paged on the server (25 a page), its filters in
 * the address; rows can be selected for bulk actions (move to processing, packing slips, export).
 */
export function BookingsScreen() {
  useConsoleTitle('Bookings');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const filters: BookingFilters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]),
  );
  const list = useQuery(bookingsQuery(token, filters));
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const apply = (next: BookingFilters) => {
    const merged = { ...filters, ...next };
    setParams(
      Object.entries(merged).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    setSelected(new Set());
  };

  return (
    <>
      <ScreenTitle title="Bookings" />
      <Filters filters={filters} onApply={(next) => apply({ ...next, page: undefined })} />
      {list.isPending ? (
        <Loading label="Loading bookings" />
      ) : list.isError ? (
        <Failed message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <Results
          data={list.data}
          selected={selected}
          setSelected={setSelected}
          onPage={(page) => apply({ page: page > 1 ? String(page) : undefined })}
          busy={list.isFetching}
        />
      )}
    </>
  );
}

function Filters({
  filters,
  onApply,
}: {
  filters: BookingFilters;
  onApply: (filters: BookingFilters) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onApply({
      q: read('q'),
      status: read('status'),
      paymentStatus: read('paymentStatus'),
      from: read('from'),
      to: read('to'),
    });
  };
  return (
    <form
      onSubmit={submit}
      // Remounted when the address changes, so Back shows the filters it had.
      key={JSON.stringify(filters)}
      className="mb-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
      role="search"
      aria-label="Filter bookings"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="bookings-q" className={LABEL}>
          Booking number, e-mail or phone
        </label>
        <input
          id="bookings-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ''}
          className={`${INPUT} mt-1.5`}
        />
      </div>
      <div>
        <label htmlFor="bookings-status" className={LABEL}>
          Status
        </label>
        <select
          id="bookings-status"
          name="status"
          defaultValue={filters.status ?? ''}
          className={`${INPUT} mt-1.5`}
        >
          <option value="">Any</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="bookings-payment" className={LABEL}>
          Payment
        </label>
        <select
          id="bookings-payment"
          name="paymentStatus"
          defaultValue={filters.paymentStatus ?? ''}
          className={`${INPUT} mt-1.5`}
        >
          <option value="">Any</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="bookings-from" className={LABEL}>
          Starts from
        </label>
        <input
          id="bookings-from"
          name="from"
          type="date"
          defaultValue={filters.from ?? ''}
          className={`${INPUT} mt-1.5`}
        />
      </div>
      <div>
        <label htmlFor="bookings-to" className={LABEL}>
          Starts by
        </label>
        <input
          id="bookings-to"
          name="to"
          type="date"
          defaultValue={filters.to ?? ''}
          className={`${INPUT} mt-1.5`}
        />
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
  selected,
  setSelected,
  onPage,
  busy,
}: {
  data: AdminBookingsResponse;
  selected: Set<string>;
  setSelected: (next: Set<string>) => void;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  const { bookings, total, page, pageSize } = data;
  const pages = pageCount(total, pageSize);
  const chosen = bookings.filter((b) => selected.has(b._id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allOnPage = bookings.length > 0 && chosen.length === bookings.length;
  if (bookings.length === 0) {
    return (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        <Nothing>No booking matches these filters.</Nothing>
      </div>
    );
  }
  return (
    <div aria-busy={busy}>
      <BulkBar chosen={chosen} onDone={() => setSelected(new Set())} />
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        <div className="flex items-center gap-3 border-b border-stone-200 px-4 py-2 text-sm">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="h-5 w-5 accent-maroon-700"
              checked={allOnPage}
              onChange={() =>
                setSelected(allOnPage ? new Set() : new Set(bookings.map((b) => b._id)))
              }
            />
            Select all on this page
          </label>
          <span className="ml-auto text-stone-700">
            {total} {total === 1 ? 'booking' : 'bookings'}
          </span>
        </div>
        <ul className="divide-y divide-stone-200">
          {bookings.map((booking) => (
            <Row
              key={booking._id}
              booking={booking}
              checked={selected.has(booking._id)}
              onToggle={() => toggle(booking._id)}
            />
          ))}
        </ul>
      </div>
      <Pager page={page} pages={pages} onPage={onPage}>
        Page {page} of {pages}
      </Pager>
    </div>
  );
}

function Row({
  booking,
  checked,
  onToggle,
}: {
  booking: AdminBooking;
  checked: boolean;
  onToggle: () => void;
}) {
  const start = booking.items.map((item) => item.startDate).sort()[0];
  return (
    <li className="flex gap-3 px-4 py-3">
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-maroon-700"
        checked={checked}
        onChange={onToggle}
        aria-label={`Select booking ${booking.bookingNumber}`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link
            to={`/admin/bookings/${booking._id}`}
            className="font-mono font-semibold text-maroon-700 underline-offset-4 hover:underline"
          >
            #{booking.bookingNumber}
          </Link>
          <StatusBadge status={booking.status} />
          <PaymentBadge status={booking.paymentStatus} />
          {booking.extensions && booking.extensions.length > 0 && <ExtendedBadge />}
          <span className="ml-auto font-semibold">{money(booking.totalPrice)}</span>
        </div>
        <p className="mt-1 truncate text-sm text-stone-700">
          {booking.shopper?.name ?? 'Account deleted'}
          {booking.shopper && ` · ${booking.shopper.email}`} · {booking.deliveryAddress.city}
        </p>
        <p className="mt-0.5 text-sm text-stone-600">
          {booking.items.length} {booking.items.length === 1 ? 'piece' : 'pieces'}
          {start && ` · starts ${shortDay(start)}`} · booked {shortMoment(booking.createdAt)}
        </p>
      </div>
    </li>
  );
}

/** Actions on the selected rows. */
function BulkBar({ chosen, onDone }: { chosen: AdminBooking[]; onDone: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  if (chosen.length === 0) return null;
  const moveToProcessing = async () => {
    setMoving(true);
    const skipped: string[] = [];
    let moved = 0;
    for (const booking of chosen) {
      if (booking.status !== 'confirmed') {
        skipped.push(`#${booking.bookingNumber} is ${booking.status}`);
        continue;
      }
      try {
        await bookingActions.advance(booking._id, 'processing');
        moved += 1;
      } catch (error) {
        skipped.push(`#${booking.bookingNumber}: ${(error as Error).message}`);
      }
    }
    setMoving(false);
    void client.invalidateQueries({ queryKey: ['console'] });
    if (moved > 0) notify.success(`${moved} moved to processing`);
    if (skipped.length > 0) notify.error(`Not moved: ${skipped.join('; ')}`);
    onDone();
  };
  return (
    <div
      role="region"
      aria-label="Selected bookings"
      className="console-no-print sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-xl bg-maroon-900 px-4 py-2 text-white shadow"
    >
      <span className="mr-auto text-sm font-medium">{chosen.length} selected</span>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white/15 px-3 text-sm font-semibold hover:bg-white/25 disabled:opacity-60"
        disabled={moving}
        onClick={() => void moveToProcessing()}
      >
        <Truck size={16} aria-hidden />
        {moving ? 'Moving…' : 'Move to processing'}
      </button>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white/15 px-3 text-sm font-semibold hover:bg-white/25"
        onClick={() =>
          void navigate(`/admin/slips?ids=${chosen.map((booking) => booking._id).join(',')}`)
        }
      >
        <Printer size={16} aria-hidden />
        Packing slips
      </button>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white/15 px-3 text-sm font-semibold hover:bg-white/25"
        onClick={() => downloadCsv('pehnava-bookings.csv', bookingsCsv(chosen))}
      >
        <Download size={16} aria-hidden />
        Export CSV
      </button>
    </div>
  );
}
