import { useQuery } from '@tanstack/react-query';
import {
  formatRupees,
  type BookingInvoicesResponse,
  type TaxDocument,
  type TaxDocumentKind,
  dateFormatsIn,
  type DateFormats,
} from '@pehnava/shared';
import { ArrowDownToLine, FileMinus, FileText, Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { bookingsMessages } from '../../i18n/bookings';
import { useMessages, useLanguage } from '../../i18n/messages';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ACCOUNT_QUERY_KEY, useToken } from '../../lib/session';
import { taxDocumentPdf, taxDocuments } from './api';

/**
 * A booking's tax invoices and credit notes (decision 081), asked for only when they are shown (a
 * card's Invoices panel, the details). Kept under the bookings' key, so whatever refreshes the
 * bookings (a cancellation, a balance or an extension paid) refreshes them too; never taken as
 * fresh, as a payment or refund made elsewhere adds one.
 */
export const taxDocumentsQuery = (token: string, bookingId: string, failed: string) => ({
  queryKey: [ACCOUNT_QUERY_KEY, token, 'bookings', bookingId, 'tax-documents'] as const,
  queryFn: () => taxDocuments(bookingId, failed),
  staleTime: 0,
});

/** What each kind of document is called: its message in My Bookings' catalogue. */
export const TAX_DOCUMENT_KINDS_SAID = {
  invoice: 'taxInvoice',
  'credit-note': 'creditNote',
} as const satisfies Record<TaxDocumentKind, string>;

/** '29 Nov 2026': the day a document was issued (a date in India), in the page's language. */
const issuedOn = (date: string, dates: DateFormats) => dates.dateInIndia(`${date}T00:00:00+05:30`);

/** Invoices first, then credit notes, each oldest first (as the server lists them). */
const inOrder = (answer: BookingInvoicesResponse): TaxDocument[] => [
  ...answer.invoices,
  ...answer.creditNotes,
];

/**
 * Hand `blob` to the browser as a download named `fileName`: an object URL on a link made for the
 * purpose, next to the button pressed (a page behind an open dialog is inert), then let go. The
 * URL is revoked a while later, not at once: a browser may still be reading it after the click
 * returns (FileSaver.js waits 40 s for the same reason).
 */
function saveFile(blob: Blob, fileName: string, beside: HTMLElement) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  beside.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

function DocumentRow({
  document,
  busy,
  onDownload,
}: {
  document: TaxDocument;
  busy: boolean;
  onDownload: (beside: HTMLElement) => void;
}) {
  const m = useMessages(bookingsMessages);
  const dates = dateFormatsIn(useLanguage());
  const Icon = document.kind === 'invoice' ? FileText : FileMinus;
  return (
    <li data-testid="tax-document">
      <button
        type="button"
        // Not `disabled`, which would throw the keyboard's focus out of the list (or the dialog).
        aria-disabled={busy}
        aria-busy={busy}
        onClick={(event) => {
          if (!busy) onDownload(event.currentTarget.parentElement!);
        }}
        className="group flex w-full items-center gap-3 px-3.5 py-3 text-left transition hover:bg-maroon-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-maroon-700 aria-disabled:cursor-progress aria-disabled:hover:bg-transparent sm:px-4"
      >
        <span
          aria-hidden
          className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
            document.kind === 'invoice'
              ? 'bg-maroon-50 text-maroon-700'
              : 'bg-stone-100 text-stone-600'
          }`}
        >
          <Icon size={18} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-stone-900">
            <span className="sr-only">{m.download()} </span>
            <span data-testid="tax-document-kind">
              {m[TAX_DOCUMENT_KINDS_SAID[document.kind]]()}
            </span>{' '}
            <span className="whitespace-nowrap tabular-nums" data-testid="tax-document-number">
              {document.number}
            </span>
          </span>
          <span className="mt-0.5 block text-xs text-stone-500">
            {issuedOn(document.date, dates)} · {formatRupees(document.total)}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-maroon-700 group-aria-disabled:text-stone-500">
          {busy ? (
            <>
              <Loader2 size={16} aria-hidden className="animate-spin" />
              <span className="hidden sm:inline">{m.downloading()}</span>
              <span className="sr-only sm:hidden">{m.downloading()}</span>
            </>
          ) : (
            <>
              <ArrowDownToLine size={16} aria-hidden />
              <span aria-hidden>PDF</span>
            </>
          )}
        </span>
      </button>
    </li>
  );
}

/**
 * The booking's documents, each a download of its PDF (GET /api/booking/{id}/invoice?number=…).
 * A document being fetched shows it and cannot be asked for again until it is done; a failure is
 * a toast with the server's message.
 */
export function TaxDocumentList({ bookingId }: { bookingId: string }) {
  const m = useMessages(bookingsMessages);
  const token = useToken();
  const documents = useQuery({
    ...taxDocumentsQuery(token ?? '', bookingId, m.invoicesFailed()),
    enabled: Boolean(token),
  });
  // The ref refuses a second press at once; the state shows which are on their way.
  const running = useRef(new Set<string>());
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());

  async function download(number: string, beside: HTMLElement) {
    if (running.current.has(number)) return;
    running.current.add(number);
    setDownloading(new Set(running.current));
    try {
      const { blob, fileName } = await taxDocumentPdf(bookingId, number, m.downloadFailed());
      saveFile(blob, fileName, beside);
    } catch (error) {
      // A 401 has ended the session, which says so itself.
      if (!(error instanceof ApiError && error.status === 401)) {
        notify.error((error as Error).message);
      }
    } finally {
      running.current.delete(number);
      setDownloading(new Set(running.current));
    }
  }

  if (documents.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-stone-600" aria-busy="true">
        <Loader2 size={16} aria-hidden className="animate-spin" />
        {m.loadingInvoices()}
      </p>
    );
  }
  if (documents.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p role="alert" className="text-red-700">
          <ShopperMessage text={documents.error.message} />
        </p>
        <button
          type="button"
          className="font-medium text-maroon-700 underline underline-offset-2"
          onClick={() => void documents.refetch()}
        >
          {m.tryAgain()}
        </button>
      </div>
    );
  }
  const list = inOrder(documents.data);
  if (list.length === 0) {
    return (
      <p className="text-sm text-stone-600" data-testid="tax-documents-none">
        {m.noTaxInvoice()}
      </p>
    );
  }
  return (
    <ul
      className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200"
      data-testid="tax-documents"
    >
      {list.map((document) => (
        <DocumentRow
          key={document.number}
          document={document}
          busy={downloading.has(document.number)}
          onDownload={(beside) => void download(document.number, beside)}
        />
      ))}
    </ul>
  );
}
