import { useQuery } from '@tanstack/react-query';
import {
  REPORT_EXPORTS,
  REPORT_GROUPINGS,
  addDays,
  formatRupeesWithPaise,
  todayInIndia,
  type ReportResponse,
} from '@pehnava/shared';
import { Download } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { apiGet } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { CONSOLE_MESSAGES } from './api';
import { downloadCsv } from './csv';
import { downloadPdf, fetchFile } from './files';
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
  const { blob } = await fetchFile(
    `/admin/reports/export?kind=${kind}&from=${from}&to=${to}`,
    'text/csv',
  );
  // The file starts with a byte-order mark for spreadsheets; downloadCsv adds its own.
  return (await blob.text()).replace(/^\ufeff/, '');
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
          {/* min-w-0: a wide table scrolls in its panel instead of widening the page. */}
          <div className="min-w-0 space-y-5">
            <Money report={report.data} />
            <Gst report={report.data} />
          </div>
          <div className="min-w-0 space-y-5">
            <Panel title="For the accountant">
              <div className="space-y-2 px-4 py-4">
                <p className="text-sm text-stone-700">
                  CSV files for {shortDay(from)} to {shortDay(to)}: each payment with its tax
                  invoice, each refund with its credit note, and their taxable value and GST (CGST +
                  SGST or IGST).
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
                <FindDocument />
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

/**
 * A table that may be wider than a phone: it scrolls sideways within its panel, and takes the
 * focus so the keyboard can scroll it too.
 */
function ScrollsSideways({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-maroon-700"
    >
      {children}
    </div>
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
        <ScrollsSideways label={`Table of money by ${report.by}`}>
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
        </ScrollsSideways>
      )}
    </Panel>
  );
}

/**
 * The period's GST as its tax documents have it (decision 083): invoices, credit notes, and the
 * one less the other, to the paisa: what the CSV files add up to.
 */
function Gst({ report }: { report: ReportResponse }) {
  const { invoices, creditNotes, net } = report.gst;
  const lines = [
    ['taxableValue', 'Taxable value'],
    ['cgst', 'CGST'],
    ['sgst', 'SGST'],
    ['igst', 'IGST'],
    // Not 'Total': the money table's last row is.
    ['total', 'Value with GST'],
  ] as const;
  return (
    <Panel title="GST in the tax documents">
      {invoices.count + creditNotes.count === 0 ? (
        <Nothing>No tax invoice or credit note was issued in this period.</Nothing>
      ) : (
        <ScrollsSideways label="Table of GST in the tax documents">
          <table className="w-full text-right text-sm tabular-nums">
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                <td className="py-2 pr-2 pl-4" />
                <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
                  Invoices <span className="font-normal">({invoices.count})</span>
                </th>
                <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
                  Credit notes <span className="font-normal">({creditNotes.count})</span>
                </th>
                <th scope="col" className="py-2 pr-4 pl-2 font-semibold sm:pl-3">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map(([key, label]) => (
                <tr
                  key={key}
                  className={key === 'total' ? 'font-semibold' : 'border-b border-stone-100'}
                >
                  <th scope="row" className="py-2 pr-2 pl-4 text-left font-normal">
                    {label}
                  </th>
                  <td className="px-2 py-2 whitespace-nowrap sm:px-3">
                    {formatRupeesWithPaise(invoices[key])}
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap sm:px-3">
                    {creditNotes[key] > 0 ? '−' : ''}
                    {formatRupeesWithPaise(creditNotes[key])}
                  </td>
                  <td className="py-2 pr-4 pl-2 whitespace-nowrap sm:pl-3">
                    {net[key] < 0 ? '−' : ''}
                    {formatRupeesWithPaise(Math.abs(net[key]))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollsSideways>
      )}
    </Panel>
  );
}

/** One tax invoice or credit note by its number (a plan's, which no booking lists), as its PDF. */
function FindDocument() {
  const [number, setNumber] = useState('');
  const [fetching, setFetching] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = number.trim().toUpperCase();
    if (!wanted) return;
    setFetching(true);
    try {
      await downloadPdf(
        `/admin/tax-documents?number=${encodeURIComponent(wanted)}`,
        `${wanted.replaceAll('/', '-')}.pdf`,
      );
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setFetching(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="border-t border-stone-200 pt-3"
      aria-label="A tax document by number"
    >
      <label htmlFor="document-number" className={LABEL}>
        A tax invoice or credit note by number
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id="document-number"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          placeholder="PHN/26-27/000123"
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          className={`${INPUT} min-w-0 font-mono`}
        />
        <button type="submit" className={SECONDARY} disabled={fetching || !number.trim()}>
          <Download size={16} aria-hidden />
          {fetching ? 'Preparing…' : 'PDF'}
        </button>
      </div>
    </form>
  );
}
