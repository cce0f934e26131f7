import { useQueries } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Fragment } from 'react';
import { useSearchParams } from 'react-router';
import { useToken } from '../lib/session';
import { bookingQuery } from './api';
import { BackupMark } from './backup-piece';
import { Failed, Loading, PRIMARY, ScreenTitle, shortDay, useConsoleTitle } from './ui';

/** A box to tick at the packing table, on the printed slip. */
const TickBox = () => (
  <span className="inline-block h-5 w-5 rounded border-2 border-stone-500" aria-hidden />
);

/** At most this many slips at once: one page of the bookings list. */
const MOST_SLIPS = 25;

/**
 * /admin/slips?ids=a,b: packing slips of the selected bookings, one to a printed page: where it
 * goes, and each piece by its tag code, to tick off at the packing table.
 */
export function SlipsScreen() {
  useConsoleTitle('Packing slips');
  const token = useToken() ?? '';
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean).slice(0, MOST_SLIPS);
  const bookings = useQueries({ queries: ids.map((id) => bookingQuery(token, id)) });
  if (ids.length === 0) return <p>Select bookings in the list to print their slips.</p>;
  if (bookings.some((b) => b.isPending)) return <Loading label="Preparing the slips" />;
  const failed = bookings.find((b) => b.isError);
  if (failed?.error) {
    return <Failed message={failed.error.message} onRetry={() => void failed.refetch()} />;
  }
  return (
    <>
      <div className="console-no-print">
        <ScreenTitle title={`Packing slips (${ids.length})`}>
          <button type="button" className={PRIMARY} onClick={() => window.print()}>
            <Printer size={16} aria-hidden />
            Print
          </button>
        </ScreenTitle>
      </div>
      <div className="space-y-5 print:space-y-0">
        {bookings.map(({ data: b }) =>
          b ? (
            <article
              key={b._id}
              aria-label={`Packing slip for booking ${b.bookingNumber}`}
              className="break-after-page rounded-xl bg-white p-5 shadow-sm ring-1 ring-black/5 print:rounded-none print:shadow-none print:ring-0"
            >
              <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-300 pb-3">
                <p className="font-display text-xl text-maroon-900">Pehnava</p>
                <p className="font-mono text-lg font-semibold">#{b.bookingNumber}</p>
              </header>
              <section className="mt-3 text-sm">
                <h2 className="font-semibold">Ship to</h2>
                <p>
                  {b.deliveryAddress.name} · {b.deliveryAddress.phone}
                </p>
                <p>
                  {b.deliveryAddress.street}
                  {b.deliveryAddress.landmark && `, ${b.deliveryAddress.landmark}`}
                </p>
                <p>
                  {b.deliveryAddress.city}, {b.deliveryAddress.state} {b.deliveryAddress.pincode}
                </p>
              </section>
              <table className="mt-4 w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-stone-300">
                    <th scope="col" className="py-1.5 pr-2">
                      Packed
                    </th>
                    <th scope="col" className="py-1.5 pr-2">
                      Tag
                    </th>
                    <th scope="col" className="py-1.5 pr-2">
                      Piece
                    </th>
                    <th scope="col" className="py-1.5">
                      Dates
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {b.items.map((item) => (
                    <Fragment key={item._id}>
                      <tr className="border-b border-stone-200 align-top">
                        <td className="py-2 pr-2">
                          <TickBox />
                        </td>
                        <td className="py-2 pr-2 font-mono font-semibold">
                          {item.unitCode ?? '—'}
                        </td>
                        <td className="py-2 pr-2">
                          {item.listingId.name} · size {item.size}
                          {item.quantity > 1 && ` · ${item.quantity} pieces`}
                        </td>
                        <td className="py-2">
                          {shortDay(item.startDate)} to {shortDay(item.endDate)}
                        </td>
                      </tr>
                      {item.backupSize && (
                        <tr
                          className="border-b border-stone-200 bg-amber-50/50 align-top print:bg-white"
                          data-testid="slip-backup"
                        >
                          <td className="py-2 pr-2">
                            <TickBox />
                          </td>
                          <td className="py-2 pr-2 font-mono font-semibold">
                            {item.backupUnitCode ?? '—'}
                          </td>
                          <td className="py-2 pr-2">
                            <BackupMark className="mr-1.5 align-[1px]" />
                            {item.listingId.name} · size {item.backupSize}
                          </td>
                          <td className="py-2">
                            {shortDay(item.startDate)} to {shortDay(item.endDate)}
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  ))}
                </tbody>
              </table>
              <p className="mt-4 text-xs text-stone-600">
                Cleaned and checked before it left us. Return it in the bag it came in by the end
                date; a courier collects it.
              </p>
              {b.items.some((item) => item.backupSize) && (
                <p className="mt-1.5 text-xs text-stone-600">
                  Your back-up size comes sealed: wear the size that fits and send both back. A
                  back-up whose seal is broken is charged its rental price.
                </p>
              )}
            </article>
          ) : null,
        )}
      </div>
    </>
  );
}
