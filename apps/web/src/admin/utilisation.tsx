import { useQuery } from '@tanstack/react-query';
import { addDays, todayInIndia } from '@pehnava/shared';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import { utilisationQuery } from './api';
import { Failed, INPUT, LABEL, Loading, Nothing, Panel, SECONDARY, Pager, pageCount } from './ui';

/**
 * Utilisation per product over a chosen period (in the address as `ufrom`, `uto`, `upage`):
 * the days its pieces were out ÷ the days they were in service, most used first.
 */
export function UtilisationPanel() {
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const today = todayInIndia(new Date());
  const from = params.get('ufrom') ?? addDays(today, -29);
  const to = params.get('uto') ?? today;
  const page = Number(params.get('upage') ?? '1') || 1;
  const rows = useQuery(utilisationQuery(token, from, to, page));
  const set = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) merged.set(key, value);
    setParams(merged);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set({ ufrom: String(form.get('from')), uto: String(form.get('to')), upage: '1' });
  };
  return (
    <Panel title="Utilisation: days out ÷ days in service">
      <form
        key={`${from}-${to}`}
        onSubmit={submit}
        className="grid grid-cols-2 items-end gap-3 border-b border-stone-200 px-4 py-3 sm:grid-cols-[1fr_1fr_auto]"
      >
        <div>
          <label htmlFor="utilisation-from" className={LABEL}>
            From
          </label>
          <input
            id="utilisation-from"
            name="from"
            type="date"
            defaultValue={from}
            className={`${INPUT} mt-1.5`}
          />
        </div>
        <div>
          <label htmlFor="utilisation-to" className={LABEL}>
            To
          </label>
          <input
            id="utilisation-to"
            name="to"
            type="date"
            defaultValue={to}
            className={`${INPUT} mt-1.5`}
          />
        </div>
        <button type="submit" className={`${SECONDARY} col-span-2 sm:col-span-1`}>
          Show
        </button>
      </form>
      {rows.isPending ? (
        <Loading label="Counting days" />
      ) : rows.isError ? (
        <div className="p-4">
          <Failed message={rows.error.message} onRetry={() => void rows.refetch()} />
        </div>
      ) : rows.data.products.length === 0 ? (
        <Nothing>No piece was in service in this period.</Nothing>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-stone-200 text-stone-700">
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Product
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-semibold">
                    Pieces
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-semibold">
                    Days out
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Utilisation
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.data.products.map((row) => (
                  <tr key={row._id} className="border-b border-stone-100">
                    <td className="px-4 py-2">
                      <Link
                        to={`/admin/units?product=${row._id}`}
                        className="font-medium text-maroon-700 underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>
                      <span className="block font-mono text-xs text-stone-600">
                        {row.productId}
                      </span>
                    </td>
                    <td className="px-2 py-2 text-right">{row.units}</td>
                    <td className="px-2 py-2 text-right">
                      {row.daysOut} / {row.daysInService}
                    </td>
                    <td className="px-4 py-2">
                      <span className="flex items-center gap-2">
                        <span
                          className="h-2 w-20 overflow-hidden rounded-full bg-stone-200"
                          aria-hidden
                        >
                          <span
                            className="block h-full bg-maroon-700"
                            style={{ width: `${Math.round(row.utilisation * 100)}%` }}
                          />
                        </span>
                        {Math.round(row.utilisation * 100)}%
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={pageCount(rows.data.total, rows.data.pageSize)}
            onPage={(next) => set({ upage: String(next) })}
            label="Utilisation pages"
            words={['Previous', 'Next']}
            className="px-4 py-3"
          >
            Page {page} of {pageCount(rows.data.total, rows.data.pageSize)}
          </Pager>
        </>
      )}
    </Panel>
  );
}
