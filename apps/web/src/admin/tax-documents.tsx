import { useQuery } from '@tanstack/react-query';
import { formatRupeesWithPaise, type TaxDocument } from '@pehnava/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { taxDocumentsQuery } from './api';
import { downloadPdf } from './files';
import { Badge, Failed, Loading, Nothing, Panel, SECONDARY } from './ui';

/*
 * A booking's GST tax invoices and credit notes on its page (issue [P] §1, decision 083): each as
 * issued, with its PDF, the very file the shopper downloads.
 */

const KINDS = {
  invoice: { label: 'Tax invoice', tone: 'bg-green-100 text-green-900' },
  'credit-note': { label: 'Credit note', tone: 'bg-amber-100 text-amber-900' },
} as const;

const paise = formatRupeesWithPaise;
const dated = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 2026-11-29 → 29 Nov 2026, as the documents write dates. */
const documentDay = (iso: string) => dated.format(new Date(`${iso}T00:00:00Z`));
/** 18 → '18%', 9 → '9%', 2.5 → '2.5%'. */
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

const documentsPath = (bookingId: string, number?: string) =>
  `/admin/bookings/${encodeURIComponent(bookingId)}/tax-documents${
    number ? `?number=${encodeURIComponent(number)}` : ''
  }`;

/** Fetch a PDF with the operator's token and save it; a failure is said in a toast. */
function usePdf() {
  const [fetching, setFetching] = useState<string>();
  const download = async (key: string, path: string, fallbackName: string) => {
    setFetching(key);
    try {
      await downloadPdf(path, fallbackName);
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setFetching(undefined);
    }
  };
  return { fetching, download };
}

/**
 * `bookingNumber` is the page's own (the admin booking answer's): the shared helper that makes it
 * lives in the shop's checkout chunk, which the console must not import (decision 053).
 */
export function TaxDocuments({
  bookingId,
  bookingNumber,
}: {
  bookingId: string;
  bookingNumber: string;
}) {
  const token = useToken() ?? '';
  const documents = useQuery(taxDocumentsQuery(token, bookingId));
  const { fetching, download } = usePdf();
  const all = documents.data && documents.data.length > 1 && (
    <button
      type="button"
      // A 44 px target that reaches into the header's padding, so the header keeps its height.
      className="-my-3 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-maroon-700 underline-offset-4 hover:underline disabled:opacity-60"
      disabled={fetching !== undefined}
      onClick={() =>
        void download(
          'all',
          documentsPath(bookingId),
          `pehnava-booking-${bookingNumber}-tax-documents.pdf`,
        )
      }
    >
      <Download size={16} aria-hidden />
      {fetching === 'all' ? 'Preparing…' : 'All as one PDF'}
    </button>
  );
  return (
    <Panel title="Tax documents" count={documents.data?.length} action={all}>
      {documents.isPending ? (
        <Loading label="Loading the tax documents" />
      ) : documents.isError ? (
        <div className="p-4">
          <Failed message={documents.error.message} onRetry={() => void documents.refetch()} />
        </div>
      ) : documents.data.length === 0 ? (
        <Nothing>No tax invoice yet: one is issued when a payment is applied.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200" data-testid="console-tax-documents">
          {documents.data.map((document) => (
            <Document
              key={document.number}
              document={document}
              fetching={fetching === document.number}
              disabled={fetching !== undefined}
              onDownload={() =>
                void download(
                  document.number,
                  documentsPath(bookingId, document.number),
                  `${document.number.replaceAll('/', '-')}.pdf`,
                )
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Document({
  document,
  fetching,
  disabled,
  onDownload,
}: {
  document: TaxDocument;
  fetching: boolean;
  disabled: boolean;
  onDownload: () => void;
}) {
  const kind = KINDS[document.kind];
  const half = percent(document.ratePercent / 2);
  const figures: [string, number][] = [
    ['Taxable value', document.taxableValue],
    ...(document.supply === 'intra-state'
      ? ([
          [`CGST ${half}`, document.cgst],
          [`SGST ${half}`, document.sgst],
        ] as [string, number][])
      : ([[`IGST ${percent(document.ratePercent)}`, document.igst]] as [string, number][])),
    ['Total', document.total],
  ];
  return (
    <li className="px-4 py-3 text-sm">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-mono font-semibold text-stone-900">{document.number}</span>
            <Badge tone={kind.tone}>{kind.label}</Badge>
          </div>
          <p className="mt-1 text-stone-700">
            <span className="whitespace-nowrap">{documentDay(document.date)}</span> ·{' '}
            <span className="whitespace-nowrap">
              {document.placeOfSupply.state} ({document.placeOfSupply.stateCode})
            </span>
            {document.against && (
              <>
                {' '}
                ·{' '}
                <span className="whitespace-nowrap">
                  against <span className="font-mono">{document.against.number}</span>
                </span>
              </>
            )}
          </p>
        </div>
        <button
          type="button"
          className={`${SECONDARY} shrink-0 px-3`}
          disabled={disabled}
          onClick={onDownload}
          aria-label={`Download ${kind.label.toLowerCase()} ${document.number} (PDF)`}
        >
          <Download size={16} aria-hidden />
          {fetching ? 'Preparing…' : 'PDF'}
        </button>
      </div>
      <dl className="mt-2.5 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-stone-50 px-3 py-2 sm:grid-cols-4">
        {figures.map(([label, amount]) => (
          <div key={label}>
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd
              className={`tabular-nums ${label === 'Total' ? 'font-semibold text-stone-900' : 'font-medium text-stone-800'}`}
            >
              {paise(amount)}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
