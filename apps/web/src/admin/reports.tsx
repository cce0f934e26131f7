import { useQuery } from '@tanstack/react-query';
import {
  REPORT_EXPORTS,
  REPORT_GROUPINGS,
  addDays,
  todayInIndia,
  type ReportResponse,
} from '@pehnava/shared';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { ApiError, apiGet } from '../lib/api-client';
import { notify } from '../lib/notify';
import { getToken, useToken } from '../lib/session';
import { CONSOLE_MESSAGES } from './api';
import { downloadCsv } from './csv';
import {
  Failed,
  INPUT,
  LABEL,
  Loading,
  Nothing,
  Panel,
  SECONDARY,
  ScreenTitle,
  money,
  shortDay,
  useConsoleTitle,
} from './ui';

const EXPORT_LABELS: Record<(typeof REPORT_EXPORTS)[number], string> = {
  bookings: 'Bookings paid',
  payments: 'Payments',
  refunds: 'Refunds',
};

/** Fetch an export as the file it is (the API answers CSV, not JSON). */
async function fetchExport(kind: string, from: string, to: string): Promise<string> {
  const token = getToken();
  const res = await fetch(`/api/admin/reports/export?kind=${kind}&from=${from}&to=${to}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined);
  if (!res) throw new ApiError(0, CONSOLE_MESSAGES.loadFailed);
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(res.status, body?.message ?? CONSOLE_MESSAGES.loadFailed);
  }
  // The file starts with a byte-order mark for spreadsheets; downloadCsv adds its own.
  return (await res.text()).replace(/^\ufeff/, '');
}

/**
 * /admin/reports?from=&to=&by=: money in and out by day, week or month; late returns; the pieces
 * that earn most; and the accountant's CSV files with GST columns.
 */
export function ReportsScreen() {
  useConsoleTitle('Reports');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const today = todayInIndia(new Date());
  const from = params.get('from') ?? addDays(today, -29);
  const to = params.get('to') ?? today;
  const by = params.get('by') ?? 'day';
  const report = useQuery({
    queryKey: ['console', token, 'reports', from, to, by],
    queryFn: () =>
      apiGet<ReportResponse>(
        `/admin/reports?from=${from}&to=${to}&by=${by}`,
        CONSOLE_MESSAGES.loadFailed,
      ),
    placeholderData: (previous) => previous,
  });
  const [exporting, setExporting] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams({
      from: String(form.get('from')),
      to: String(form.get('to')),
      by: String(form.get('by')),
    });
  };
  const download = async (kind: (typeof REPORT_EXPORTS)[number]) => {
    setExporting(kind);
    try {
      downloadCsv(`pehnava-${kind}-${from}-to-${to}.csv`, await fetchExport(kind, from, to));
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <>
      <ScreenTitle title="Reports" />
      <form
        key={`${from}-${to}-${by}`}
        onSubmit={submit}
        className="mb-4 grid grid-cols-2 items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:grid-cols-[1fr_1fr_1fr_auto]"
        aria-label="Report period"
      >
        <div>
          <label htmlFor="report-from" className={LABEL}>
            From
          </label>
          <input
            id="report-from"
            name="from"
            type="date"
            defaultValue={from}
            className={`${INPUT} mt-1.5`}
          />
        </div>
        <div>
          <label htmlFor="report-to" className={LABEL}>
            To
          </label>
          <input
            id="report-to"
            name="to"
            type="date"
            defaultValue={to}
            className={`${INPUT} mt-1.5`}
          />
        </div>
        <div>
          <label htmlFor="report-by" className={LABEL}>
            By
          </label>
          <select id="report-by" name="by" defaultValue={by} className={`${INPUT} mt-1.5`}>
            {REPORT_GROUPINGS.map((grouping) => (
              <option key={grouping} value={grouping}>
                {grouping}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={SECONDARY}>
          Show
        </button>
      </form>
      {report.isPending ? (
        <Loading label="Adding up" />
      ) : report.isError ? (
        <Failed message={report.error.message} onRetry={() => void report.refetch()} />
      ) : (
        <div
          className="grid items-start gap-5 lg:grid-cols-[2fr_1fr]"
          aria-busy={report.isFetching}
        >
          <Money report={report.data} />
          <div className="space-y-5">
            <Panel title="For the accountant">
              <div className="space-y-2 px-4 py-4">
                <p className="text-sm text-stone-700">
                  CSV files for {shortDay(from)} to {shortDay(to)}, with the taxable value and the
                  GST inside each price at {report.data.gstRatePercent}%.
                </p>
                {REPORT_EXPORTS.map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className={`${SECONDARY} w-full`}
                    disabled={exporting !== undefined}
                    onClick={() => void download(kind)}
                  >
                    <Download size={16} aria-hidden />
                    {exporting === kind ? 'Preparing…' : `${EXPORT_LABELS[kind]} (CSV)`}
                  </button>
                ))}
              </div>
            </Panel>
            <Panel title="Late returns">
              <dl className="grid grid-cols-[1fr_auto] gap-y-1 px-4 py-4 text-sm">
                <dt className="text-stone-700">Pieces back late</dt>
                <dd className="text-right font-semibold">{report.data.lateReturns.pieces}</dd>
                <dt className="text-stone-700">Days late, together</dt>
                <dd className="text-right font-semibold">{report.data.lateReturns.lateDays}</dd>
                <dt className="text-stone-700">Late fees raised</dt>
                <dd className="text-right font-semibold">
                  {money(report.data.lateReturns.lateFees)}
                </dd>
              </dl>
            </Panel>
            <Panel title="Top pieces" count={report.data.topPieces.length}>
              {report.data.topPieces.length === 0 ? (
                <Nothing>No booking was paid in this period.</Nothing>
              ) : (
                <ol className="divide-y divide-stone-200">
                  {report.data.topPieces.map((piece) => (
                    <li key={piece._id} className="flex items-center gap-3 px-4 py-2 text-sm">
                      <Link
                        to={`/admin/units?product=${piece._id}`}
                        className="min-w-0 flex-1 truncate font-medium text-maroon-700 underline-offset-4 hover:underline"
                      >
                        {piece.name}
                      </Link>
                      <span className="text-stone-600">{piece.rentals}×</span>
                      <span className="font-semibold">{money(piece.revenue)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </Panel>
          </div>
        </div>
      )}
    </>
  );
}

/** Refunds are money out, shown with a minus; so is a net below zero. */
const signed = (column: string, rupees: number) =>
  `${(column === 'refunds' ? rupees > 0 : rupees < 0) ? '−' : ''}${money(Math.abs(rupees))}`;

function Money({ report }: { report: ReportResponse }) {
  const columns = ['rentals', 'plans', 'charges', 'refunds', 'net'] as const;
  return (
    <Panel title={`Money by ${report.by}`}>
      {report.rows.length === 0 ? (
        <Nothing>No money came in or went out in this period.</Nothing>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-right text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                <th scope="col" className="px-4 py-2 text-left font-semibold">
                  {report.by === 'day' ? 'Day' : report.by === 'week' ? 'Week from' : 'Month'}
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold capitalize">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.period} className="border-b border-stone-100">
                  <th scope="row" className="px-4 py-2 text-left font-normal whitespace-nowrap">
                    {report.by === 'month' ? row.period.slice(0, 7) : shortDay(row.period)}
                  </th>
                  {columns.map((column) => (
                    <td key={column} className="px-3 py-2 whitespace-nowrap">
                      {signed(column, row[column])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="px-4 py-2 text-left">
                  Total
                </th>
                {columns.map((column) => (
                  <td key={column} className="px-3 py-2 whitespace-nowrap">
                    {signed(column, report.totals[column])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Panel>
  );
}
