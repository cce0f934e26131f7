import {
  formatRupees,
  type BookingStatus,
  type ChargeKind,
  type PaymentStatus,
} from '@pehnava/shared';
import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';

/*
 * The console's small building blocks: compact, high-contrast, with touch targets of at least
 * 44 px, for a phone at the packing table as much as a desk.
 */

export const BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed disabled:opacity-60';
export const PRIMARY = `${BUTTON} bg-maroon-700 text-white hover:bg-maroon-900`;
export const SECONDARY = `${BUTTON} border border-stone-300 bg-white text-stone-800 hover:border-maroon-700 hover:text-maroon-700`;
export const DANGER = `${BUTTON} border border-red-300 bg-white text-red-800 hover:bg-red-50`;
export const INPUT =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20';
export const LABEL = 'block text-sm font-medium text-stone-800';

const STATUS_TONES: Record<BookingStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  confirmed: 'bg-blue-100 text-blue-900',
  processing: 'bg-purple-100 text-purple-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
};
const PAYMENT_TONES: Record<PaymentStatus, string> = {
  completed: 'bg-green-100 text-green-900',
  pending: 'bg-yellow-100 text-yellow-900',
  failed: 'bg-red-100 text-red-900',
};

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}
    >
      {children}
    </span>
  );
}

export const StatusBadge = ({ status }: { status: BookingStatus }) => (
  <Badge tone={STATUS_TONES[status]}>{status}</Badge>
);
export const PaymentBadge = ({ status }: { status: PaymentStatus }) => (
  <Badge tone={PAYMENT_TONES[status]}>payment {status}</Badge>
);

/** What each kind of charge is called, as the shop names it to the shopper. */
export const CHARGE_KIND_LABELS: Record<ChargeKind, string> = {
  'late-fee': 'Late fee',
  purchase: 'Kept: purchase',
  damage: 'Damage',
  'backup-worn': 'Back-up worn',
};

/** A booking the shopper kept longer (an extension was applied): its return date moved. */
export const ExtendedBadge = () => <Badge tone="bg-teal-100 text-teal-900">Extended</Badge>;

/** A titled block of a screen (a labelled region), with a count and an optional action. */
export function Panel({
  title,
  count,
  action,
  children,
  id,
}: {
  title: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
  /** The section's id, for links to it (#send-today). */
  id?: string;
}) {
  const headingId = `${useId()}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl bg-white shadow-sm ring-1 ring-black/5"
    >
      <header className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-stone-900">
          {title}
        </h2>
        {count !== undefined && (
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
            {count}
          </span>
        )}
        {action && <div className="ml-auto">{action}</div>}
      </header>
      <div>{children}</div>
    </section>
  );
}

/** A panel's "nothing here" line. */
export const Nothing = ({ children }: { children: ReactNode }) => (
  <p className="px-4 py-5 text-sm text-stone-600">{children}</p>
);

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p role="status" data-loading className="flex items-center gap-2 px-4 py-8 text-stone-600">
      <Loader2 size={18} className="animate-spin" aria-hidden />
      {label}…
    </p>
  );
}

export function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="rounded-xl bg-white px-4 py-6 shadow-sm ring-1 ring-red-200">
      <p role="alert" className="text-red-800">
        {message}
      </p>
      <button type="button" className={`${SECONDARY} mt-4`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A screen's heading row. */
export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <h1 className="font-display text-2xl text-maroon-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

/** ₹ with Indian grouping, as the shop shows money everywhere. */
export const money = formatRupees;

const day = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** 2026-12-03 → 3 Dec. */
export const shortDay = (iso: string): string => day.format(new Date(`${iso}T00:00:00Z`));

const moment = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
export const shortMoment = (instant: string): string => moment.format(new Date(instant));

/** The tab's title: "Today · Pehnava Ops". */
export function useConsoleTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Pehnava Ops`;
  }, [title]);
}

/**
 * A list's pages: back and forward buttons around `children` (e.g. 'Page 2 of 5'). Newest-first
 * lists say Newer and Older; others name the directions with `words`.
 */
export function Pager({
  page,
  pages,
  onPage,
  label = 'Pages',
  words = ['Newer', 'Older'],
  className = 'mt-4',
  children,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
  words?: [string, string];
  className?: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-3 ${className}`}>
      <button
        type="button"
        className={SECONDARY}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft size={16} aria-hidden />
        {words[0]}
      </button>
      <span className="text-sm text-stone-700">{children}</span>
      <button
        type="button"
        className={SECONDARY}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {words[1]}
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}

/** How many pages `total` rows make, at least one. */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));
